import type { DbOrTx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import {
  orderItems,
  orders,
  type StoredPaymentFunding,
  type StoredPaymentInstructions,
} from '@sala/db/schema/commerce';
import { globalInvoiceSales, invoices } from '@sala/db/schema/invoicing';
import { branches } from '@sala/db/schema/locations';
import { checkouts, paymentCustomers } from '@sala/db/schema/payments';
import { users } from '@sala/db/schema/users';
import type { TCashMovement } from '@sala/shared/cash-summary/cash-summary.contract';
import { WALK_IN_NAME } from '@sala/shared/pos/pos.rules';
import { and, asc, eq, exists, ilike, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { liveInvoice } from '../../lib/live-invoice';
import { containsPattern, countSerially, offsetOf, orderBy, rowCount, totalCount } from '../../lib/paging';
import { placeholders, preparedOnce } from '../../lib/prepared';
import { rowsOf } from '../../lib/sql-rows';

type Page = { page: number; pageSize: number; dir: 'asc' | 'desc'; q?: string };

export function listOrdersOfUser(
  db: DbOrTx,
  userId: string,
  page: Page & { sort: 'createdAt' | 'totalCents' },
) {
  return db
    .select({
      id: orders.id,
      folio: orders.folio,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      status: orders.status,
      isPos: orders.isPos,
      method: orders.method,
      // The voucher or the transfer's account, while the payment is awaited (issue 24).
      instructions: sql<StoredPaymentInstructions | null>`case when ${orders.status} = 'pending' then ${orders.paymentInstructions} end`,
      // 'Paquete 5 × 2' when a line has more than one.
      products: sql<
        string[]
      >`coalesce(array_agg(${orderItems.name} || case when ${orderItems.quantity} > 1 then ' × ' || ${orderItems.quantity} else '' end order by ${orderItems.name}) filter (where ${orderItems.id} is not null), '{}')`,
      // Granted on payment: an order cancelled before its OXXO or SPEI money came gave none.
      creditsGranted: sql<number>`(case when ${orders.status} = 'cancelled' and ${orders.paidAt} is null then 0
        else coalesce(sum(${orderItems.creditsGranted}), 0) end)::int`,
      total: totalCount(),
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        page.q
          ? exists(
              db
                .select({ one: sql`1` })
                .from(orderItems)
                .where(
                  and(eq(orderItems.orderId, orders.id), ilike(orderItems.name, containsPattern(page.q))),
                ),
            )
          : undefined,
      ),
    )
    .groupBy(orders.id)
    .orderBy(orderBy(page.sort === 'totalCents' ? orders.totalCents : orders.createdAt, page.dir), orders.id)
    .limit(page.pageSize)
    .offset(offsetOf(page.page, page.pageSize));
}

export async function insertOrder(
  tx: DbOrTx,
  order: typeof orders.$inferInsert,
  items: Omit<typeof orderItems.$inferInsert, 'orderId'>[],
) {
  const [row] = await tx
    .insert(orders)
    .values(order)
    .returning({ id: orders.id, folio: orders.folio, createdAt: orders.createdAt });
  if (items.length > 0)
    await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row!.id })));
  return row!;
}

const orderOfPaymentRef = preparedOnce((db) =>
  db
    .select({
      id: orders.id,
      folio: orders.folio,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      userId: orders.userId,
    })
    .from(orders)
    .where(eq(orders.paymentRef, sql.placeholder('paymentRef'))),
);

export function findOrderByPaymentRef(db: DbOrTx, paymentRef: string) {
  return orderOfPaymentRef(db)
    .execute({ paymentRef })
    .then((rows) => rows[0]);
}

/**
 * A point-of-sale order with its lines, unless its idempotency key already made one: the unique key decides
 * between a double click's two requests (the second waits for the first, then finds it). Returns undefined then.
 */
export async function insertOrderOnce(
  tx: DbOrTx,
  order: PosOrderRow,
  items: Omit<typeof orderItems.$inferInsert, 'orderId'>[],
) {
  const [row] = await posOrder(tx).execute({ ...order, id: newId() });
  if (!row) return undefined;
  await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row.id })));
  return row;
}

/** What a point-of-sale order is made of (orders.service's createPosOrder): every sale inserts these. */
const POS_ORDER_COLUMNS = [
  'id',
  'createdAt',
  'idempotencyKey',
  'userId',
  'branchId',
  'totalCents',
  'method',
  'cashierId',
  'cashierName',
  'paidCashCents',
  'paidCardCents',
  'paidTransferCents',
  'changeCents',
] as const;
/** Each one given (null where none): a placeholder left without a value fails the query. */
type PosOrderRow = Required<
  Pick<typeof orders.$inferInsert, Exclude<(typeof POS_ORDER_COLUMNS)[number], 'id'>>
>;

const posOrder = preparedOnce((db) =>
  db
    .insert(orders)
    .values({ ...placeholders(POS_ORDER_COLUMNS), isPos: true, status: 'completed' })
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning({ id: orders.id, folio: orders.folio, createdAt: orders.createdAt }),
);

/**
 * The sale a point-of-sale key already made, with what it was made of (to tell a retry from another sale): one
 * query, its lines with it (issue 46: every sale asks it first).
 */
const orderOfKey = preparedOnce((db) =>
  db
    .select({
      id: orders.id,
      cashierId: orders.cashierId,
      userId: orders.userId,
      branchId: orders.branchId,
      cashCents: orders.paidCashCents,
      cardCents: orders.paidCardCents,
      transferCents: orders.paidTransferCents,
      items: sql<{ productId: string | null; quantity: number }[]>`coalesce((
        select json_agg(json_build_object('productId', i."product_id", 'quantity', i."quantity"))
        from ${orderItems} i where i."order_id" = "orders"."id"), '[]'::json)`,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, sql.placeholder('key'))),
);

export async function findOrderByIdempotencyKey(db: DbOrTx, key: string) {
  const [order] = await orderOfKey(db).execute({ key });
  return order;
}

const client = alias(users, 'client');

/**
 * An order in full: client, branch, amounts and lines (the ticket and the details), in one query (issue 46: a sale,
 * a cancel and a payment answer with it, and each query waits for a connection of its own under load).
 */
const orderTicket = preparedOnce((db) =>
  db
    .select({
      id: orders.id,
      folio: orders.folio,
      createdAt: orders.createdAt,
      status: orders.status,
      isPos: orders.isPos,
      method: orders.method,
      branchName: branches.name,
      cashierName: orders.cashierName,
      clientId: client.id,
      // A walk-in sale (issue 22) has no client: the ticket names the public.
      clientName: sql<string>`coalesce(${client.name}, ${WALK_IN_NAME})`,
      clientEmail: client.email,
      clientPhone: client.phone,
      totalCents: orders.totalCents,
      paidCashCents: orders.paidCashCents,
      paidCardCents: orders.paidCardCents,
      paidTransferCents: orders.paidTransferCents,
      changeCents: orders.changeCents,
      cancelledAt: orders.cancelledAt,
      refundRef: orders.refundRef,
      paidAt: orders.paidAt,
      instructions: orders.paymentInstructions,
      funding: orders.paymentFunding,
      /** The gateway the online payment went through (its checkout's), and the client's balance there. */
      paidThrough: checkouts.gateway,
      customerBalanceCents: paymentCustomers.balanceCents,
      items: sql<
        { name: string; quantity: number; unitPriceCents: number; creditsGranted: number }[]
      >`coalesce((
        select json_agg(json_build_object('name', i."name", 'quantity', i."quantity",
          'unitPriceCents', i."unit_price_cents", 'creditsGranted', i."credits_granted") order by i."name", i."id")
        from ${orderItems} i where i."order_id" = "orders"."id"), '[]'::json)`,
    })
    .from(orders)
    .leftJoin(client, eq(client.id, orders.userId))
    .leftJoin(branches, eq(branches.id, orders.branchId))
    .leftJoin(checkouts, eq(checkouts.paymentRef, orders.paymentRef))
    .leftJoin(
      paymentCustomers,
      and(
        eq(orders.method, 'spei'),
        eq(paymentCustomers.userId, orders.userId),
        eq(paymentCustomers.gateway, checkouts.gateway),
      ),
    )
    .where(eq(orders.id, sql.placeholder('id'))),
);

export async function findOrderTicket(db: DbOrTx, id: string) {
  const [order] = await orderTicket(db).execute({ id });
  return order;
}

/** Every order of a client, locked in the order of their ids (see `lockOrdersOf` in orders.service). */
export function lockOrdersOfUser(tx: DbOrTx, userId: string) {
  return tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(orders.id)
    .for('update');
}

/** Locks an order for its cancel: two cancels at once take turns, and the second sees it cancelled. */
const lockedOrder = preparedOnce((db) =>
  db
    .select({
      id: orders.id,
      folio: orders.folio,
      userId: orders.userId,
      status: orders.status,
      isPos: orders.isPos,
      method: orders.method,
      totalCents: orders.totalCents,
      paidCardCents: orders.paidCardCents,
      paymentRef: orders.paymentRef,
      refundRef: orders.refundRef,
      cancelClaimedAt: orders.cancelClaimedAt,
      /** The gateway that took an online payment (its checkout's), which alone can give it back. */
      paidThrough: checkouts.gateway,
    })
    .from(orders)
    .leftJoin(checkouts, eq(checkouts.paymentRef, orders.paymentRef))
    .where(eq(orders.id, sql.placeholder('id')))
    .for('update', { of: orders }),
);

export function lockOrder(tx: DbOrTx, id: string) {
  return lockedOrder(tx)
    .execute({ id })
    .then((rows) => rows[0]);
}

export function creditsGrantedBy(db: DbOrTx, orderId: string) {
  return db
    .select({ credits: sql<number>`coalesce(sum(${orderItems.creditsGranted}), 0)::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .then((rows) => rows[0]?.credits ?? 0);
}

export function markOrderCancelled(
  tx: DbOrTx,
  id: string,
  change: { cancelledBy: string; refundRef: string | null },
) {
  return (
    tx
      .update(orders)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        cancelledBy: change.cancelledBy,
        refundRef: change.refundRef,
        cancelClaimedAt: null,
        updatedAt: sql`now()`,
      })
      // A pending order's cancel may find it expired by the gateway's own 'canceled' event (payments.service).
      .where(and(eq(orders.id, id), inArray(orders.status, ['completed', 'pending', 'expired'])))
      .returning({ id: orders.id })
  );
}

/**
 * A pending (or expired) online order whose money the gateway confirmed: completed, paid at `at` (the corte's
 * day) in its method's column. Only from pending or expired: a cancelled one stays cancelled.
 */
export function markOrderPaid(
  tx: DbOrTx,
  id: string,
  paid: { at: Date; method: 'oxxo' | 'spei'; cents: number },
) {
  return tx
    .update(orders)
    .set({
      status: 'completed',
      paidAt: paid.at,
      paidCashCents: paid.method === 'oxxo' ? paid.cents : 0,
      paidTransferCents: paid.method === 'spei' ? paid.cents : 0,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, id), inArray(orders.status, ['pending', 'expired'])))
    .returning({ id: orders.id, folio: orders.folio, createdAt: orders.createdAt });
}

/** A pending order's state and the instructions it keeps. */
export function findOrderPayment(db: DbOrTx, id: string) {
  return db
    .select({ folio: orders.folio, status: orders.status, instructions: orders.paymentInstructions })
    .from(orders)
    .where(eq(orders.id, id))
    .then((rows) => rows[0]);
}

/** A pending order whose payment never came: expired, nothing granted. */
export function markOrderExpired(tx: DbOrTx, id: string) {
  return tx
    .update(orders)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
}

/** What the gateway last said about a SPEI transfer's money. */
export function setOrderFunding(tx: DbOrTx, id: string, funding: StoredPaymentFunding) {
  // Only while the payment is awaited, and never backwards: events arrive in any order.
  return tx
    .update(orders)
    .set({ paymentFunding: funding })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.status, 'pending'),
        sql`coalesce((${orders.paymentFunding}->>'receivedCents')::int, 0) <= ${funding.receivedCents}`,
      ),
    );
}

/** A cancel is asking the gateway for the refund from `at` on (see orders.cancelClaimedAt). */
export function claimOrderCancel(tx: DbOrTx, id: string, at: Date) {
  return tx.update(orders).set({ cancelClaimedAt: at }).where(eq(orders.id, id));
}

/** The refund failed: the order is cancellable again at once. */
export function releaseOrderCancel(db: DbOrTx, id: string) {
  return db.update(orders).set({ cancelClaimedAt: null }).where(eq(orders.id, id));
}

const clientSearch = (q: string) =>
  sql`${orders.userId} in (select ${users.id} from ${users} where (${users.name} || ' ' || ${users.email} || ' ' || ${users.phone}) ilike ${containsPattern(q)})`;

type OrderStatus = (typeof orders.$inferSelect)['status'];

/**
 * The admin table's filter: an order by its folio (the unique index finds it, never a text scan; issue 39), the
 * clients whose name, e-mail or phone hold the search text, an order left out by its folio, and the order's state.
 */
export type OrderFilter = {
  folio?: number;
  client?: string;
  notFolio?: number;
  status?: OrderStatus;
  invoice?: 'invoiced' | 'in_global' | 'not_invoiced';
};

const inGlobalInvoice = sql`exists (select 1 from ${globalInvoiceSales} s join ${invoices} g on g."id" = s."invoice_id" where s."order_id" = ${orders.id} and ${liveInvoice('g')})`;
// Invoiced and not invoiced read the sale's cover, which the database keeps from its invoices (migration 0027:
// 'own' exactly when it has a live invoice of its own, null exactly when neither that nor a live global); "in a
// global" asks the global invoices, as a sale invoiced on its own may still be listed in one.
const invoiceFilter = {
  invoiced: eq(orders.invoiceCover, 'own'),
  in_global: inGlobalInvoice,
  not_invoiced: isNull(orders.invoiceCover),
};

const orderFilter = (filter: OrderFilter) =>
  and(
    filter.folio !== undefined ? eq(orders.folio, filter.folio) : undefined,
    filter.client ? clientSearch(filter.client) : undefined,
    filter.notFolio !== undefined ? ne(orders.folio, filter.notFolio) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.invoice ? invoiceFilter[filter.invoice] : undefined,
  );

/** How many orders the admin table's filter matches (a separate count keeps the page query an index walk). */
export function countOrders(db: DbOrTx, filter: OrderFilter) {
  return countSerially(db, db.select({ total: rowCount() }).from(orders).where(orderFilter(filter)));
}

const orderSortColumns = {
  createdAt: orders.createdAt,
  totalCents: orders.totalCents,
  // The client's name as the order holds it (migration 0029), "Público en general" for a walk-in sale.
  clientName: orders.clientName,
  cashierName: orders.cashierName,
  status: orders.status,
};

/**
 * A page of /admin/ordenes. The page is chosen on orders alone (an index walk on the sort column and the id), then
 * only its rows get their client and their first products.
 */
export function listOrderPage(
  db: DbOrTx,
  page: {
    sort: keyof typeof orderSortColumns;
    dir: 'asc' | 'desc';
    filter: OrderFilter;
    offset: number;
    limit: number;
  },
) {
  const ordered = db
    .select({
      id: orders.id,
      folio: orders.folio,
      userId: orders.userId,
      createdAt: orders.createdAt,
      cashierName: orders.cashierName,
      status: orders.status,
      isPos: orders.isPos,
      method: orders.method,
      totalCents: orders.totalCents,
      sortKey: sql<string>`${orderSortColumns[page.sort]}`.as('sort_key'),
    })
    .from(orders);
  // The page's ids first: an index walk on the sort column and the id, which reads no order however deep the page
  // when no filter asks for more (issue 46).
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(orderFilter(page.filter))
    .orderBy(orderBy(orderSortColumns[page.sort], page.dir), orderBy(orders.id, page.dir))
    .limit(page.limit)
    .offset(page.offset);
  const pageOrders = ordered.where(inArray(orders.id, pageIds)).as('page_orders');
  return db
    .select({
      id: pageOrders.id,
      folio: pageOrders.folio,
      createdAt: pageOrders.createdAt,
      clientName: sql<string>`coalesce(${client.name}, ${WALK_IN_NAME})`,
      clientPhone: client.phone,
      cashierName: pageOrders.cashierName,
      status: pageOrders.status,
      isPos: pageOrders.isPos,
      method: pageOrders.method,
      totalCents: pageOrders.totalCents,
      lines: sql<string[]>`(
        select coalesce(array_agg(line order by line), '{}') from (
          select ${orderItems.name} || case when ${orderItems.quantity} > 1 then ' × ' || ${orderItems.quantity} else '' end as line
          from ${orderItems} where ${orderItems.orderId} = "page_orders"."id"
        ) lines
      )`,
    })
    .from(pageOrders)
    .leftJoin(client, eq(client.id, pageOrders.userId))
    .orderBy(orderBy(sql`${pageOrders.sortKey}`, page.dir), orderBy(pageOrders.id, page.dir));
}

/** An instant as JSON the way JavaScript writes it (toISOString), so movements of both tables sort as text. */
export const isoInstant = (column: PgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A corte movement as stored: the cash received and the change handed back, apart. */
export type StoredOrderMovement = Omit<Extract<TCashMovement, { kind: 'order' }>, 'cashCents'> & {
  paidCashCents: number;
  changeCents: number;
};

/** A corte movement as the database sends it: its fields in this order (see orderMovementsBetween). */
type MovementFields = [
  id: string,
  at: string,
  status: StoredOrderMovement['status'],
  method: StoredOrderMovement['method'],
  isPos: boolean,
  clientName: string,
  cashierName: string,
  branchName: string | null,
  totalCents: number,
  paidCashCents: number,
  changeCents: number,
  cardCents: number,
  transferCents: number,
  cover: 'own' | 'global' | null,
];

const invoiceOfCover = { own: 'invoiced', global: 'in_global' } as const;

/**
 * The orders paid in one Mexico City day ([from, to)), of one branch or all: an OXXO or SPEI payment on the day
 * it was confirmed (issue 24), anything else when it was made. Built by the database as one JSON array of arrays:
 * thousands of rows arrive as one value instead of row by row (PGlite took 79 ms for 5 000 rows), and an array per
 * order, not an object, halves the database's work (5 000 orders: 24 ms instead of 43 on PostgreSQL, 26 instead of
 * 46 on PGlite; issue 46).
 */
export async function orderMovementsBetween(
  db: DbOrTx,
  range: { from: Date; to: Date; branchId?: string },
): Promise<StoredOrderMovement[]> {
  const [row] = rowsOf<{ movements: MovementFields[] }>(
    await db.execute(sql`
      select coalesce(json_agg(json_build_array(
        o.id, ${isoInstant(sql`o.paid_at` as unknown as PgColumn)}, o.status, o.method, o.is_pos,
        coalesce(u.name, ${WALK_IN_NAME}), o.cashier_name, b.name, o.total_cents, o.paid_cash_cents, o.change_cents,
        o.paid_card_cents, o.paid_transfer_cents,
        -- The sale's cover, kept by the database from its invoices (migration 0027): no lookup per order.
        o.invoice_cover
      ) order by o.paid_at, o.id), '[]') as movements
      from ${orders} o
      left join ${users} u on u.id = o.user_id
      left join ${branches} b on b.id = o.branch_id
      where o.paid_at >= ${range.from.toISOString()}::timestamptz and o.paid_at < ${range.to.toISOString()}::timestamptz
        ${range.branchId ? sql`and o.branch_id = ${range.branchId}` : sql``}`),
  );
  // Each field at its place in MovementFields (the order of the SQL array above).
  return (row?.movements ?? []).map((fields) => ({
    kind: 'order' as const,
    id: fields[0],
    at: fields[1],
    status: fields[2],
    method: fields[3],
    isPos: fields[4],
    clientName: fields[5],
    cashierName: fields[6],
    branchName: fields[7],
    totalCents: fields[8],
    paidCashCents: fields[9],
    changeCents: fields[10],
    cardCents: fields[11],
    transferCents: fields[12],
    invoice: fields[13] ? invoiceOfCover[fields[13]] : 'none',
  }));
}

/** Every order of one client with its lines, oldest first (the data a client takes home). */
export function allOrdersOfUser(db: DbOrTx, userId: string) {
  return db
    .select({
      id: orders.id,
      folio: orders.folio,
      createdAt: orders.createdAt,
      status: orders.status,
      isPos: orders.isPos,
      method: orders.method,
      totalCents: orders.totalCents,
      branchName: branches.name,
      cashierName: orders.cashierName,
      cancelledAt: orders.cancelledAt,
      lines: sql<
        { name: string; quantity: number; unitPriceCents: number; creditsGranted: number }[]
      >`coalesce((
        select json_agg(json_build_object('name', i."name", 'quantity', i."quantity",
          'unitPriceCents', i."unit_price_cents", 'creditsGranted', i."credits_granted") order by i."name")
        from ${orderItems} i where i."order_id" = ${orders.id}), '[]'::json)`,
    })
    .from(orders)
    .leftJoin(branches, eq(branches.id, orders.branchId))
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** A client's orders still waiting for their payment. */
export function pendingOrdersOfUser(db: DbOrTx, userId: string) {
  return db
    .select({ createdAt: orders.createdAt, totalCents: orders.totalCents })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
}

/** A branch's completed point-of-sale sales in [from, to): how many, and what came in by method (cash before change). */
export async function posTakingsBetween(db: DbOrTx, range: { branchId: string; from: Date; to: Date }) {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      cashReceivedCents: sql<number>`coalesce(sum(${orders.paidCashCents}), 0)::int`,
      changeCents: sql<number>`coalesce(sum(${orders.changeCents}), 0)::int`,
      cardCents: sql<number>`coalesce(sum(${orders.paidCardCents}), 0)::int`,
      transferCents: sql<number>`coalesce(sum(${orders.paidTransferCents}), 0)::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.branchId, range.branchId),
        eq(orders.isPos, true),
        eq(orders.status, 'completed'),
        sql`${orders.createdAt} >= ${range.from.toISOString()}::timestamptz`,
        sql`${orders.createdAt} < ${range.to.toISOString()}::timestamptz`,
      ),
    );
  return row!;
}
