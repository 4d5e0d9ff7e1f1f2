import type { DbOrTx } from '@sala/db/client';
import { lineCredits } from '@sala/shared/store/store.rules';
import type { TPage } from '@sala/shared/table/table.contract';
import type { TMyOrder, TMyOrdersQuery } from '@sala/shared/users/profile.contract';
import { toPage } from '../../lib/paging';
import { findOrderByPaymentRef, insertOrder, listOrdersOfUser } from './orders.repository';

/** A client's own orders with their products and the credits they granted. */
export async function listOrdersOf(
  db: DbOrTx,
  userId: string,
  query: TMyOrdersQuery,
): Promise<TPage<TMyOrder>> {
  const rows = await listOrdersOfUser(db, userId, query);
  return toPage(rows, query, (row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export type OrderLine = {
  productId: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
  credits: number;
  extra: number;
};

/**
 * An online store order, in the caller's transaction: paid by card, cashier 'Tienda en linea', a snapshot of each
 * line. The payment's reference is unique in orders: one payment can never make two orders.
 */
export function createOnlineOrder(
  tx: DbOrTx,
  input: { userId: string; paymentRef: string; lines: OrderLine[]; totalCents: number },
) {
  return insertOrder(
    tx,
    {
      userId: input.userId,
      totalCents: input.totalCents,
      isPos: false,
      method: 'card',
      status: 'completed',
      cashierName: 'Tienda en linea',
      paidCardCents: input.totalCents,
      paymentRef: input.paymentRef,
    },
    input.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      creditsGranted: lineCredits(line),
    })),
  );
}

/** The order a payment made, if it made one. */
export function orderOfPayment(db: DbOrTx, paymentRef: string) {
  return findOrderByPaymentRef(db, paymentRef);
}
