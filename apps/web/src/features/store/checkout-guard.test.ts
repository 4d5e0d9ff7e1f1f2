import { describe, expect, it } from 'vitest';
import { checkoutRedirect } from './checkout-guard';

describe('checkoutRedirect', () => {
  it.each([
    [{ loggedIn: true, cartItemCount: 2, hasSummary: false }, null],
    [{ loggedIn: false, cartItemCount: 2, hasSummary: false }, '/comprar'],
    [{ loggedIn: true, cartItemCount: 0, hasSummary: false }, '/comprar'],
    [{ loggedIn: true, cartItemCount: 2, hasSummary: true }, '/resumen'],
    [{ loggedIn: false, cartItemCount: 0, hasSummary: true }, '/resumen'],
  ])('%o → %s', (state, target) => {
    expect(checkoutRedirect(state)).toBe(target);
  });
});
