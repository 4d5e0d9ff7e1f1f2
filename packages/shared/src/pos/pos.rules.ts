import { posMessages as m } from './pos.messages';

/** The largest quantity of one product in one sale. */
export const MAX_POS_QUANTITY = 99;
/** Different products in one sale. */
export const MAX_POS_LINES = 30;
/** The largest sale, and the largest amount typed in one payment field (centavos): 1 000 000 pesos. */
export const MAX_POS_TOTAL_CENTS = 100_000_000;

export type PosPayment = { cashCents: number; cardCents: number; transferCents: number };

export type PosPaymentCheck =
  | { ok: true; paidCents: number; changeCents: number }
  | { ok: false; message: string };

/**
 * The point of sale's payment rules (docs/business-rules.md §5), for the form and for the server alike. Amounts are centavos.
 * A card or a transfer is charged for what it says, so neither may exceed the total, and they never go together;
 * cash may exceed it, and the difference is the change (only when cash is used).
 */
export function checkPosPayment(totalCents: number, payment: PosPayment): PosPaymentCheck {
  const { cashCents, cardCents, transferCents } = payment;
  if (totalCents <= 0) return { ok: false, message: m.noTotal };
  if ([cashCents, cardCents, transferCents].some((amount) => !Number.isInteger(amount) || amount < 0))
    return { ok: false, message: m.invalidAmount };
  if (cashCents + cardCents + transferCents === 0) return { ok: false, message: m.noPaymentMethod };
  if (cardCents > 0 && transferCents > 0) return { ok: false, message: m.cardAndTransfer };
  if (cardCents > totalCents || transferCents > totalCents)
    return { ok: false, message: m.cardOrTransferOverTotal };
  const paidCents = cashCents + cardCents + transferCents;
  if (paidCents < totalCents) return { ok: false, message: m.sumBelowTotal };
  return { ok: true, paidCents, changeCents: cashCents > 0 ? paidCents - totalCents : 0 };
}

/** What the cash drawer keeps of a sale: the cash received less the change handed back. */
export const cashKeptCents = (order: { paidCashCents: number; changeCents: number }) =>
  order.paidCashCents - order.changeCents;

/** The method an order is filed under: one method, or 'mixed' for cash with a card or a transfer. */
export function paymentMethodOf(payment: PosPayment): 'cash' | 'card' | 'transfer' | 'mixed' {
  const used = (['cash', 'card', 'transfer'] as const).filter(
    (method) => payment[`${method}Cents` as const] > 0,
  );
  return used.length === 1 ? used[0]! : 'mixed';
}

export type PosLine = { productId: string; quantity: number };

/** Adding a product already in the sale adds the quantity to its line (docs/business-rules.md §4), capped at the maximum. */
export function addPosLine<T extends PosLine>(lines: T[], line: T): T[] {
  const existing = lines.find((item) => item.productId === line.productId);
  if (!existing) return [...lines, line];
  return lines.map((item) =>
    item.productId === line.productId
      ? { ...item, quantity: Math.min(MAX_POS_QUANTITY, item.quantity + line.quantity) }
      : item,
  );
}

/** Total of the sale's lines at their unit prices (centavos). */
export const posTotalCents = (lines: { unitPriceCents: number; quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);

/** What a point-of-sale request asks for, as far as a retry must repeat it. */
export type PosSaleRequest = PosPayment & {
  /** null: a walk-in sale ("Público en general"). */
  clientId: string | null;
  branchId: string | null;
  items: { productId: string | null; quantity: number }[];
};

/**
 * Whether two requests under one idempotency key are the same sale (a double click, a retry) rather than a new
 * sale reusing an old key: same client, branch, products and quantities (in any order, repeated lines added up)
 * and the same amounts paid by each method. Prices are not compared: the first request priced the sale.
 */
export function isSamePosSale(a: PosSaleRequest, b: PosSaleRequest): boolean {
  const quantities = (items: PosSaleRequest['items']) => {
    const byProduct = new Map<string | null, number>();
    for (const item of items)
      byProduct.set(item.productId, (byProduct.get(item.productId) ?? 0) + item.quantity);
    return byProduct;
  };
  const left = quantities(a.items);
  const right = quantities(b.items);
  return (
    a.clientId === b.clientId &&
    a.branchId === b.branchId &&
    a.cashCents === b.cashCents &&
    a.cardCents === b.cardCents &&
    a.transferCents === b.transferCents &&
    left.size === right.size &&
    [...left].every(([productId, quantity]) => right.get(productId) === quantity)
  );
}

/** How the point of sale names a sale without a client (issue 22). */
export const WALK_IN_NAME = 'Público en general';

/** A walk-in sale may hold only products that grant no credits: credits need an account to go to. */
export function walkInProblem(lines: { credits: number; extra: number }[]): boolean {
  return lines.some((line) => line.credits + line.extra > 0);
}
