import Stripe from 'stripe';
import {
  GatewayUnavailableError,
  type PaymentGateway,
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

const statusOf = (status: Stripe.PaymentIntent.Status): PaymentStatus => {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'processing') return 'processing';
  if (status === 'canceled') return 'failed';
  return 'requires_action';
};

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

  return {
    mode: 'stripe',
    publishableKey: config.publishableKey,
    async createPayment({ amountCents, idempotencyKey, description, metadata }) {
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: amountCents,
            currency: 'mxn',
            // The card element confirms in the page: no method that leaves it.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description,
            metadata,
          },
          { idempotencyKey },
        )
        .catch(unavailable);
      return { paymentRef: intent.id, clientSecret: intent.client_secret };
    },
    async getPayment(paymentRef) {
      const intent = await stripe.paymentIntents.retrieve(paymentRef).catch(unavailable);
      return { status: statusOf(intent.status), amountCents: intent.amount_received || intent.amount };
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
      const object = event.data.object as {
        object?: string;
        id?: string;
        metadata?: Record<string, string>;
        amount?: number;
        amount_received?: number;
      };
      return object.object === 'payment_intent'
        ? {
            id: event.id,
            type: event.type,
            paymentRef: object.id,
            checkoutId: object.metadata?.checkoutId,
            amountCents: object.amount_received || object.amount,
          }
        : { id: event.id, type: event.type };
    },
  };
}
