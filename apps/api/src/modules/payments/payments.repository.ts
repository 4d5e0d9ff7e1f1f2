import type { DbOrTx } from '@sala/db/client';
import { type CheckoutItem, checkouts, paymentEvents } from '@sala/db/schema/payments';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';

export type CheckoutRow = typeof checkouts.$inferSelect;

/** A new checkout; a second insert of the same id (a doubled request) leaves the first one. */
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
  },
): Promise<CheckoutRow | undefined> {
  return db
    .insert(checkouts)
    .values(checkout)
    .onConflictDoNothing({ target: checkouts.id })
    .returning()
    .then((rows) => rows[0]);
}

export function findCheckout(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(checkouts).where(eq(checkouts.id, id));
  return (options.forUpdate ? query.for('update') : query).then((rows) => rows[0]);
}

export function findCheckoutByPaymentRef(db: DbOrTx, paymentRef: string) {
  return db
    .select({ id: checkouts.id, gateway: checkouts.gateway })
    .from(checkouts)
    .where(eq(checkouts.paymentRef, paymentRef))
    .then((rows) => rows[0]);
}

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

export function markCheckoutPaid(db: DbOrTx, id: string, orderId: string) {
  return db.update(checkouts).set({ status: 'paid', orderId, lastError: null }).where(eq(checkouts.id, id));
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
        gt(checkouts.createdAt, since),
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
