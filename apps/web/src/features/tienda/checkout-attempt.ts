import type { CartItem } from '@sala/shared/cart/cart.rules';

/**
 * One payment attempt per cart (sessionStorage: this tab only). The checkoutId is made once for what the cart
 * holds, so a reload, a retry or a double click finds the same checkout on the server; another cart makes a new
 * one.
 */
const KEY = 'checkoutAttempt';

type Attempt = { checkoutId: string; cart: string };

/** Where the attempt lives when sessionStorage cannot be used (private mode, a full quota): this page only. */
let inMemory: Attempt | null = null;

/** What is being bought, independent of line order and prices (the server prices it). */
export const cartSignature = (items: readonly CartItem[]) =>
  items
    .map((item) => `${item.id}:${item.quantity}`)
    .sort()
    .join(',');

function read(): Attempt | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const attempt = raw ? (JSON.parse(raw) as Partial<Attempt>) : null;
    return typeof attempt?.checkoutId === 'string' && typeof attempt.cart === 'string'
      ? (attempt as Attempt)
      : inMemory;
  } catch {
    return inMemory;
  }
}

/** The checkoutId of this cart's attempt, made now if there is none yet. */
export function checkoutIdFor(items: readonly CartItem[]): string {
  const cart = cartSignature(items);
  const current = read();
  if (current?.cart === cart) return current.checkoutId;
  const attempt: Attempt = { checkoutId: crypto.randomUUID(), cart };
  inMemory = attempt;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(attempt));
  } catch {
    // Storage unavailable: the attempt lasts as long as this page.
  }
  return attempt.checkoutId;
}

/** The attempt is over (paid, or its checkout can no longer be paid): the next one starts afresh. */
export function forgetCheckoutAttempt() {
  inMemory = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
