import type { CartItem } from '@sala/shared/cart/cart.rules';
import { storageKeys, useStored, writeStored } from '../../lib/local-store';

/** Spec §3: a snapshot of the cart saved after an online purchase ('pcSummary'). */
export type PurchaseSummary = {
  orderId: string;
  items: CartItem[];
  totalCents: number;
  totalCredits: number;
  paidAt: string;
};

export function usePurchaseSummary(): PurchaseSummary | null {
  const stored = useStored<PurchaseSummary | null>(storageKeys.purchaseSummary, null);
  return stored && Array.isArray(stored.items) ? stored : null;
}

export function savePurchaseSummary(summary: PurchaseSummary | null) {
  writeStored(storageKeys.purchaseSummary, summary);
}
