import { describe, expect, it } from 'vitest';
import {
  addToCart,
  type CartProduct,
  cartTotals,
  decreaseQuantity,
  increaseQuantity,
  removeFromCart,
} from './cart.rules';

const basic: CartProduct = { id: 'a', name: 'Paquete Básico', priceCents: 125_000, credits: 5, extra: 0 };
const pro: CartProduct = { id: 'b', name: 'Paquete Profesional', priceCents: 230_000, credits: 10, extra: 1 };

describe('cart', () => {
  it('adds a new product with quantity 1 and raises an existing one by one', () => {
    let cart = addToCart([], basic);
    expect(cart).toEqual([{ ...basic, quantity: 1 }]);
    cart = addToCart(cart, basic);
    cart = addToCart(cart, pro);
    expect(cart.map((i) => [i.id, i.quantity])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });

  it('increases and decreases quantity but never below 1', () => {
    let cart = addToCart([], basic);
    cart = increaseQuantity(cart, 'a');
    expect(cart[0]?.quantity).toBe(2);
    cart = decreaseQuantity(decreaseQuantity(decreaseQuantity(cart, 'a'), 'a'), 'a');
    expect(cart[0]?.quantity).toBe(1);
  });

  it('removes one product', () => {
    const cart = removeFromCart(addToCart(addToCart([], basic), pro), 'a');
    expect(cart.map((i) => i.id)).toEqual(['b']);
  });

  it('totals price × quantity and (credits + extra) × quantity', () => {
    const cart = increaseQuantity(addToCart(addToCart([], basic), pro), 'b');
    expect(cartTotals(cart)).toEqual({
      totalCents: 125_000 + 2 * 230_000,
      totalCredits: 5 + 2 * 11,
      itemCount: 3,
    });
    expect(cartTotals([])).toEqual({ totalCents: 0, totalCredits: 0, itemCount: 0 });
  });

  it('never mutates the cart it was given', () => {
    const cart = Object.freeze([Object.freeze({ ...basic, quantity: 1 })]);
    expect(() => increaseQuantity(addToCart(cart, pro), 'a')).not.toThrow();
    expect(cart[0]?.quantity).toBe(1);
  });
});
