import type { CartItem } from '@sala/shared/cart/cart.rules';
import type { TPayMethod } from '@sala/shared/store/store.contract';

/**
 * One payment attempt per cart and payment method (sessionStorage: this tab only). The checkoutId is made once for
 * what the cart holds and how it is paid, so a reload, a retry or a double click finds the same checkout on the
 * server; another cart makes a new one. Each method has its own id because the server refuses to change the method
 * of a checkout (issue 24): going from the card to OXXO and back finds each one's checkout again.
 */
const KEY = 'checkoutAttempt';

type Attempt = { checkoutId: string; cart: string; method: TPayMethod };

/** Where the attempts live when sessionStorage cannot be used (private mode, a full quota): this page only. */
let inMemory: Attempt[] = [];

/** What is being bought, independent of line order and prices (the server prices it). */
export const cartSignature = (items: readonly CartItem[]) =>
  items
    .map((item) => `${item.id}:${item.quantity}`)
    .sort()
    .join(',');

const isAttempt = (value: unknown): value is { checkoutId: string; cart: string; method?: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Attempt).checkoutId === 'string' &&
  typeof (value as Attempt).cart === 'string';

const methodOf = (value: unknown): TPayMethod | null =>
  value === undefined ? 'card' : value === 'card' || value === 'oxxo' || value === 'spei' ? value : null;

/** The stored attempts; one saved before issue 24 (a single object, no method) was a card's. */
function read(): Attempt[] {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return inMemory;
    const parsed: unknown = JSON.parse(raw);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.flatMap((entry) => {
      const method = isAttempt(entry) ? methodOf(entry.method) : null;
      return isAttempt(entry) && method ? [{ checkoutId: entry.checkoutId, cart: entry.cart, method }] : [];
    });
  } catch {
    return inMemory;
  }
}

function write(attempts: Attempt[]) {
  inMemory = attempts;
  try {
    if (attempts.length === 0) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify(attempts));
  } catch {
    // Storage unavailable: the attempts last as long as this page.
  }
}

/** The checkoutId of this cart's attempt with this method, made now if there is none yet. */
export function checkoutIdFor(items: readonly CartItem[], method: TPayMethod = 'card'): string {
  const cart = cartSignature(items);
  // Attempts of another cart are over: that cart is gone.
  const current = read().filter((attempt) => attempt.cart === cart);
  const found = current.find((attempt) => attempt.method === method);
  if (found) return found.checkoutId;
  const attempt: Attempt = { checkoutId: crypto.randomUUID(), cart, method };
  write([...current, attempt]);
  return attempt.checkoutId;
}

/**
 * The attempt is over (paid, a voucher issued, or its checkout can no longer be paid): the next one starts afresh.
 * Without a method every attempt of the cart is forgotten.
 */
export function forgetCheckoutAttempt(method?: TPayMethod) {
  write(method ? read().filter((attempt) => attempt.method !== method) : []);
}
