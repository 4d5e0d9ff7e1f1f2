import {
  addToCart,
  type CartItem,
  type CartProduct,
  cartTotals,
  decreaseQuantity,
  increaseQuantity,
  removeFromCart,
} from '@sala/shared/cart/cart.rules';
import { useMemo } from 'react';
import { readStored, storageKeys, useStored, writeStored } from '../../../lib/local-store';

const EMPTY: CartItem[] = [];

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.id === 'string' &&
    typeof item.name === 'string' &&
    Number.isInteger(item.priceCents) &&
    Number.isInteger(item.credits) &&
    Number.isInteger(item.extra) &&
    Number.isInteger(item.quantity) &&
    item.quantity >= 1
  );
}

/** The saved cart, ignoring anything malformed an older version or a curious user left there. */
function currentCart(): CartItem[] {
  const stored = readStored<unknown>(storageKeys.cart, EMPTY);
  return Array.isArray(stored) ? stored.filter(isCartItem) : EMPTY;
}

const update = (change: (cart: CartItem[]) => CartItem[]) =>
  writeStored(storageKeys.cart, change(currentCart()));

export const cartActions = {
  add: (product: CartProduct) => update((cart) => addToCart(cart, product)),
  increase: (id: string) => update((cart) => increaseQuantity(cart, id)),
  decrease: (id: string) => update((cart) => decreaseQuantity(cart, id)),
  remove: (id: string) => update((cart) => removeFromCart(cart, id)),
  clear: () => writeStored(storageKeys.cart, []),
};

export function useCart() {
  const stored = useStored<unknown>(storageKeys.cart, EMPTY);
  const items = useMemo(() => (Array.isArray(stored) ? stored.filter(isCartItem) : EMPTY), [stored]);
  const totals = useMemo(() => cartTotals(items), [items]);
  return { items, ...totals, ...cartActions };
}
