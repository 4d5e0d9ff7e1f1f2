import type { FastifyInstance } from 'fastify';
import type { PaymentOptions } from '../context';
import type { PaymentGateway } from '../lib/payments/gateway';
import { createStripeGateway } from '../lib/payments/stripe-gateway';
import { createTestGateway } from '../lib/payments/test-gateway';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card payment gateway chosen at boot: Stripe with its keys, the test gateway without. */
    payments: PaymentGateway;
    /** PAYMENT_METHODS and OXXO_EXPIRES_DAYS, for the store's services. */
    paymentOptions: PaymentOptions;
  }
}

export function registerPayments(app: FastifyInstance) {
  app.decorate('payments', app.config.stripe ? createStripeGateway(app.config.stripe) : createTestGateway());
  app.decorate('paymentOptions', {
    methods: app.config.paymentMethods,
    oxxoExpiresDays: app.config.oxxoExpiresDays,
  });
}
