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
