import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { orders } from './commerce';
import { users } from './users';

/** A line of a checkout as the server priced it (from the database, never from the browser). */
export type CheckoutItem = {
  productId: string;
  name: string;
  unitPriceCents: number;
  credits: number;
  extra: number;
  quantity: number;
};

/**
 * One attempt to pay for a cart. Its id is made by the browser once per attempt, so a retried or doubled request
 * finds the same checkout (and the gateway gets it as the idempotency key). Completed exactly once: the order it
 * makes carries the payment's reference, unique in orders.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    items: jsonb('items').$type<CheckoutItem[]>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    totalCredits: integer('total_credits').notNull(),
    gateway: text('gateway', { enum: ['stripe', 'test'] }).notNull(),
    paymentRef: text('payment_ref').unique('checkouts_payment_ref_key'),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    check('checkouts_status_valid', sql`${t.status} in ('pending', 'paid', 'failed')`),
    check('checkouts_gateway_valid', sql`${t.gateway} in ('stripe', 'test')`),
    check('checkouts_amounts_non_negative', sql`${t.amountCents} >= 0 and ${t.totalCredits} >= 0`),
  ],
);

/** Payment webhook events already processed (de-duplication by the provider's event id). */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});
