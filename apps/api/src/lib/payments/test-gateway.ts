import { createHash, randomUUID } from 'node:crypto';
import { stpClabe } from '@sala/shared/store/clabe';
import type { CardRefusal, PaymentGateway, PaymentInstructions } from './gateway';

/**
 * The built-in gateway of 'modo de pruebas' (docs/business-rules.md D§5): Stripe's test card numbers and their answers,
 * nothing charged anywhere. Payments are decided at once by the card number, so it keeps no state of its own (but
 * which card paid, for the invoice's payment form);
 * the checkout that asked remembers the outcome. OXXO and SPEI (issue 24) get a voucher number or a CLABE made
 * from the checkout's id (the same checkout, the same number, in any process); staff confirm them with 'Simular
 * pago', which runs the path a webhook would.
 */
export const TEST_CARDS: Record<string, { ok: true } | { ok: false; reason: CardRefusal }> = {
  '4242424242424242': { ok: true },
  // Stripe's Visa debit test card (issue 42: its invoice says "Tarjeta de débito", form 28).
  '4000056655665556': { ok: true },
  '4000000000000002': { ok: false, reason: 'declined' },
  '4000000000009995': { ok: false, reason: 'insufficient_funds' },
};

/** `count` decimal digits drawn from a key (the same key, the same digits). */
function digitsOf(key: string, count: number): string {
  const hash = createHash('sha256').update(key).digest();
  let digits = '';
  for (let i = 0; digits.length < count; i++) digits += String(hash[i % hash.length]! % 10);
  return digits;
}

/** An 18-digit CLABE at STP (646), Mexico City's plaza (180), with a valid control digit. */
export function testClabe(key: string): string {
  return stpClabe(digitsOf(`clabe:${key}`, 11));
}

function testInstructions(
  method: 'oxxo' | 'spei',
  key: string,
  expiresAt: Date,
  amountCents: number,
): PaymentInstructions {
  if (method === 'oxxo')
    return {
      kind: 'oxxo',
      number: `9300${digitsOf(`oxxo:${key}`, 14)}`,
      hostedUrl: null,
      expiresAt: expiresAt.toISOString(),
    };
  return {
    kind: 'spei',
    clabe: testClabe(key),
    bankName: 'STP',
    reference: digitsOf(`ref:${key}`, 7),
    amountCents,
    hostedUrl: null,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The test cards that are debit cards; every other accepted one is a credit card. */
const DEBIT_TEST_CARDS = new Set(['4000056655665556']);

export function createTestGateway(): PaymentGateway {
  const refunds = new Map<string, string>();
  // What each test card payment was paid with, as far as this process saw it (unknown after a restart: form 04).
  const fundings = new Map<string, 'credit' | 'debit'>();
  return {
    mode: 'test',
    publishableKey: null,
    async createPayment({ idempotencyKey, method, expiresAt, amountCents }) {
      const paymentRef = `test_pi_${idempotencyKey}`;
      if (method === 'oxxo' || method === 'spei') {
        return {
          paymentRef,
          clientSecret: null,
          instructions: testInstructions(method, idempotencyKey, expiresAt ?? new Date(), amountCents),
          status: 'requires_action',
        };
      }
      return { paymentRef, clientSecret: null, instructions: null, status: 'requires_action' };
    },
    async createCustomer({ idempotencyKey }) {
      return { customerRef: `test_cus_${digitsOf(idempotencyKey, 16)}` };
    },
    async getPayment() {
      // A test card is charged and completed in the same request, and OXXO and SPEI only by 'Simular pago':
      // nothing is ever paid here that the database does not already know.
      return { status: 'requires_action', amountCents: 0 };
    },
    async cancelPayment() {
      return { status: 'canceled' };
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
    async chargeTestCard(paymentRef, cardNumber) {
      const outcome = TEST_CARDS[cardNumber] ?? { ok: false, reason: 'invalid' };
      if (outcome.ok) fundings.set(paymentRef, DEBIT_TEST_CARDS.has(cardNumber) ? 'debit' : 'credit');
      return outcome;
    },
    async cardFunding(paymentRef) {
      return fundings.get(paymentRef) ?? null;
    },
  };
}
