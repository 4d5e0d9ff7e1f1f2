import type { DbOrTx } from '@sala/db/client';
import { type CheckoutItem, checkouts, paymentCustomers, paymentEvents } from '@sala/db/schema/payments';
import { and, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { placeholders, preparedOnce } from '../../lib/prepared';
import { rowsOf } from '../../lib/sql-rows';

export type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * A new checkout; a second insert of the same id (a doubled request) leaves the first one. Both carry the same
 * payment (the checkout id is the gateway's idempotency key), so the doubled insert meets the first on two unique
 * indexes, the id and the payment reference. Every unique index decides: with the id alone as the target, a doubled
 * insert that passed the id's check while the first was still writing its index entries met the payment reference
 * at once and failed with a unique violation (a 409 to one of five starts at once, on a busy machine).
 */
export function insertCheckout(
  db: DbOrTx,
  checkout: {
    id: string;
    userId: string;
    items: CheckoutItem[];
    amountCents: number;
    totalCredits: number;
    gateway: 'stripe' | 'test';
    paymentRef: string;
    method: 'card' | 'oxxo' | 'spei';
    expiresAt: Date;
    nextCheckAt: Date;
  },
): Promise<CheckoutRow | undefined> {
  return newCheckout(db)
    .execute(checkout)
    .then((rows) => rows[0]);
}

const newCheckout = preparedOnce((db) =>
  db
    .insert(checkouts)
    .values(
      placeholders([
        'id',
        'userId',
        'items',
        'amountCents',
        'totalCredits',
        'gateway',
        'paymentRef',
        'method',
        'expiresAt',
        'nextCheckAt',
      ]),
    )
    .onConflictDoNothing()
    .returning(),
);

const checkoutById = preparedOnce((db) =>
  db
    .select()
    .from(checkouts)
    .where(eq(checkouts.id, sql.placeholder('id'))),
);
const checkoutByIdLocked = preparedOnce((db) =>
  db
    .select()
    .from(checkouts)
    .where(eq(checkouts.id, sql.placeholder('id')))
    .for('update'),
);

export function findCheckout(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}) {
  return (options.forUpdate ? checkoutByIdLocked : checkoutById)(db)
    .execute({ id })
    .then((rows) => rows[0]);
}

export function findCheckoutByPaymentRef(db: DbOrTx, paymentRef: string) {
  return checkoutByPaymentRef(db)
    .execute({ paymentRef })
    .then((rows) => rows[0]);
}

const checkoutByPaymentRef = preparedOnce((db) =>
  db
    .select({ id: checkouts.id, gateway: checkouts.gateway, method: checkouts.method })
    .from(checkouts)
    .where(eq(checkouts.paymentRef, sql.placeholder('paymentRef'))),
);

/** Stores the gateway's payment of a checkout once; answers the one stored (this one, or an earlier one). */
export async function setPaymentRef(db: DbOrTx, id: string, paymentRef: string) {
  const [updated] = await db
    .update(checkouts)
    .set({ paymentRef })
    .where(and(eq(checkouts.id, id), isNull(checkouts.paymentRef)))
    .returning({ paymentRef: checkouts.paymentRef });
  if (updated) return updated.paymentRef;
  return (await findCheckout(db, id))?.paymentRef ?? null;
}

/** The pending order an OXXO or SPEI checkout made (in the transaction that made both). */
export function setCheckoutOrder(db: DbOrTx, id: string, orderId: string) {
  return db.update(checkouts).set({ orderId }).where(eq(checkouts.id, id));
}

export function markCheckoutPaid(db: DbOrTx, id: string, orderId: string) {
  return db
    .update(checkouts)
    .set({ status: 'paid', orderId, lastError: null, nextCheckAt: null })
    .where(eq(checkouts.id, id));
}

/** A payment that will never complete (expired, cancelled): nothing left to ask the gateway. */
export function markCheckoutFailed(db: DbOrTx, id: string, error: string) {
  return db
    .update(checkouts)
    .set({ status: 'failed', lastError: error.slice(0, 500), nextCheckAt: null })
    .where(and(eq(checkouts.id, id), eq(checkouts.status, 'pending')));
}

/** When reconciliation next asks the gateway about a checkout still pending. */
export function scheduleCheck(db: DbOrTx, id: string, at: Date) {
  return db
    .update(checkouts)
    .set({ nextCheckAt: at })
    .where(and(eq(checkouts.id, id), eq(checkouts.status, 'pending')));
}

export type DueCheckout = {
  id: string;
  paymentRef: string | null;
  gateway: 'stripe' | 'test';
  method: 'card' | 'oxxo' | 'spei';
  amountCents: number;
  orderId: string | null;
  expiresAt: Date | null;
  createdAt: Date;
  checks: number;
};

/**
 * Reconciliation's claim (issue 24): up to `limit` pending checkouts whose check is due, taken with FOR UPDATE
 * SKIP LOCKED and moved to `leaseUntil` in the same statement, so N processes never ask about the same one and a
 * process that dies mid-check leaves it to be asked again once the lease ends.
 */
export async function claimDueCheckouts(db: DbOrTx, claim: { now: Date; leaseUntil: Date; limit: number }) {
  const result = await db.execute(sql`
    update ${checkouts} set next_check_at = ${claim.leaseUntil.toISOString()}::timestamptz, checks = checks + 1
    where id in (
      select id from ${checkouts}
      where next_check_at <= ${claim.now.toISOString()}::timestamptz and status = 'pending'
      order by next_check_at
      limit ${claim.limit}
      for update skip locked
    )
    returning id, payment_ref as "paymentRef", gateway, method, amount_cents as "amountCents",
      order_id as "orderId", expires_at as "expiresAt", created_at as "createdAt", checks`);
  return rowsOf<
    Omit<DueCheckout, 'expiresAt' | 'createdAt'> & {
      expiresAt: string | Date | null;
      createdAt: string | Date;
    }
  >(result).map((row) => ({
    ...row,
    expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt),
    createdAt: new Date(row.createdAt),
  }));
}

/** A client's customer at a gateway (SPEI), if one was made. */
export function findPaymentCustomer(db: DbOrTx, userId: string, gateway: 'stripe' | 'test') {
  return db
    .select({ customerRef: paymentCustomers.customerRef })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.gateway, gateway)))
    .then((rows) => rows[0]?.customerRef);
}

/** Keeps a client's customer once: a second one made at the same time is left unused (the first stays). */
export async function keepPaymentCustomer(
  db: DbOrTx,
  customer: { userId: string; gateway: 'stripe' | 'test'; customerRef: string },
) {
  await db.insert(paymentCustomers).values(customer).onConflictDoNothing();
  return findPaymentCustomer(db, customer.userId, customer.gateway);
}

/** A customer's balance at the gateway not applied to any payment (an overpaid transfer's excess). */
export function setCustomerBalance(db: DbOrTx, customerRef: string, balanceCents: number) {
  return db
    .update(paymentCustomers)
    .set({ balanceCents, updatedAt: sql`now()` })
    .where(eq(paymentCustomers.customerRef, customerRef));
}

export function noteCheckoutError(db: DbOrTx, id: string, error: string) {
  return db
    .update(checkouts)
    .set({ lastError: error.slice(0, 500) })
    .where(eq(checkouts.id, id));
}

/** Records a provider event once: true the first time its id is seen, false for a repeat delivery. */
export async function recordEvent(db: DbOrTx, event: { id: string; type: string }) {
  const rows = await db
    .insert(paymentEvents)
    .values({ eventId: event.id, type: event.type })
    .onConflictDoNothing({ target: paymentEvents.eventId })
    .returning({ eventId: paymentEvents.eventId });
  return rows.length > 0;
}

/** A client's card payments started after `since` and not settled yet (the gateway may still confirm them). */
export function paymentsInProgressOfUser(db: DbOrTx, userId: string, since: Date) {
  return db
    .select({ createdAt: checkouts.createdAt, amountCents: checkouts.amountCents })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.userId, userId),
        eq(checkouts.status, 'pending'),
        isNotNull(checkouts.paymentRef),
        or(gt(checkouts.createdAt, since), ne(checkouts.method, 'card')),
      ),
    );
}

/** Every online payment a person started (the data it takes home): what, how much, and how it ended. */
export function checkoutsOfUser(db: DbOrTx, userId: string) {
  return db
    .select({
      id: checkouts.id,
      createdAt: checkouts.createdAt,
      amountCents: checkouts.amountCents,
      totalCredits: checkouts.totalCredits,
      gateway: checkouts.gateway,
      status: checkouts.status,
      orderId: checkouts.orderId,
    })
    .from(checkouts)
    .where(eq(checkouts.userId, userId))
    .orderBy(checkouts.createdAt);
}
