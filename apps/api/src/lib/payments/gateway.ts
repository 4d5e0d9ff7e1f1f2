/**
 * Card payments behind one interface (docs/business-rules.md D§5): Stripe when its keys are configured, otherwise the built-in
 * test gateway. The app picks one at boot (plugins/payments.ts); the services never know which.
 */
export type PaymentStatus = 'succeeded' | 'processing' | 'requires_action' | 'failed';

export type CardRefusal = 'declined' | 'insufficient_funds' | 'invalid';

export type WebhookEvent = {
  id: string;
  type: string;
  /** For payment_intent.* events: the payment, the checkout it pays and the amount received (centavos). */
  paymentRef?: string;
  checkoutId?: string;
  amountCents?: number;
};

export interface PaymentGateway {
  readonly mode: 'stripe' | 'test';
  /** What the browser needs to confirm a payment itself (Stripe); null for the test gateway. */
  readonly publishableKey: string | null;
  /** Creates (or, with the same idempotency key, finds again) the payment of an amount in centavos, MXN. */
  createPayment(input: {
    amountCents: number;
    idempotencyKey: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<{ paymentRef: string; clientSecret: string | null }>;
  /** The payment as the provider sees it now. */
  getPayment(paymentRef: string): Promise<{ status: PaymentStatus; amountCents: number }>;
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
