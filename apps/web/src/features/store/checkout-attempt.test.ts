import { afterEach, describe, expect, it } from 'vitest';
import { checkoutIdFor, forgetCheckoutAttempt } from './checkout-attempt';
import { basic, line, pro } from './test-fixtures';

const cart = [line(basic, 1), line(pro, 2)];

afterEach(() => {
  forgetCheckoutAttempt();
});

describe('checkoutIdFor', () => {
  it('one id per cart and method: found again, whatever the order of the lines', () => {
    const card = checkoutIdFor(cart);
    const oxxo = checkoutIdFor(cart, 'oxxo');
    const spei = checkoutIdFor(cart, 'spei');
    expect(new Set([card, oxxo, spei]).size).toBe(3);
    expect(checkoutIdFor([...cart].reverse(), 'card')).toBe(card);
    expect(checkoutIdFor(cart, 'oxxo')).toBe(oxxo);
  });

  it('another cart starts afresh, for every method', () => {
    const card = checkoutIdFor(cart);
    const oxxo = checkoutIdFor(cart, 'oxxo');
    const other = [line(basic, 2)];
    expect(checkoutIdFor(other)).not.toBe(card);
    expect(checkoutIdFor(other, 'oxxo')).not.toBe(oxxo);
  });

  it("an attempt stored before issue 24 (one object, no method) is the card's", () => {
    const id = 'c0000000-0000-4000-8000-000000000001';
    sessionStorage.setItem('checkoutAttempt', JSON.stringify({ checkoutId: id, cart: `${basic.id}:1` }));
    expect(checkoutIdFor([line(basic, 1)])).toBe(id);
    expect(checkoutIdFor([line(basic, 1)], 'spei')).not.toBe(id);
  });

  it("forgetting one method's attempt keeps the others; forgetting all clears the storage", () => {
    const card = checkoutIdFor(cart);
    const oxxo = checkoutIdFor(cart, 'oxxo');
    forgetCheckoutAttempt('oxxo');
    expect(checkoutIdFor(cart)).toBe(card);
    expect(checkoutIdFor(cart, 'oxxo')).not.toBe(oxxo);
    forgetCheckoutAttempt();
    expect(sessionStorage.getItem('checkoutAttempt')).toBeNull();
    expect(checkoutIdFor(cart)).not.toBe(card);
  });
});
