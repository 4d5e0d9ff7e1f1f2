import type { TPaymentInstructions } from '@sala/shared/store/store.contract';

/**
 * Online payments behind one interface (docs/business-rules.md D§5, design §9): Stripe when its keys are configured,
 * otherwise the built-in test gateway. The app picks one at boot (plugins/payments.ts); the services never know which.
 * Every call here talks to the provider: never inside a database transaction.
 */
export type PaymentStatus = 'succeeded' | 'processing' | 'requires_action' | 'failed';

export type CardRefusal = 'declined' | 'insufficient_funds' | 'invalid';

/** How the client pays: a card in the page, an OXXO cash voucher, or a SPEI bank transfer (issue 24). */
export type PayMethod = 'card' | 'oxxo' | 'spei';

/** What the client is given to pay later: the OXXO voucher, or the SPEI account (the store contract's shape). */
export type PaymentInstructions = TPaymentInstructions;

/** A SPEI transfer's money as the provider reports it (under- and overpayments stay in the customer's balance). */
export type PaymentFunding = { receivedCents: number; remainingCents: number };

export type WebhookEvent = {
  id: string;
  type: string;
  /** For payment_intent.* events: the payment, the checkout it pays and the amount received (centavos). */
  paymentRef?: string;
  checkoutId?: string;
  amountCents?: number;
  /** SPEI (payment_intent.partially_funded, .succeeded): what arrived and what is missing. */
  funding?: PaymentFunding;
  /** cash_balance.funds_available: a customer's balance not applied to any payment (an overpayment). */
  customerBalance?: { customerRef: string; balanceCents: number };
};

export interface PaymentGateway {
  readonly mode: 'stripe' | 'test';
  /** What the browser needs to confirm a payment itself (Stripe); null for the test gateway. */
  readonly publishableKey: string | null;
  /**
   * Creates (or, with the same idempotency key, finds again) the payment of an amount in centavos, MXN. A card is
   * confirmed later (in the browser, or the test card form); OXXO and SPEI are confirmed here and answer their
   * instructions, valid until `expiresAt`.
   */
  createPayment(input: {
    amountCents: number;
    idempotencyKey: string;
    description: string;
    metadata: Record<string, string>;
    method?: PayMethod;
    /** OXXO and SPEI: who pays (the voucher is in this name; Stripe requires both). */
    payer?: { name: string; email: string };
    /** SPEI: the gateway's customer whose CLABE receives the transfer (createCustomer). */
    customerRef?: string;
    /** OXXO and SPEI: when the voucher or the wait ends (OXXO: the end of a Mexico City day, 1–7 days ahead). */
    expiresAt?: Date;
    /** OXXO: the voucher's life in days, as Stripe takes it. */
    expiresAfterDays?: number;
  }): Promise<{
    paymentRef: string;
    clientSecret: string | null;
    /** OXXO and SPEI: how to pay; null for a card, and for a SPEI payment the client's balance already covered. */
    instructions: PaymentInstructions | null;
    /** 'succeeded' when the payment was made at once (a SPEI payment from the client's balance at Stripe). */
    status: PaymentStatus;
  }>;
  /** SPEI: a customer at the provider for a client (once per client; the idempotency key keeps retries one). */
  createCustomer(input: {
    name: string;
    email: string;
    idempotencyKey: string;
  }): Promise<{ customerRef: string }>;
  /** The payment as the provider sees it now. */
  getPayment(paymentRef: string): Promise<{
    status: PaymentStatus;
    amountCents: number;
    funding?: PaymentFunding;
  }>;
  /**
   * Cancels a payment that was not made (an expired voucher, a pending order the super admin cancels), so no money
   * can complete it any more; answers 'succeeded' when the money had arrived first (nothing cancelled).
   */
  cancelPayment(paymentRef: string): Promise<{ status: 'canceled' | 'succeeded' }>;
  /**
   * Whether the card that paid was a debit or a credit card, as the provider reports it (null: not a card, or not
   * known). Asked when the sale is invoiced (issue 42): a debit card is the SAT's payment form 28, a credit card 04.
   */
  cardFunding(paymentRef: string): Promise<'credit' | 'debit' | null>;
  /** Gives back part or all of a payment (a cancelled order). */
  refund(input: {
    paymentRef: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundRef: string }>;
  /** The test gateway's card form; Stripe's cards are confirmed in the browser. */
  chargeTestCard?(
    paymentRef: string,
    cardNumber: string,
  ): Promise<{ ok: true } | { ok: false; reason: CardRefusal }>;
  /** A provider's signed webhook, verified; throws when the signature does not match. */
  readWebhook?(rawBody: Buffer, signature: string): WebhookEvent;
}

/** The provider could not be reached or refused the request: the checkout cannot start or go on now. */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
}

/** A webhook whose signature does not match. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}
