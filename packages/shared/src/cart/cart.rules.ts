import { lineCredits } from '../store/store.rules';

/** A line of the client's cart (docs/business-rules.md §3 "cart item"); prices in centavos. */
export type CartItem = {
  id: string;
  name: string;
  priceCents: number;
  credits: number;
  extra: number;
  quantity: number;
};

export type CartProduct = Omit<CartItem, 'quantity'>;

/** Adding an item already present raises its quantity by one; otherwise it is added with quantity 1. */
export function addToCart(cart: readonly CartItem[], product: CartProduct): CartItem[] {
  if (cart.some((item) => item.id === product.id)) return increaseQuantity(cart, product.id);
  return [...cart, { ...product, quantity: 1 }];
}

export function increaseQuantity(cart: readonly CartItem[], id: string): CartItem[] {
  return cart.map((item) => (item.id === id ? { ...item, quantity: item.quantity + 1 } : item));
}

/** Quantity never goes below 1: removing is a separate action. */
export function decreaseQuantity(cart: readonly CartItem[], id: string): CartItem[] {
  return cart.map((item) => (item.id === id ? { ...item, quantity: Math.max(1, item.quantity - 1) } : item));
}

export function removeFromCart(cart: readonly CartItem[], id: string): CartItem[] {
  return cart.filter((item) => item.id !== id);
}

/** Credits granted per line are (credits + extra) × quantity. */
export function cartTotals(cart: readonly CartItem[]) {
  return cart.reduce(
    (totals, item) => ({
      totalCents: totals.totalCents + item.priceCents * item.quantity,
      totalCredits: totals.totalCredits + lineCredits(item),
      itemCount: totals.itemCount + item.quantity,
    }),
    { totalCents: 0, totalCredits: 0, itemCount: 0 },
  );
}
