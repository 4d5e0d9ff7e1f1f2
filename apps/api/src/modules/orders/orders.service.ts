import type { DbOrTx } from '@sala/db/client';
import type { StoredPaymentFunding, StoredPaymentInstructions } from '@sala/db/schema/commerce';
import type { TCashMovement } from '@sala/shared/cash-summary/cash-summary.contract';
import { formatFolio, parseFolioQuery } from '@sala/shared/orders/folio';
import type {
  TCancelOrderResponse,
  TOrderListQuery,
  TOrderRow,
  TOrderTicket,
} from '@sala/shared/orders/orders.contract';
import { orderMessages as m } from '@sala/shared/orders/orders.messages';
import { cashKeptCents, type PosPayment, paymentMethodOf } from '@sala/shared/pos/pos.rules';
import { lineCredits } from '@sala/shared/store/store.rules';
import type { TPage } from '@sala/shared/table/table.contract';
import { dayRange } from '@sala/shared/time/business-time';
import type { TMyOrder, TMyOrdersQuery } from '@sala/shared/users/profile.contract';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { pageWindow, reversed, toPage } from '../../lib/paging';
import { GatewayUnavailableError } from '../../lib/payments/gateway';
import { recordAudit } from '../audit/audit.service';
import { takeBackCredits } from '../credits/credits.service';
import { invoicingOfCancelledSale } from '../invoicing/invoicing.service';
import {
  allOrdersOfUser,
  claimOrderCancel,
  countOrders,
  creditsGrantedBy,
  findOrderByIdempotencyKey,
  findOrderByPaymentRef,
  findOrderPayment,
  findOrderTicket,
  insertOrder,
  insertOrderOnce,
  listOrderPage,
  listOrdersOfUser,
  lockOrder,
  lockOrdersOfUser,
  markOrderCancelled,
  markOrderExpired,
  markOrderPaid,
  type OrderFilter,
  orderMovementsBetween,
  pendingOrdersOfUser,
  posTakingsBetween,
  releaseOrderCancel,
  setOrderFunding,
} from './orders.repository';

/** A client's own orders with their products and the credits they granted. */
export async function listOrdersOf(
  { db, actor }: ActingContext,
  query: TMyOrdersQuery,
): Promise<TPage<TMyOrder>> {
  const rows = await listOrdersOfUser(db, actor.id, query);
  return toPage(rows, query, myOrder);
}

const myOrder = (row: Omit<Awaited<ReturnType<typeof listOrdersOfUser>>[number], 'total'>): TMyOrder => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** A client's orders as the staff see them (the client's account page, issue 22). */
export async function ordersOfClient(
  { db }: ActingContext,
  { userId, query }: { userId: string; query: TMyOrdersQuery },
): Promise<TPage<TMyOrder>> {
  const rows = await listOrdersOfUser(db, userId, query);
  return toPage(rows, query, myOrder);
}

export type OrderLine = {
  productId: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
  credits: number;
  extra: number;
  /** The product's validity when sold (issue 44); null or absent: its credits never expire. */
  validityDays?: number | null;
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
      validityDays: line.validityDays ?? null,
    })),
  );
}

/**
 * An online order waiting for its OXXO or SPEI payment (issue 24), in the caller's transaction: status pending,
 * nothing paid yet, the voucher or the transfer's account kept for the client and the staff. The payment's
 * reference is unique: one payment, one order. Its credits come when the payment is confirmed (markPendingPaid).
 */
export function createPendingOnlineOrder(
  tx: DbOrTx,
  input: {
    userId: string;
    paymentRef: string;
    method: 'oxxo' | 'spei';
    lines: OrderLine[];
    totalCents: number;
    /** Null when the payment was made at once (SPEI from the client's balance): nothing to show. */
    instructions: StoredPaymentInstructions | null;
    expiresAt: Date;
    at: Date;
  },
) {
  return insertOrder(
    tx,
    {
      createdAt: input.at,
      userId: input.userId,
      totalCents: input.totalCents,
      isPos: false,
      method: input.method,
      status: 'pending',
      cashierName: 'Tienda en linea',
      paymentRef: input.paymentRef,
      paymentInstructions: input.instructions,
      paymentExpiresAt: input.expiresAt,
    },
    input.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      creditsGranted: lineCredits(line),
      validityDays: line.validityDays ?? null,
    })),
  );
}

/** A pending or expired order's payment confirmed: completed, counted on `at`'s day. Undefined if cancelled. */
export async function markPendingPaid(
  tx: DbOrTx,
  order: { id: string; method: 'oxxo' | 'spei'; totalCents: number },
  at: Date,
) {
  const [paid] = await markOrderPaid(tx, order.id, { at, method: order.method, cents: order.totalCents });
  return paid;
}

/** A pending order whose payment never came: expired (true), or it was no longer pending (false). */
export async function expirePendingOrder(tx: DbOrTx, orderId: string) {
  return (await markOrderExpired(tx, orderId)).length > 0;
}

/** What the gateway last said about a SPEI transfer's money. */
export async function noteOrderFunding(tx: DbOrTx, orderId: string, funding: StoredPaymentFunding) {
  await setOrderFunding(tx, orderId, funding);
}

/** An online order's folio, and the voucher or the transfer's account it keeps while pending (null after). */
export async function pendingOrderInstructions(db: DbOrTx, orderId: string) {
  const found = await findOrderPayment(db, orderId);
  if (!found) return undefined;
  return { folio: found.folio, instructions: found.status === 'pending' ? found.instructions : null };
}

/**
 * An order under its row lock: the payments module settles a pending one, and starts a cancel, under it. Outside a
 * transaction it is a read that waits for whoever holds the order and sees what they left.
 */
export function lockOrderForPayment(tx: DbOrTx, id: string) {
  return lockOrder(tx, id);
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
    /** null: a walk-in sale. */
    clientId: string | null;
    branchId: string;
    cashier: { id: string; name: string };
    lines: OrderLine[];
    totalCents: number;
    payment: PosPayment;
    changeCents: number;
    /** The moment of the sale: its drawer's day and the corte's are read from the same clock. */
    at: Date;
  },
) {
  return insertOrderOnce(
    tx,
    {
      createdAt: input.at,
      idempotencyKey: input.idempotencyKey,
      userId: input.clientId,
      branchId: input.branchId,
      totalCents: input.totalCents,
      method: paymentMethodOf(input.payment),
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
      validityDays: line.validityDays ?? null,
    })),
  );
}

/** The order an idempotency key made, if any. */
export function orderOfIdempotencyKey(db: DbOrTx, key: string) {
  return findOrderByIdempotencyKey(db, key);
}

const notFound = () => new AppError('not-found', m.notFound);

/** GET /api/orders/:id — an order in full, for its details and its ticket. */
/** GET /api/orders/:id: one order as its ticket shows it. */
export function orderTicket({ db }: ActingContext, { id }: { id: string }): Promise<TOrderTicket> {
  return getOrderTicket(db, id);
}

/** An order's ticket, read in the caller's transaction (a sale or a cancel answers with it). */
export async function getOrderTicket(db: DbOrTx, id: string): Promise<TOrderTicket> {
  const row = await findOrderTicket(db, id);
  if (!row) throw notFound();
  const {
    clientId,
    clientName,
    clientEmail,
    clientPhone,
    refundRef,
    paidThrough,
    customerBalanceCents,
    funding,
    ...order
  } = row;
  return {
    ...order,
    createdAt: order.createdAt.toISOString(),
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    paidAt: order.paidAt?.toISOString() ?? null,
    funding:
      funding || customerBalanceCents !== null
        ? {
            receivedCents: funding?.receivedCents ?? 0,
            remainingCents: funding?.remainingCents ?? 0,
            customerBalanceCents: customerBalanceCents ?? funding?.customerBalanceCents ?? null,
          }
        : null,
    // Test mode only, for a payment the test gateway issued (design §9 'simular pago').
    canSimulatePayment:
      order.status === 'pending' &&
      paidThrough === 'test' &&
      (order.method === 'oxxo' || order.method === 'spei'),
    client: { id: clientId, name: clientName, email: clientEmail ?? '', phone: clientPhone ?? '' },
    creditsGranted: order.items.reduce((sum, item) => sum + item.creditsGranted, 0),
    refunded: refundRef !== null,
  };
}

/**
 * POST /api/orders/:id/send-ticket: a point-of-sale sale's ticket to the address given at the counter (a walk-in
 * client's, or a client's other address), written to the outbox and tried at once.
 */
export async function sendTicket(ctx: ActingContext, { id, email }: { id: string; email: string }) {
  const { db, notify } = ctx;
  const queued = await db.transaction(async (tx) => {
    const ticket = await getOrderTicket(tx, id);
    if (!ticket.isPos)
      throw new AppError('aborted', 'Solo los tickets del punto de venta se envían desde aquí.');
    return notify.posSale(tx, {
      folio: ticket.folio,
      createdAt: new Date(ticket.createdAt),
      branchName: ticket.branchName ?? '',
      cashierName: ticket.cashierName,
      items: ticket.items.map((item) => ({
        name: item.name,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        credits: item.creditsGranted,
      })),
      totalCents: ticket.totalCents,
      paidCashCents: ticket.paidCashCents,
      paidCardCents: ticket.paidCardCents,
      paidTransferCents: ticket.paidTransferCents,
      changeCents: ticket.changeCents,
      creditsGranted: ticket.creditsGranted,
      client: { name: ticket.client.name, email: email.toLowerCase() },
    });
  });
  await notify.sendNow(queued);
}

/**
 * What the admin table's search box asks for (issue 39): "A-00123" is that order alone; bare digits are the order
 * with that folio, shown first, and then the clients whose name, e-mail or phone hold them; anything else, clients.
 */
function orderSearch(query: TOrderListQuery): { pinned?: OrderFilter; rest: OrderFilter } {
  const { q, status, invoice } = query;
  const folio = q ? parseFolioQuery(q) : null;
  if (folio?.prefixed) return { rest: { folio: folio.folio, status, invoice } };
  if (folio)
    return {
      pinned: { folio: folio.folio, status, invoice },
      rest: { client: q, notFolio: folio.folio, status, invoice },
    };
  return { rest: { client: q, status, invoice } };
}

/**
 * GET /api/orders — the admin table: the first two products of each order and how many more. A page past the
 * middle is read from the other end (the same rows, reversed back), so the last page costs what the first does.
 * An order found by its folio heads the list; the rest follow, paged after it.
 */
export async function listOrders({ db }: ActingContext, query: TOrderListQuery): Promise<TPage<TOrderRow>> {
  const search = orderSearch(query);
  const page = (filter: OrderFilter, offset: number, limit: number, dir: 'asc' | 'desc') =>
    listOrderPage(db, { sort: query.sort, dir, filter, offset, limit });
  const [head, restTotal] = await Promise.all([
    search.pinned ? page(search.pinned, 0, 1, query.dir) : [],
    countOrders(db, search.rest),
  ]);
  const total = head.length + restTotal;
  const offset = (query.page - 1) * query.pageSize;
  const shown = head.slice(offset, offset + query.pageSize);
  const window = pageWindow(Math.max(0, offset - head.length), query.pageSize - shown.length, restTotal);
  const rest =
    window.limit === 0
      ? []
      : window.fromEnd
        ? (await page(search.rest, window.offset, window.limit, reversed(query.dir))).reverse()
        : await page(search.rest, window.offset, window.limit, query.dir);
  return {
    rows: [...shown, ...rest].map(({ lines, ...row }) => ({
      ...row,
      clientPhone: row.clientPhone ?? '',
      createdAt: row.createdAt.toISOString(),
      products: lines.slice(0, 2),
      moreProducts: Math.max(0, lines.length - 2),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/** A completed order can be cancelled; anything else answers why not (a pending one: cancelPendingOrder). */
function cancellable(order: LockedOrder | undefined): LockedOrder {
  if (!order) throw notFound();
  if (order.status === 'cancelled') throw new AppError('aborted', m.alreadyCancelled);
  if (order.status !== 'completed') throw new AppError('aborted', m.notCompleted);
  return order;
}

/**
 * The payments module's cancel of a pending order (issue 24), under its row lock, after the gateway cancelled
 * the payment: cancelled, nothing to take back (no credits were granted), audited. Answers like any cancel.
 */
export async function cancelPendingOrderIn(
  ctx: ActingContext,
  tx: DbOrTx,
  orderId: string,
): Promise<TCancelOrderResponse> {
  await markOrderCancelled(tx, orderId, { cancelledBy: ctx.actor.id, refundRef: null });
  const ticket = await getOrderTicket(tx, orderId);
  await recordAudit(tx, ctx, [
    {
      action: 'order.cancel',
      entity: 'order',
      entityId: orderId,
      label: `Orden ${formatFolio(ticket.folio)} · ${ticket.client.name}`,
      before: { status: 'pending', totalCents: ticket.totalCents },
      after: { status: 'cancelled', totalCents: ticket.totalCents, creditsTakenBack: 0, refund: null },
    },
  ]);
  return { order: ticket, creditsTakenBack: 0, creditsNotTakenBack: 0, refunded: false };
}

/**
 * Gives back an online card payment through the gateway that took it, outside any transaction. The order's id is
 * the idempotency key: a retried or concurrent cancel gets the provider's first refund back, never a second one.
 */
async function refundOnline(ctx: ActingContext, order: LockedOrder): Promise<string> {
  if (order.paidThrough && order.paidThrough !== ctx.payments.mode)
    throw new AppError('unavailable', m.refundGatewayChanged);
  try {
    const { refundRef } = await ctx.payments.refund({
      paymentRef: order.paymentRef!,
      amountCents: order.paidCardCents,
      idempotencyKey: `refund-${order.id}`,
    });
    return refundRef;
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', m.refundFailed);
    throw error;
  }
}

/**
 * How long a cancel may wait on the gateway before another cancel may try again: beyond the gateway's own request
 * timeout (20 s) with its retries, so a live claim is never taken over, and short enough that an order whose cancel
 * died with its process is cancellable again within minutes.
 */
const CANCEL_CLAIM_MS = 2 * 60_000;

const needsRefund = (order: LockedOrder) =>
  !order.isPos && order.paymentRef !== null && order.paidCardCents > 0;

/** Marks the order cancelled and takes back the credits it granted (never below 0), under its row lock. */
async function finishCancel(
  ctx: ActingContext,
  tx: DbOrTx,
  order: LockedOrder,
  refundRef: string | null,
): Promise<TCancelOrderResponse> {
  await markOrderCancelled(tx, order.id, { cancelledBy: ctx.actor.id, refundRef });
  const granted = await creditsGrantedBy(tx, order.id);
  // A walk-in sale granted no credits (and has no account to take them from).
  const reversal =
    granted > 0 && order.userId
      ? await takeBackCredits(tx, {
          userId: order.userId,
          amount: granted,
          reason: 'order_cancel',
          actorId: ctx.actor.id,
          referenceId: order.id,
          note: 'Orden cancelada',
          // From the order's own lots: what of them was used or expired stays so.
          fromLotsOf: order.id,
          now: ctx.now,
        })
      : { taken: 0, short: 0 };
  const ticket = await getOrderTicket(tx, order.id);
  // Its invoice is cancelled, credited or taken out of the global invoice (issue 42; the PAC is asked after).
  await invoicingOfCancelledSale(tx, ctx, {
    id: order.id,
    folio: ticket.folio,
    refundedCents: ticket.totalCents,
  });
  await recordAudit(tx, ctx, [
    {
      action: 'order.cancel',
      entity: 'order',
      entityId: order.id,
      label: `Orden ${formatFolio(ticket.folio)} · ${ticket.client.name}`,
      before: { status: 'completed', totalCents: ticket.totalCents },
      after: {
        status: 'cancelled',
        totalCents: ticket.totalCents,
        creditsTakenBack: reversal.taken,
        creditsNotTakenBack: reversal.short,
        refund: refundRef,
      },
    },
  ]);
  return {
    order: ticket,
    creditsTakenBack: reversal.taken,
    creditsNotTakenBack: reversal.short,
    refunded: refundRef !== null,
  };
}

/** What a cancel's first transaction left: the cancel done, or claimed for a refund at the gateway. */
export type CancelStart =
  | { kind: 'done'; answer: TCancelOrderResponse }
  | { kind: 'claimed'; order: LockedOrder };

/**
 * The cancel of a completed order (POST /api/orders/:id/cancel, docs/business-rules.md D§4), in two steps for the
 * payments module, which routes it: this is the first, in the caller's transaction with the order under its row lock
 * (lockOrderForPayment: issue 46, the same read that told a pending order from a completed one). An order paid in
 * person is cancelled here, so two cancels at once reverse once. A card payment made online is refunded first (a
 * failed refund cancels nothing), and the provider is never called inside a transaction: this transaction claims the
 * cancel, endCancel runs the refund with no lock or connection held, then a second short transaction checks the order
 * again, marks it and takes the credits back. A second cancel meanwhile is told one is under way; the refund's
 * idempotency key (the order's id) makes a retry after a crash get the provider's first refund back.
 */
export async function startCancel(
  ctx: ActingContext,
  tx: DbOrTx,
  locked: LockedOrder | undefined,
): Promise<CancelStart> {
  const order = cancellable(locked);
  if (!needsRefund(order)) return { kind: 'done', answer: await finishCancel(ctx, tx, order, null) };
  const claimedAt = order.cancelClaimedAt?.getTime();
  if (claimedAt !== undefined && ctx.now.getTime() - claimedAt < CANCEL_CLAIM_MS)
    throw new AppError('aborted', m.cancelInProgress);
  await claimOrderCancel(tx, order.id, ctx.now);
  return { kind: 'claimed', order };
}

/** After startCancel's transaction committed: the refund at the gateway and the cancel's second transaction. */
export async function endCancel(ctx: ActingContext, first: CancelStart): Promise<TCancelOrderResponse> {
  if (first.kind === 'done') {
    ctx.metrics.orderCancelled();
    ctx.invoicing.wake();
    return first.answer;
  }
  const { id } = first.order;
  let refundRef: string;
  try {
    refundRef = await refundOnline(ctx, first.order);
  } catch (error) {
    await releaseOrderCancel(ctx.db, id);
    throw error;
  }
  const answer = await ctx.db.transaction(async (tx) =>
    finishCancel(ctx, tx, cancellable(await lockOrder(tx, id)), refundRef),
  );
  ctx.metrics.orderCancelled();
  ctx.invoicing.wake();
  return answer;
}

/**
 * The orders of a Mexico City day as corte movements: what each put in the drawer by method (cash net of the
 * change). Cancelled ones are listed; the corte's totals leave them out.
 */
export async function orderMovementsOfDay(
  db: DbOrTx,
  day: { date: string; branchId?: string },
): Promise<TCashMovement[]> {
  const stored = await orderMovementsBetween(db, { ...dayRange(day.date), branchId: day.branchId });
  return stored.map(({ paidCashCents, changeCents, ...movement }) => ({
    ...movement,
    cashCents: cashKeptCents({ paidCashCents, changeCents }),
  }));
}

/**
 * For the users module, before a client's name changes: their orders hold it (migration 0029), so a rename writes
 * every one of them. Taken first, in the order of their ids, they are locked as a cancel locks them (the order, then
 * the account): a rename and a cancel at once wait for each other's end instead of deadlocking.
 */
export async function lockOrdersOf(tx: DbOrTx, userId: string): Promise<void> {
  await lockOrdersOfUser(tx, userId);
}

/** For the privacy module: every order of a client with its lines. */
export function allOrdersOf(db: DbOrTx, userId: string) {
  return allOrdersOfUser(db, userId);
}

/** For the privacy module: a client's orders waiting for their payment (an account with one cannot be closed). */
export function pendingOrdersOf(db: DbOrTx, userId: string) {
  return pendingOrdersOfUser(db, userId);
}

/** For the cash drawer: a branch's completed point-of-sale takings of a Mexico City date, by method. */
export function posTakingsOfDay(db: DbOrTx, day: { branchId: string; date: string }) {
  return posTakingsBetween(db, { branchId: day.branchId, ...dayRange(day.date) });
}
