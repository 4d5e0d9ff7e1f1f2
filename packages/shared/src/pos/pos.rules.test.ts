import { describe, expect, it } from 'vitest';
import { posMessages as m } from './pos.messages';
import {
  addPosLine,
  cashKeptCents,
  checkPosPayment,
  isSamePosSale,
  paymentMethodOf,
  posTotalCents,
} from './pos.rules';

const pay = (cashCents = 0, cardCents = 0, transferCents = 0) => ({ cashCents, cardCents, transferCents });

describe('checkPosPayment (docs/business-rules.md §5)', () => {
  it.each([
    // total, payment, result
    [0, pay(100), { ok: false, message: m.noTotal }],
    [-100, pay(100), { ok: false, message: m.noTotal }],
    [10_000, pay(), { ok: false, message: m.noPaymentMethod }],
    [10_000, pay(0, 5_000, 5_000), { ok: false, message: m.cardAndTransfer }],
    [10_000, pay(0, 10_001), { ok: false, message: m.cardOrTransferOverTotal }],
    [10_000, pay(0, 0, 10_001), { ok: false, message: m.cardOrTransferOverTotal }],
    [10_000, pay(5_000, 12_000), { ok: false, message: m.cardOrTransferOverTotal }],
    [10_000, pay(9_999), { ok: false, message: m.sumBelowTotal }],
    [10_000, pay(0, 9_999), { ok: false, message: m.sumBelowTotal }],
    [10_000, pay(2_000, 7_000), { ok: false, message: m.sumBelowTotal }],
    [10_000, pay(-1, 10_001), { ok: false, message: m.invalidAmount }],
    [10_000, pay(0.5, 10_000), { ok: false, message: m.invalidAmount }],
    // Exact cash: no change.
    [10_000, pay(10_000), { ok: true, paidCents: 10_000, changeCents: 0 }],
    // Cash over the total: the change.
    [10_500, pay(20_000), { ok: true, paidCents: 20_000, changeCents: 9_500 }],
    // Exact-total card or transfer: no change, ever.
    [10_000, pay(0, 10_000), { ok: true, paidCents: 10_000, changeCents: 0 }],
    [10_000, pay(0, 0, 10_000), { ok: true, paidCents: 10_000, changeCents: 0 }],
    // Cash + card: the change comes from the cash.
    [10_000, pay(5_000, 6_000), { ok: true, paidCents: 11_000, changeCents: 1_000 }],
    [10_000, pay(5_000, 0, 5_000), { ok: true, paidCents: 10_000, changeCents: 0 }],
    // The limits: a card for the whole total beside cash (all the cash is change).
    [10_000, pay(3_000, 10_000), { ok: true, paidCents: 13_000, changeCents: 3_000 }],
  ])('total %i, %j → %j', (total, payment, expected) => {
    expect(checkPosPayment(total, payment)).toEqual(expected);
  });
});

describe('point-of-sale helpers', () => {
  it('adds an existing product’s quantity to its line, capped at 99', () => {
    const lines = addPosLine([{ productId: 'a', quantity: 2 }], { productId: 'b', quantity: 1 });
    expect(addPosLine(lines, { productId: 'a', quantity: 3 })).toEqual([
      { productId: 'a', quantity: 5 },
      { productId: 'b', quantity: 1 },
    ]);
    expect(addPosLine([{ productId: 'a', quantity: 98 }], { productId: 'a', quantity: 5 })).toEqual([
      { productId: 'a', quantity: 99 },
    ]);
  });

  it('totals lines, files the method, and keeps the cash net of change', () => {
    expect(
      posTotalCents([
        { unitPriceCents: 3_500, quantity: 3 },
        { unitPriceCents: 100, quantity: 1 },
      ]),
    ).toBe(10_600);
    expect(paymentMethodOf(pay(1))).toBe('cash');
    expect(paymentMethodOf(pay(0, 1))).toBe('card');
    expect(paymentMethodOf(pay(0, 0, 1))).toBe('transfer');
    expect(paymentMethodOf(pay(1, 1))).toBe('mixed');
    expect(cashKeptCents({ paidCashCents: 50_000, changeCents: 15_000 })).toBe(35_000);
  });

  describe('one sale per idempotency key', () => {
    const first = {
      clientId: 'c1',
      branchId: 'b1',
      items: [
        { productId: 'cafe', quantity: 2 },
        { productId: 'paquete', quantity: 1 },
      ],
      cashCents: 60_000,
      cardCents: 0,
      transferCents: 0,
    };
    it.each([
      ['the same request', first, true],
      ['its lines in another order', { ...first, items: [...first.items].reverse() }, true],
      [
        'a line split in two',
        {
          ...first,
          items: [
            { productId: 'cafe', quantity: 1 },
            { productId: 'paquete', quantity: 1 },
            { productId: 'cafe', quantity: 1 },
          ],
        },
        true,
      ],
      ['another quantity', { ...first, items: [{ productId: 'cafe', quantity: 3 }, first.items[1]!] }, false],
      ['a product less', { ...first, items: [first.items[0]!] }, false],
      ['a product more', { ...first, items: [...first.items, { productId: 'agua', quantity: 1 }] }, false],
      ['another amount', { ...first, cashCents: 70_000 }, false],
      ['another method', { ...first, cashCents: 0, cardCents: 60_000 }, false],
      ['another branch', { ...first, branchId: 'b2' }, false],
      ['another client', { ...first, clientId: 'c2' }, false],
    ])('%s is %s', (_case, again, same) => {
      expect(isSamePosSale(first, again)).toBe(same);
    });
  });
});
