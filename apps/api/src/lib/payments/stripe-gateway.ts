import Stripe from 'stripe';
import {
  GatewayUnavailableError,
  type PaymentFunding,
  type PaymentGateway,
  type PaymentInstructions,
  type PaymentStatus,
  WebhookSignatureError,
} from './gateway';

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** A local stand-in for tests (stripe-mock style); unset in production. */
  apiUrl?: string;
};

/**
 * Stripe's status as ours. An OXXO voucher that expired unpaid goes back to `requires_payment_method` with the
 * error that says so: a failed payment, like a cancelled one.
 */
const statusOf = (intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>): PaymentStatus => {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'processing') return 'processing';
  if (intent.status === 'canceled') return 'failed';
  // An expired OXXO voucher leaves the intent waiting for another method with the voucher's error: failed. A
  // refused card leaves it waiting for another card (the client may still pay it): not failed. Told apart by the
  // method of the attempt that failed (an account with OXXO on may list it on a card's intent too).
  const failedWith = intent.last_payment_error?.payment_method?.type;
  const payLater = failedWith === 'oxxo' || failedWith === 'customer_balance';
  if (intent.status === 'requires_payment_method' && payLater) return 'failed';
  return 'requires_action';
};

const isoOf = (unixSeconds: number | null | undefined, fallback: Date | undefined) =>
  (unixSeconds ? new Date(unixSeconds * 1000) : (fallback ?? new Date())).toISOString();

/** The voucher or the transfer's account of a confirmed OXXO or SPEI intent (its `next_action`). */
function instructionsOf(
  intent: Stripe.PaymentIntent,
  expiresAt: Date | undefined,
): PaymentInstructions | null {
  const next = intent.next_action;
  if (next?.oxxo_display_details?.number) {
    const voucher = next.oxxo_display_details;
    return {
      kind: 'oxxo',
      number: voucher.number!,
      hostedUrl: voucher.hosted_voucher_url,
      expiresAt: isoOf(voucher.expires_after, expiresAt),
    };
  }
  const transfer = next?.display_bank_transfer_instructions;
  const spei = transfer?.financial_addresses?.find((address) => address.type === 'spei')?.spei;
  if (transfer && spei) {
    return {
      kind: 'spei',
      clabe: spei.clabe,
      bankName: spei.bank_name,
      reference: transfer.reference ?? '',
      // Stripe applies the client's balance first: what is left to transfer.
      amountCents: transfer.amount_remaining ?? intent.amount,
      hostedUrl: transfer.hosted_instructions_url,
      // Stripe keeps a transfer's intent open; our order waits until its own expiry (design §9).
      expiresAt: (expiresAt ?? new Date()).toISOString(),
    };
  }
  return null;
}

/** A SPEI intent's money: what arrived and what is still missing (null for anything else). */
function fundingOf(intent: Stripe.PaymentIntent): PaymentFunding | undefined {
  const remaining = intent.next_action?.display_bank_transfer_instructions?.amount_remaining;
  if (intent.status === 'succeeded' && intent.payment_method_types?.includes('customer_balance'))
    return { receivedCents: intent.amount_received, remainingCents: 0 };
  if (remaining === null || remaining === undefined) return undefined;
  return { receivedCents: intent.amount - remaining, remainingCents: remaining };
}

/** Stripe's PaymentIntents (currency mxn, an idempotency key per checkout) and its signed webhooks. */
export function createStripeGateway(config: StripeConfig): PaymentGateway {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  const unavailable = (error: unknown): never => {
    throw new GatewayUnavailableError((error as Error).message);
  };

  /** The parameters of each method's intent: a card confirmed in the page; OXXO and SPEI confirmed here. */
  function methodParams(
    input: Parameters<PaymentGateway['createPayment']>[0],
  ): Stripe.PaymentIntentCreateParams {
    const base = {
      amount: input.amountCents,
      currency: 'mxn',
      description: input.description,
      metadata: input.metadata,
    };
    if (input.method === 'oxxo') {
      return {
        ...base,
        allowed_payment_method_types: ['oxxo'],
        payment_method_data: { type: 'oxxo', billing_details: input.payer! },
        payment_method_options: { oxxo: { expires_after_days: input.expiresAfterDays ?? 3 } },
        confirm: true,
      };
    }
    if (input.method === 'spei') {
      return {
        ...base,
        customer: input.customerRef!,
        allowed_payment_method_types: ['customer_balance'],
        payment_method_data: { type: 'customer_balance' },
        payment_method_options: {
          customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'mx_bank_transfer' } },
        },
        confirm: true,
      };
    }
    // The card element confirms in the page: no method that leaves it.
    return { ...base, automatic_payment_methods: { enabled: true, allow_redirects: 'never' } };
  }

  return {
    mode: 'stripe',
    publishableKey: config.publishableKey,
    async createPayment(input) {
      const intent = await stripe.paymentIntents
        .create(methodParams(input), { idempotencyKey: input.idempotencyKey })
        .catch(unavailable);
      const later = input.method === 'oxxo' || input.method === 'spei';
      const instructions = later ? instructionsOf(intent, input.expiresAt) : null;
      // SPEI: a client whose cash balance at Stripe covers the amount has paid at once (Stripe applies it).
      if (later && !instructions && intent.status !== 'succeeded')
        throw new GatewayUnavailableError(`${intent.id}: no ${input.method} instructions (${intent.status})`);
      return {
        paymentRef: intent.id,
        clientSecret: later ? null : intent.client_secret,
        instructions,
        status: statusOf(intent),
      };
    },
    async createCustomer({ name, email, idempotencyKey }) {
      const customer = await stripe.customers.create({ name, email }, { idempotencyKey }).catch(unavailable);
      return { customerRef: customer.id };
    },
    async getPayment(paymentRef) {
      const intent = await stripe.paymentIntents.retrieve(paymentRef).catch(unavailable);
      return {
        status: statusOf(intent),
        amountCents: intent.amount_received || intent.amount,
        funding: fundingOf(intent),
      };
    },
    async cardFunding(paymentRef) {
      const intent = await stripe.paymentIntents
        .retrieve(paymentRef, { expand: ['latest_charge'] })
        .catch(unavailable);
      const charge = intent.latest_charge;
      const funding =
        typeof charge === 'object' && charge ? charge.payment_method_details?.card?.funding : null;
      return funding === 'debit' || funding === 'credit' ? funding : null;
    },
    async cancelPayment(paymentRef) {
      try {
        await stripe.paymentIntents.cancel(paymentRef);
        return { status: 'canceled' };
      } catch (error) {
        // Stripe refuses to cancel an intent that succeeded (or is being processed): ask what it is now.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return unavailable(error);
        const intent = await stripe.paymentIntents.retrieve(paymentRef).catch(unavailable);
        if (intent.status === 'succeeded') return { status: 'succeeded' };
        if (intent.status === 'canceled') return { status: 'canceled' };
        return unavailable(error);
      }
    },
    async refund({ paymentRef, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds
        .create({ payment_intent: paymentRef, amount: amountCents }, { idempotencyKey })
        .catch(unavailable);
      return { refundRef: refund.id };
    },
    readWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      const object = event.data.object as { object?: string };
      if (object.object === 'payment_intent') {
        const intent = event.data.object as Stripe.PaymentIntent;
        return {
          id: event.id,
          type: event.type,
          paymentRef: intent.id,
          checkoutId: intent.metadata?.checkoutId,
          amountCents: intent.amount_received || intent.amount,
          funding: fundingOf(intent),
        };
      }
      if (object.object === 'cash_balance') {
        const balance = event.data.object as Stripe.CashBalance;
        return {
          id: event.id,
          type: event.type,
          customerBalance: { customerRef: balance.customer, balanceCents: balance.available?.mxn ?? 0 },
        };
      }
      return { id: event.id, type: event.type };
    },
  };
}
