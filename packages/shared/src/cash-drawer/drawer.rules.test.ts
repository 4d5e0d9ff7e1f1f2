import { describe, expect, it } from 'vitest';
import { countedFromPieces, drawerDifference, expectedCashCents, MXN_DENOMINATIONS } from './drawer.rules';

describe('the cash drawer', () => {
  it.each([
    { name: 'float only', f: 50_000, cash: 0, change: 0, expenses: 0, want: 50_000 },
    { name: 'a cash sale with change', f: 50_000, cash: 5_000, change: 1_500, expenses: 0, want: 53_500 },
    {
      name: 'an expense paid from it',
      f: 50_000,
      cash: 7_000,
      change: 1_500,
      expenses: 12_000,
      want: 43_500,
    },
    { name: 'more out than in', f: 0, cash: 1_000, change: 0, expenses: 5_000, want: -4_000 },
  ])('expects float + cash received − change − expenses: $name', ({ f, cash, change, expenses, want }) => {
    expect(
      expectedCashCents({
        openingFloatCents: f,
        cashReceivedCents: cash,
        changeCents: change,
        cashExpensesCents: expenses,
      }),
    ).toBe(want);
  });

  it.each([
    { counted: 41_500, expected: 43_500, want: { cents: -2_000, kind: 'short' } },
    { counted: 44_000, expected: 43_500, want: { cents: 500, kind: 'over' } },
    { counted: 43_500, expected: 43_500, want: { cents: 0, kind: 'even' } },
  ])('calls counted − expected short, over or even', ({ counted, expected, want }) => {
    expect(drawerDifference(counted, expected)).toEqual(want);
  });

  it('adds up bills and coins in centavos, the 50-centavo coin too, and ignores what is not a denomination', () => {
    expect(countedFromPieces({ '100000': 1, '20000': 2, '2000': 1, '50': 3 })).toBe(
      100_000 + 40_000 + 2_000 + 150,
    );
    expect(countedFromPieces({ '300': 4 })).toBe(0);
    expect(countedFromPieces({})).toBe(0);
    expect(MXN_DENOMINATIONS[0]).toBe(100_000);
  });
});
