import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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
  /** Issue 44: the product's validity when the cart was priced (absent in checkouts from before it). */
  validityDays?: number | null;
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
    /** How the client chose to pay (issue 24): OXXO and SPEI make a pending order at once. */
    method: text('method', { enum: ['card', 'oxxo', 'spei'] })
      .notNull()
      .default('card'),
    paymentRef: text('payment_ref').unique('checkouts_payment_ref_key'),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    /** OXXO and SPEI: when the voucher or the transfer's wait ends; a card's confirmation window otherwise. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * Reconciliation (issue 24): when a process next asks the gateway about this unsettled payment (a webhook
     * that never came). Claimed with SKIP LOCKED by moving it forward; null once settled.
     */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checks: integer('checks').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    index('checkouts_next_check_idx').on(t.nextCheckAt).where(sql`${t.nextCheckAt} is not null`),
    check('checkouts_method_valid', sql`${t.method} in ('card', 'oxxo', 'spei')`),
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

/**
 * The gateway's customer of a client (SPEI needs one: Stripe gives each customer its own CLABE and keeps what a
 * transfer overpays in that customer's balance). One per client and gateway, made at the first SPEI checkout.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    gateway: text('gateway', { enum: ['stripe', 'test'] }).notNull(),
    customerRef: text('customer_ref').notNull().unique('payment_customers_customer_ref_key'),
    /** The customer's unapplied balance at the gateway (cash_balance.funds_available), for staff. */
    balanceCents: integer('balance_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gateway] })],
);
