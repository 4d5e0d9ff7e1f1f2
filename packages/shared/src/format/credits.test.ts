import { describe, expect, it } from 'vitest';
import { creditsGranted, formatCredits } from './credits';

describe('credits wording', () => {
  it.each([
    [0, '0 créditos', 'Se otorgaron 0 créditos'],
    [1, '1 crédito', 'Se otorgó 1 crédito'],
    [2, '2 créditos', 'Se otorgaron 2 créditos'],
    [21, '21 créditos', 'Se otorgaron 21 créditos'],
  ])('%i → %s / %s', (credits, amount, granted) => {
    expect(formatCredits(credits)).toBe(amount);
    expect(creditsGranted(credits)).toBe(granted);
  });
});
