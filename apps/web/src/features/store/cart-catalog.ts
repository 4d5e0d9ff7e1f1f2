import { type CartItem, cartTotals } from '@sala/shared/cart/cart.rules';
import type { TCatalogResponse } from '@sala/shared/catalog/catalog.contract';

/**
 * A line of the cart as the live catalog sees it: still for sale (at today's price) or not any more, and how many
 * days its credits last (issue 44; null: they never expire, or the catalog has not said).
 */
export type CartLine = CartItem & { forSale: boolean; validityDays: number | null };

export type ReconciledCart = {
  lines: CartLine[];
  /** The lines that can be paid, at the catalog's current price. */
  sellable: CartItem[];
  unavailable: CartItem[];
  /** The stored cart with the current names and prices, or null when it is already up to date. */
  refreshed: CartItem[] | null;
  totalCents: number;
  totalCredits: number;
  itemCount: number;
};

const strip = ({ forSale: _, validityDays: __, ...item }: CartLine): CartItem => item;

/**
 * The cart against the catalog (GET /api/catalog lists only what is sold online now): a product missing from it
 * is 'Ya no está a la venta' and leaves the totals and the checkout; the others take the current name, price and
 * credits. Without a catalog yet (loading, or it failed), every line counts as stored.
 */
export function reconcileCart(
  cart: readonly CartItem[],
  catalog: TCatalogResponse | undefined,
): ReconciledCart {
  const products = catalog ? new Map([...catalog.packages, ...catalog.services].map((p) => [p.id, p])) : null;
  let changed = false;
  const lines = cart.map((item): CartLine => {
    if (!products) return { ...item, forSale: true, validityDays: null };
    const product = products.get(item.id);
    if (!product) return { ...item, forSale: false, validityDays: null };
    const { name, priceCents, credits, extra } = product;
    if (
      name !== item.name ||
      priceCents !== item.priceCents ||
      credits !== item.credits ||
      extra !== item.extra
    ) {
      changed = true;
    }
    return { ...item, name, priceCents, credits, extra, forSale: true, validityDays: product.validityDays };
  });
  const sellable = lines.filter((line) => line.forSale).map(strip);
  const unavailable = lines.filter((line) => !line.forSale).map(strip);
  return {
    lines,
    sellable,
    unavailable,
    refreshed: changed ? lines.map(strip) : null,
    ...cartTotals(sellable),
  };
}
