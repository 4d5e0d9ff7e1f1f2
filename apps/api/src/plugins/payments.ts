import type { FastifyInstance } from 'fastify';
import type { PaymentOptions } from '../context';
import type { PaymentGateway } from '../lib/payments/gateway';
import { createTestGateway } from '../lib/payments/test-gateway';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card payment gateway chosen at boot: Stripe with its keys, the test gateway without. */
    payments: PaymentGateway;
    /** PAYMENT_METHODS and OXXO_EXPIRES_DAYS, for the store's services. */
    paymentOptions: PaymentOptions;
  }
}

/**
 * Stripe's SDK (over 200 modules) is loaded only when its keys are set: a process on test cards starts without it
 * (issue 46: every start of the API paid 0.15–0.26 s for it, and `npm test` starts about thirty).
 */
export async function registerPayments(app: FastifyInstance) {
  const { stripe } = app.config;
  app.decorate(
    'payments',
    stripe
      ? (await import('../lib/payments/stripe-gateway')).createStripeGateway(stripe)
      : createTestGateway(),
  );
  app.decorate('paymentOptions', {
    methods: app.config.paymentMethods,
    oxxoExpiresDays: app.config.oxxoExpiresDays,
  });
}
