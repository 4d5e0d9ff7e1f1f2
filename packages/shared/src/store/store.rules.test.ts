import { describe, expect, it } from 'vitest';
import { expiryIsCurrent } from './store.contract';
import { lineCredits, totalsOf } from './store.rules';

describe('store rules', () => {
  it('grants (credits + extra) × quantity per line', () => {
    expect(lineCredits({ credits: 10, extra: 1, quantity: 2 })).toBe(22);
    expect(lineCredits({ credits: 0, extra: 0, quantity: 3 })).toBe(0);
  });

  it('totals centavos and credits of server-priced lines', () => {
    expect(
      totalsOf([
        { unitPriceCents: 125_000, credits: 5, extra: 0, quantity: 2 },
        { unitPriceCents: 230_000, credits: 10, extra: 1, quantity: 1 },
      ]),
    ).toEqual({ amountCents: 480_000, totalCredits: 21 });
  });

  it.each([
    ['11/26', true],
    ['10/26', false],
    ['12/26', true],
    ['01/27', true],
  ])('a card expiring %s is current in November 2026: %s', (expiry, current) => {
    expect(expiryIsCurrent(expiry, new Date('2026-11-22T12:00:00Z'))).toBe(current);
  });
});
