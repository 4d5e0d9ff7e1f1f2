import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canStillAsk, conceptsOf, lastDayToAsk, paymentFormOf, type SalePayment } from './invoice.rules';
import { checkRfc, normalizeRfc } from './rfc';

const sale = (method: SalePayment['method'], parts: Partial<SalePayment> = {}): SalePayment => ({
  method,
  paidCashCents: 0,
  paidCardCents: 0,
  paidTransferCents: 0,
  ...parts,
});

describe('payment form of a sale (c_FormaPago)', () => {
  it('maps each way we take money', () => {
    expect(paymentFormOf(sale('cash'))).toBe('01');
    expect(paymentFormOf(sale('oxxo'))).toBe('01');
    expect(paymentFormOf(sale('transfer'))).toBe('03');
    expect(paymentFormOf(sale('spei'))).toBe('03');
    expect(paymentFormOf(sale('card'))).toBe('04');
    expect(paymentFormOf(sale('card', { cardFunding: 'credit' }))).toBe('04');
    expect(paymentFormOf(sale('card', { cardFunding: 'debit' }))).toBe('28');
  });

  it('a mixed payment takes the form that paid the largest part', () => {
    expect(paymentFormOf(sale('mixed', { paidCashCents: 100, paidCardCents: 300 }))).toBe('04');
    expect(paymentFormOf(sale('mixed', { paidCashCents: 500, paidTransferCents: 300 }))).toBe('01');
    expect(paymentFormOf(sale('mixed', { paidCardCents: 100, paidTransferCents: 300 }))).toBe('03');
    // A tie goes to cash.
    expect(paymentFormOf(sale('mixed', { paidCashCents: 300, paidCardCents: 300 }))).toBe('01');
  });
});

describe('concepts with IVA included', () => {
  const line = (unitPriceCents: number, quantity = 1) => ({
    description: 'Paquete',
    quantity,
    unitPriceCents,
    productKey: '80131502',
    unitKey: 'E48',
  });

  it('splits each line into base and IVA to the centavo', () => {
    const [concept] = conceptsOf([line(116_00)], 116_00);
    expect(concept).toMatchObject({ totalCents: 116_00, baseCents: 100_00, ivaCents: 16_00 });
    const [odd] = conceptsOf([line(99_99, 3)], 299_97);
    expect(odd!.baseCents + odd!.ivaCents).toBe(299_97);
    expect(odd!.baseCents).toBe(Math.round((299_97 * 100) / 116));
  });

  it('the concepts add up to the order total, whatever the prices', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5_000_00 }), fc.integer({ min: 1, max: 20 })), {
          minLength: 1,
          maxLength: 12,
        }),
        (pairs) => {
          const lines = pairs.map(([price, qty]) => line(price, qty));
          const total = pairs.reduce((sum, [price, qty]) => sum + price * qty, 0);
          const concepts = conceptsOf(lines, total);
          expect(concepts.reduce((sum, c) => sum + c.baseCents + c.ivaCents, 0)).toBe(total);
          for (const c of concepts) expect(c.ivaCents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('refuses lines that do not add up to the sale', () => {
    expect(() => conceptsOf([line(100_00)], 90_00)).toThrow(RangeError);
  });
});

describe('the window to ask for an invoice', () => {
  it('by default, until the end of the payment month in Mexico City', () => {
    // 2026-11-30 23:30 in Mexico City is already December in UTC.
    const paid = new Date('2026-12-01T05:30:00Z');
    expect(lastDayToAsk(paid, null)).toBe('2026-11-30');
    expect(canStillAsk(paid, null, new Date('2026-12-01T05:59:00Z'))).toBe(true);
    expect(canStillAsk(paid, null, new Date('2026-12-01T06:00:00Z'))).toBe(false);
    expect(lastDayToAsk(new Date('2026-12-15T18:00:00Z'), null)).toBe('2026-12-31');
  });

  it('or a number of days after the payment', () => {
    expect(lastDayToAsk(new Date('2026-11-27T18:00:00Z'), 7)).toBe('2026-12-04');
  });
});

describe('RFC', () => {
  it('reads people and companies, and checks the homoclave digit as a warning', () => {
    expect(checkRfc('cosc-800113-7na')).toEqual({
      ok: true,
      rfc: 'COSC8001137NA',
      person: 'fisica',
      checkDigitMatches: true,
    });
    expect(checkRfc('EKU9003173C9')).toEqual({
      ok: true,
      rfc: 'EKU9003173C9',
      person: 'moral',
      checkDigitMatches: true,
    });
    expect(checkRfc('COSC8001137N9')).toMatchObject({ ok: true, checkDigitMatches: false });
  });

  it('refuses a wrong shape, an impossible date and the generic RFCs', () => {
    expect(checkRfc('ABC')).toEqual({ ok: false, reason: 'format' });
    expect(checkRfc('COSC8013137NA')).toEqual({ ok: false, reason: 'format' });
    expect(checkRfc('XAXX010101000')).toEqual({ ok: false, reason: 'generic' });
    expect(checkRfc('xexx010101000')).toEqual({ ok: false, reason: 'generic' });
    expect(normalizeRfc(' ab c ')).toBe('ABC');
  });
});
