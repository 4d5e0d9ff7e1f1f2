import { describe, expect, it } from 'vitest';
import { centsToPesos, formatMoney, pesosToCents } from './money';

describe('formatMoney', () => {
  it.each([
    [0, '$0'],
    [125_000, '$1,250'],
    [10_000, '$100'],
    // Issue 39: a product saved at 99.50 is shown at 99.50, never rounded to $100.
    [9_950, '$99.50'],
    [99_950, '$999.50'],
    [5, '$0.05'],
    [123_456_789, '$1,234,567.89'],
    [-8_000, '-$80'],
    [-1_050, '-$10.50'],
    [1_234_567_800, '$12,345,678'],
  ])('%i centavos → %s', (cents, shown) => {
    expect(formatMoney(cents)).toBe(shown);
  });

  it("says what Intl's es-MX peso format says, for every kind of amount", () => {
    const wholePesos = new Intl.NumberFormat('es-MX', {
      style: 'currency',
      currency: 'MXN',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    const withCentavos = new Intl.NumberFormat('es-MX', {
      style: 'currency',
      currency: 'MXN',
      maximumFractionDigits: 2,
      minimumFractionDigits: 2,
    });
    const intl = {
      format: (pesos: number) => (Number.isInteger(pesos) ? wholePesos : withCentavos).format(pesos),
    };
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
