import type { CartItem } from '@sala/shared/cart/cart.rules';
import type {
  TCheckout,
  TPaymentInstructions,
  TPaymentResult,
  TPricedItem,
} from '@sala/shared/store/store.contract';
import { useMemo, useState } from 'react';
import type { DataRouter } from 'react-router';
import { readStored, storageKeys, useStored, writeStored } from '../../lib/local-store';

/** A line bought, with how many days its credits last (issue 44; absent in a summary saved before it). */
type SummaryItem = CartItem & { validityDays?: number | null };

type SummaryBase = {
  orderId: string;
  /** The order's folio for people (issue 39); a summary saved before it has none, and shows none. */
  folio?: number;
  items: SummaryItem[];
  totalCents: number;
  totalCredits: number;
};

/**
 * docs/business-rules.md §3: a snapshot of the purchase saved after paying online ('pcSummary'), with the credits it
 * gave and the balance they left. A summary saved by an older version may lack the balance, the status and the
 * method: it is a card's, paid.
 */
export type PaidSummary = SummaryBase & {
  status: 'paid';
  method: 'card';
  paidAt: string;
  /** The client's credits right after this purchase. */
  balance?: number;
};

/** Issue 24: an OXXO voucher or SPEI transfer data was issued; the order waits for the money, no credits yet. */
export type PendingSummary = SummaryBase & {
  status: 'pending';
  method: 'oxxo' | 'spei';
  instructions: TPaymentInstructions;
};

export type PurchaseSummary = PaidSummary | PendingSummary;

/** What may be stored: today's summaries, or one from before issue 24 (no status, no method). */
type StoredSummary = { items?: unknown; status?: unknown; method?: unknown; instructions?: unknown } | null;

function readable(stored: StoredSummary): PurchaseSummary | null {
  if (!stored || typeof stored !== 'object' || !Array.isArray(stored.items)) return null;
  if (stored.status === 'pending') {
    const known = stored.method === 'oxxo' || stored.method === 'spei';
    return known && typeof stored.instructions === 'object' && stored.instructions
      ? (stored as PendingSummary)
      : null;
  }
  if (stored.status !== undefined && stored.status !== 'paid') return null;
  return { ...(stored as Omit<PaidSummary, 'status' | 'method'>), status: 'paid', method: 'card' };
}

export function usePurchaseSummary(): PurchaseSummary | null {
  const stored = useStored<StoredSummary>(storageKeys.purchaseSummary, null);
  return useMemo(() => readable(stored), [stored]);
}

/**
 * /resumen's summary as the page opened with it. Leaving the page forgets the saved one (below) while the page is
 * still on screen: it goes on showing what it showed, and never sends itself to /comprar on the way out.
 */
export function useOpenedPurchaseSummary(): PurchaseSummary | null {
  const [summary] = useState(() => readable(readStored<StoredSummary>(storageKeys.purchaseSummary, null)));
  return summary;
}

export function savePurchaseSummary(summary: PurchaseSummary) {
  writeStored(storageKeys.purchaseSummary, summary);
}

/** The next purchase starts afresh: /comprar and /pago no longer lead to the last one's summary. */
export function forgetPurchaseSummary() {
  writeStored(storageKeys.purchaseSummary, null);
}

const SUMMARY_PATH = '/resumen';
const isSummaryPage = (pathname: string) => pathname.replace(/\/+$/, '') === SUMMARY_PATH;

/**
 * Issue 39: the summary is for the moment right after paying (spec: /comprar and /pago lead to it while it is
 * saved). The app forgets it when it opens on any other page, and when the router leaves /resumen for any page,
 * by its buttons, a menu link or the browser's back button; it is forgotten as the router's location changes,
 * before the next page renders, so that page never sends the client back to it. A reload of /resumen keeps it.
 */
export function forgetSummaryAwayFromIt(router: Pick<DataRouter, 'state' | 'subscribe'>): () => void {
  let current = router.state.location.pathname;
  if (!isSummaryPage(current)) forgetPurchaseSummary();
  return router.subscribe(({ location }) => {
    if (isSummaryPage(current) && !isSummaryPage(location.pathname)) forgetPurchaseSummary();
    current = location.pathname;
  });
}

const cartLines = (items: TPricedItem[]): SummaryItem[] =>
  items.map((item) => ({
    id: item.productId,
    name: item.name,
    priceCents: item.unitPriceCents,
    credits: item.credits,
    extra: item.extra,
    quantity: item.quantity,
    ...(item.validityDays && { validityDays: item.validityDays }),
  }));

/** The summary of a completed payment, as the server priced and recorded it. */
export function summaryOfPayment({ order, balance }: TPaymentResult): PaidSummary {
  return {
    status: 'paid',
    method: 'card',
    orderId: order.id,
    folio: order.folio,
    items: cartLines(order.items),
    totalCents: order.totalCents,
    totalCredits: order.totalCredits,
    paidAt: order.createdAt,
    balance,
  };
}

/** The summary of an OXXO or SPEI checkout: its pending order and how to pay it; null if the answer lacks them. */
export function summaryOfPendingCheckout(checkout: TCheckout): PendingSummary | null {
  if (checkout.method === 'card' || !checkout.instructions || !checkout.orderId) return null;
  return {
    status: 'pending',
    method: checkout.method,
    orderId: checkout.orderId,
    ...(checkout.orderFolio !== null && { folio: checkout.orderFolio }),
    items: cartLines(checkout.items),
    totalCents: checkout.amountCents,
    totalCredits: checkout.totalCredits,
    instructions: checkout.instructions,
  };
}
