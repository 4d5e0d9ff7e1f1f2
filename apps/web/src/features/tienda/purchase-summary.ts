import type { CartItem } from '@sala/shared/cart/cart.rules';
import type { TPaymentResult } from '@sala/shared/store/store.contract';
import { storageKeys, useStored, writeStored } from '../../lib/local-store';

/**
 * docs/business-rules.md §3: a snapshot of the purchase saved after paying online ('pcSummary'), with the credits it gave and the
 * balance they left. A summary saved by an older version may lack the last two.
 */
export type PurchaseSummary = {
  orderId: string;
  items: CartItem[];
  totalCents: number;
  totalCredits: number;
  paidAt: string;
  /** The client's credits right after this purchase. */
  balance?: number;
};

export function usePurchaseSummary(): PurchaseSummary | null {
  const stored = useStored<PurchaseSummary | null>(storageKeys.purchaseSummary, null);
  return stored && Array.isArray(stored.items) ? stored : null;
}

export function savePurchaseSummary(summary: PurchaseSummary | null) {
  writeStored(storageKeys.purchaseSummary, summary);
}

/** The summary of a completed payment, as the server priced and recorded it. */
export function summaryOfPayment({ order, balance }: TPaymentResult): PurchaseSummary {
  return {
    orderId: order.id,
    items: order.items.map((item) => ({
      id: item.productId,
      name: item.name,
      priceCents: item.unitPriceCents,
      credits: item.credits,
      extra: item.extra,
      quantity: item.quantity,
    })),
    totalCents: order.totalCents,
    totalCredits: order.totalCredits,
    paidAt: order.createdAt,
    balance,
  };
}
