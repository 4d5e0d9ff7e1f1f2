import type { CartItem } from '@sala/shared/cart/cart.rules';
import type {
  TCheckout,
  TPaymentInstructions,
  TPaymentResult,
  TPricedItem,
} from '@sala/shared/store/store.contract';
import { useMemo } from 'react';
import { storageKeys, useStored, writeStored } from '../../lib/local-store';

type SummaryBase = {
  orderId: string;
  /** The order's folio for people (issue 39); a summary saved before it has none, and shows none. */
  folio?: number;
  items: CartItem[];
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

export function savePurchaseSummary(summary: PurchaseSummary | null) {
  writeStored(storageKeys.purchaseSummary, summary);
}

const cartLines = (items: TPricedItem[]): CartItem[] =>
  items.map((item) => ({
    id: item.productId,
    name: item.name,
    priceCents: item.unitPriceCents,
    credits: item.credits,
    extra: item.extra,
    quantity: item.quantity,
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
