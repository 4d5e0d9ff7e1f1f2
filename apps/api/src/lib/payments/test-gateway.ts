import { randomUUID } from 'node:crypto';
import type { CardRefusal, PaymentGateway } from './gateway';

/**
 * The built-in gateway of 'modo de pruebas' (docs/business-rules.md D§5): Stripe's test card numbers and their answers,
 * nothing charged anywhere. Payments are decided at once by the card number, so it keeps no state of its own;
 * the checkout that asked remembers the outcome.
 */
export const TEST_CARDS: Record<string, { ok: true } | { ok: false; reason: CardRefusal }> = {
  '4242424242424242': { ok: true },
  '4000000000000002': { ok: false, reason: 'declined' },
  '4000000000009995': { ok: false, reason: 'insufficient_funds' },
};

export function createTestGateway(): PaymentGateway {
  const refunds = new Map<string, string>();
  return {
    mode: 'test',
    publishableKey: null,
    async createPayment({ idempotencyKey }) {
      return { paymentRef: `test_pi_${idempotencyKey}`, clientSecret: null };
    },
    async getPayment() {
      // A test payment is charged and completed in the same request: there is nothing to ask afterwards.
      return { status: 'requires_action', amountCents: 0 };
    },
    async refund({ idempotencyKey }) {
      // Like Stripe, a repeated idempotency key answers the first refund again.
      let refundRef = refunds.get(idempotencyKey);
      if (!refundRef) {
        refundRef = `test_re_${randomUUID()}`;
        refunds.set(idempotencyKey, refundRef);
      }
      return { refundRef };
    },
    async chargeTestCard(_paymentRef, cardNumber) {
      return TEST_CARDS[cardNumber] ?? { ok: false, reason: 'invalid' };
    },
  };
}
