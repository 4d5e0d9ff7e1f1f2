import {
  addToCart,
  type CartItem,
  type CartProduct,
  cartTotals,
  decreaseQuantity,
  increaseQuantity,
  removeFromCart,
} from '@sala/shared/cart/cart.rules';
import { MAX_CART_QUANTITY } from '@sala/shared/store/store.rules';
import { useMemo } from 'react';
import { readStored, storageKeys, useStored, writeStored } from '../../../lib/local-store';
import { forgetPurchaseSummary } from '../purchase-summary';

const EMPTY: CartItem[] = [];

export { MAX_CART_QUANTITY };

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

/** The checkout takes at most MAX_CART_QUANTITY of a product: a larger stored quantity reads as the maximum. */
const capped = (item: CartItem): CartItem =>
  item.quantity > MAX_CART_QUANTITY ? { ...item, quantity: MAX_CART_QUANTITY } : item;

/** The saved cart, ignoring anything malformed an older version or a curious user left there. */
function readCart(stored: unknown): CartItem[] {
  return Array.isArray(stored) ? stored.filter(isCartItem).map(capped) : EMPTY;
}

const currentCart = () => readCart(readStored<unknown>(storageKeys.cart, EMPTY));

const update = (change: (cart: CartItem[]) => CartItem[]) =>
  writeStored(storageKeys.cart, change(currentCart()).map(capped));

/** Whether one more of a product fits in the cart. */
export const canAddMore = (item: Pick<CartItem, 'quantity'> | undefined) =>
  (item?.quantity ?? 0) < MAX_CART_QUANTITY;

export const cartActions = {
  /**
   * Adds one; returns false (and changes nothing) when the cart already holds the maximum of it. A new purchase
   * begins: the last one's summary is forgotten (issue 39).
   */
  add: (product: CartProduct): boolean => {
    if (!canAddMore(currentCart().find((item) => item.id === product.id))) return false;
    update((cart) => addToCart(cart, product));
    forgetPurchaseSummary();
    return true;
  },
  increase: (id: string) => update((cart) => increaseQuantity(cart, id)),
  decrease: (id: string) => update((cart) => decreaseQuantity(cart, id)),
  remove: (id: string) => update((cart) => removeFromCart(cart, id)),
  /** Drops several lines at once (those no longer for sale). */
  removeMany: (ids: readonly string[]) => update((cart) => cart.filter((item) => !ids.includes(item.id))),
  /** Replaces the lines' names and prices with the catalog's (same products, same quantities). */
  replace: (items: CartItem[]) => writeStored(storageKeys.cart, items.map(capped)),
  clear: () => writeStored(storageKeys.cart, []),
};

export function useCart() {
  const stored = useStored<unknown>(storageKeys.cart, EMPTY);
  const items = useMemo(() => readCart(stored), [stored]);
  const totals = useMemo(() => cartTotals(items), [items]);
  return { items, ...totals, ...cartActions };
}
