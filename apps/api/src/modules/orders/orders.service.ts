import type { Db, DbOrTx } from '@sala/db/client';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { TCashMovement } from '@sala/shared/cash-summary/cash-summary.contract';
import type {
  TCancelOrderResponse,
  TOrderListQuery,
  TOrderRow,
  TOrderTicket,
} from '@sala/shared/orders/orders.contract';
import { orderMessages as m } from '@sala/shared/orders/orders.messages';
import { type PosPayment, paymentMethodOf } from '@sala/shared/pos/pos.rules';
import { lineCredits } from '@sala/shared/store/store.rules';
import type { TPage } from '@sala/shared/table/table.contract';
import { dayRange } from '@sala/shared/time/business-time';
import type { TMyOrder, TMyOrdersQuery } from '@sala/shared/users/profile.contract';
import { AppError } from '../../lib/app-error';
import { toPage } from '../../lib/paging';
import { takeBackCredits } from '../credits/credits.service';
import {
  countOrders,
  creditsGrantedBy,
  findOrderByIdempotencyKey,
  findOrderByPaymentRef,
  findOrderTicket,
  insertOrder,
  insertOrderOnce,
  listOrderPage,
  listOrdersOfUser,
  lockOrder,
  markOrderCancelled,
  orderMovementsBetween,
} from './orders.repository';

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

/**
 * A point-of-sale order in the caller's transaction: cashier = the staff member, the amounts by method and the
 * change, a snapshot of each line. Undefined when the idempotency key already made an order (nothing written).
 */
export async function createPosOrder(
  tx: DbOrTx,
  input: {
    idempotencyKey: string;
    clientId: string;
    branchId: string;
    cashier: { id: string; name: string };
    lines: OrderLine[];
    totalCents: number;
    payment: PosPayment;
    changeCents: number;
  },
) {
  return insertOrderOnce(
    tx,
    {
      idempotencyKey: input.idempotencyKey,
      userId: input.clientId,
      branchId: input.branchId,
      totalCents: input.totalCents,
      isPos: true,
      method: paymentMethodOf(input.payment),
      status: 'completed',
      cashierId: input.cashier.id,
      cashierName: input.cashier.name,
      paidCashCents: input.payment.cashCents,
      paidCardCents: input.payment.cardCents,
      paidTransferCents: input.payment.transferCents,
      changeCents: input.changeCents,
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

/** The order an idempotency key made, if any. */
export function orderOfIdempotencyKey(db: DbOrTx, key: string) {
  return findOrderByIdempotencyKey(db, key);
}

const notFound = () => new AppError('not-found', m.notFound);

/** GET /api/orders/:id — an order in full, for its details and its ticket. */
export async function getOrderTicket(db: DbOrTx, id: string): Promise<TOrderTicket> {
  const row = await findOrderTicket(db, id);
  if (!row) throw notFound();
  const { clientId, clientName, clientEmail, clientPhone, refundRef, ...order } = row;
  return {
    ...order,
    createdAt: order.createdAt.toISOString(),
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    client: { id: clientId, name: clientName, email: clientEmail, phone: clientPhone },
    creditsGranted: order.items.reduce((sum, item) => sum + item.creditsGranted, 0),
    refunded: refundRef !== null,
  };
}

/**
 * GET /api/orders — the admin table: the first two products of each order and how many more. A page past the
 * middle is read from the other end (the same rows, reversed back), so the last page costs what the first does.
 */
export async function listOrders(db: DbOrTx, query: TOrderListQuery): Promise<TPage<TOrderRow>> {
  const total = await countOrders(db, query.q);
  const offset = (query.page - 1) * query.pageSize;
  const limit = Math.max(0, Math.min(query.pageSize, total - offset));
  const fromEnd = offset > total / 2;
  const rows =
    limit === 0
      ? []
      : await listOrderPage(db, {
          sort: query.sort,
          q: query.q,
          limit,
          ...(fromEnd
            ? { dir: query.dir === 'asc' ? 'desc' : 'asc', offset: total - offset - limit }
            : { dir: query.dir, offset }),
        });
  if (fromEnd) rows.reverse();
  return {
    rows: rows.map(({ lines, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      products: lines.slice(0, 2),
      moreProducts: Math.max(0, lines.length - 2),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export type RefundOnline = (
  tx: DbOrTx,
  input: {
    paymentRef: string;
    amountCents: number;
    orderId: string;
  },
) => Promise<{ ok: true; refundRef: string } | { ok: false; reason: 'gateway-changed' | 'unavailable' }>;

/**
 * POST /api/orders/:id/cancel (design.md §4): under the order's row lock, so two cancels at once reverse once. A
 * card payment made online is refunded through its gateway first (a failed refund cancels nothing); the credits the
 * order granted are taken back through the ledger, never below 0.
 */
export async function cancelOrder(options: {
  db: Db;
  actor: TSessionUser;
  id: string;
  refundOnline: RefundOnline;
}): Promise<TCancelOrderResponse> {
  const { db, actor, id } = options;
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw notFound();
    if (order.status === 'cancelled') throw new AppError('aborted', m.alreadyCancelled);
    if (order.status !== 'completed') throw new AppError('aborted', m.notCompleted);
    let refundRef: string | null = null;
    if (!order.isPos && order.paymentRef && order.paidCardCents > 0) {
      const refund = await options.refundOnline(tx, {
        paymentRef: order.paymentRef,
        amountCents: order.paidCardCents,
        orderId: order.id,
      });
      if (!refund.ok)
        throw new AppError(
          'unavailable',
          refund.reason === 'gateway-changed' ? m.refundGatewayChanged : m.refundFailed,
        );
      refundRef = refund.refundRef;
    }
    await markOrderCancelled(tx, id, { cancelledBy: actor.id, refundRef });
    const granted = await creditsGrantedBy(tx, id);
    const reversal =
      granted > 0
        ? await takeBackCredits(tx, {
            userId: order.userId,
            amount: granted,
            reason: 'order_cancel',
            actorId: actor.id,
            referenceId: id,
            note: 'Orden cancelada',
          })
        : { taken: 0, short: 0 };
    return {
      order: await getOrderTicket(tx, id),
      creditsTakenBack: reversal.taken,
      creditsNotTakenBack: reversal.short,
      refunded: refundRef !== null,
    };
  });
}

/**
 * The orders of a Mexico City day as corte movements: what each put in the drawer by method (cash net of the
 * change). Cancelled ones are listed; the corte's totals leave them out.
 */
export function orderMovementsOfDay(
  db: DbOrTx,
  day: { date: string; branchId?: string },
): Promise<TCashMovement[]> {
  return orderMovementsBetween(db, { ...dayRange(day.date), branchId: day.branchId });
}
