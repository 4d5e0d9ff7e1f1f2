import { describe, expect, it } from 'vitest';
import { centsToPesos, formatMoney, pesosToCents } from './money';

describe('formatMoney', () => {
  it.each([
    [0, '$0'],
    [125_000, '$1,250'],
    [99_950, '$1,000'],
    [1_234_567_800, '$12,345,678'],
  ])('%i centavos → %s', (cents, shown) => {
    expect(formatMoney(cents)).toBe(shown);
  });

  it("says what Intl's es-MX peso format says, for every kind of amount", () => {
    const intl = new Intl.NumberFormat('es-MX', {
      style: 'currency',
      currency: 'MXN',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    const amounts = [
      -0,
      ...Array.from({ length: 4_001 }, (_, i) => (i - 2_000) * 25),
      ...[49, 50, 51, 149, 150, 151, 99_949, 99_950, 99_951, -49, -50, -51, -150, -99_950],
      ...[100_000, 999_999, 1_000_000, 123_456_789, -987_654_321, 9_999_999_999, 1_234_567_800],
    ];
    for (const cents of amounts) expect(formatMoney(cents), String(cents)).toBe(intl.format(cents / 100));
  });
});

describe('pesosToCents', () => {
  it.each([
    [1250, 125_000],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [0, 0],
  ])('%f pesos → %i centavos', (pesos, cents) => {
    expect(pesosToCents(pesos)).toBe(cents);
  });

  it('round-trips through centsToPesos', () => {
    expect(pesosToCents(centsToPesos(123_456))).toBe(123_456);
  });
});
