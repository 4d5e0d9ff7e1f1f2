import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { branches } from './locations';
import { users } from './users';

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    credits: integer('credits').notNull().default(0),
    extra: integer('extra').notNull().default(0),
    /** true: sold in the online store; false: sold at the point of sale. */
    isDigital: boolean('is_digital').notNull(),
    /** Meaningful only for digital products: listed under 'Nuestros Servicios'. */
    isService: boolean('is_service').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Issue 44: how many days its credits can be used (vigencia); null: they never expire. */
    validityDays: integer('validity_days'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_catalog_idx').on(t.isActive, t.isDigital, t.priceCents),
    check('products_price_non_negative', sql`${t.priceCents} >= 0`),
    check('products_credits_non_negative', sql`${t.credits} >= 0 and ${t.extra} >= 0`),
    check('products_service_is_digital', sql`${t.isDigital} or not ${t.isService}`),
    check(
      'products_validity_days_valid',
      sql`${t.validityDays} is null or ${t.validityDays} between 1 and 3650`,
    ),
  ],
);

/** 'pending': an OXXO or SPEI payment not confirmed yet; 'expired': it never came (issue 24, design §9). */
export const orderStatuses = ['pending', 'completed', 'cancelled', 'expired'] as const;
export const paymentMethods = ['cash', 'card', 'transfer', 'mixed', 'oxxo', 'spei'] as const;

/** What the client was given to pay a pending order online (the same shape as the store contract's). */
export type StoredPaymentInstructions =
  | { kind: 'oxxo'; number: string; hostedUrl: string | null; expiresAt: string }
  | {
      kind: 'spei';
      clabe: string;
      bankName: string;
      reference: string;
      amountCents?: number;
      hostedUrl: string | null;
      expiresAt: string;
    };

/** What the gateway reported about a SPEI transfer's money (shown to staff, never guessed). */
export type StoredPaymentFunding = {
  receivedCents: number;
  remainingCents: number;
  customerBalanceCents: number | null;
};

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /**
     * The order's short folio for people (shown "A-00123"; issue 39): one sequence for the business, so the
     * database, not the code, hands out each number once, also across processes. The UUID stays internal.
     */
    folio: integer('folio').notNull().default(sql`nextval('orders_folio_seq')`).unique('orders_folio_key'),
    /** The client; none for a walk-in sale at the point of sale ("Público en general", issue 22). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    totalCents: integer('total_cents').notNull(),
    isPos: boolean('is_pos').notNull(),
    method: text('method', { enum: paymentMethods }).notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('completed'),
    cashierId: uuid('cashier_id').references(() => users.id, { onDelete: 'set null' }),
    cashierName: text('cashier_name').notNull().default('Tienda en linea'),
    paidCashCents: integer('paid_cash_cents').notNull().default(0),
    paidCardCents: integer('paid_card_cents').notNull().default(0),
    paidTransferCents: integer('paid_transfer_cents').notNull().default(0),
    changeCents: integer('change_cents').notNull().default(0),
    /** Payment gateway reference (PaymentIntent id); unique so one payment makes one order. */
    paymentRef: text('payment_ref').unique('orders_payment_ref_key'),
    /** The point-of-sale form's key: a double click or a retried request finds the order it already made. */
    idempotencyKey: uuid('idempotency_key').unique('orders_idempotency_key_key'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    /** The gateway's refund of an online card payment, when a cancel gave the money back. */
    refundRef: text('refund_ref'),
    /**
     * A cancel that is asking the gateway for its refund: set under the order's row lock before the provider is
     * called (outside any transaction), so a second cancel waits for the first; it expires, so a crash between
     * the two transactions leaves the order cancellable again (the refund's idempotency key keeps it one refund).
     */
    cancelClaimedAt: timestamp('cancel_claimed_at', { withTimezone: true }),
    /**
     * When the money was confirmed: the corte's and the owner's figures' day. The moment of the sale for the point
     * of sale and a card; for OXXO and SPEI the gateway's confirmation, days after the order; null until then.
     * An order inserted completed (or cancelled) gets its created_at here from a trigger (migration 0019).
     */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** OXXO and SPEI: the voucher or the transfer's account the client was given, until `paymentExpiresAt`. */
    paymentInstructions: jsonb('payment_instructions').$type<StoredPaymentInstructions>(),
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    /** SPEI: the gateway's last word on the money received (under- and overpayments, for staff). */
    paymentFunding: jsonb('payment_funding').$type<StoredPaymentFunding>(),
    /**
     * The invoice that covers the sale (issue 46): 'own' (a live invoice of its own), 'global' (only in a live
     * global invoice) or null. Kept by the database from invoices and global_invoice_sales (migration 0027), so the
     * owner's report sums it per day; never written by the app.
     */
    invoiceCover: text('invoice_cover', { enum: ['own', 'global'] }),
    /**
     * The client's current name, or "Público en general" for a walk-in sale (issue 46): what the admin table sorts
     * by "Cliente", so that sort is an index walk at a chain's size. Kept by the database (migration 0029) when the
     * order is made and whenever its client's name changes (an edit, the ARCO anonymisation); never written by the
     * app, which still shows the client's name from the users table.
     */
    clientName: text('client_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin table sorts by these, the id breaking ties: each sort is an index walk.
    index('orders_created_at_idx').on(t.createdAt, t.id),
    // The corte reads a day's payments by the moment they were confirmed.
    index('orders_paid_at_idx').on(t.paidAt, t.id),
    check('orders_paid_when_completed', sql`${t.status} <> 'completed' or ${t.paidAt} is not null`),
    index('orders_total_idx').on(t.totalCents, t.id),
    index('orders_cashier_idx').on(t.cashierName, t.id),
    index('orders_client_name_idx').on(t.clientName, t.id),
    index('orders_status_idx').on(t.status, t.id),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_branch_created_at_idx').on(t.branchId, t.createdAt),
    // "Sin factura" counts the sales no live invoice covers: nearly every sale until the business invoices, so the
    // count reads this index alone (every key is the same null, stored once per page), about half the time of the
    // table it would read otherwise at 300 000 sales (issue 46).
    index('orders_not_invoiced_idx').on(t.invoiceCover).where(sql`${t.invoiceCover} is null`),
    check('orders_total_non_negative', sql`${t.totalCents} >= 0`),
    // Only the point of sale sells without a client.
    check('orders_walk_in_at_pos', sql`${t.userId} is not null or ${t.isPos}`),
    check(
      'orders_payments_non_negative',
      sql`${t.paidCashCents} >= 0 and ${t.paidCardCents} >= 0 and ${t.paidTransferCents} >= 0 and ${t.changeCents} >= 0`,
    ),
    check('orders_status_valid', sql`${t.status} in ('pending', 'completed', 'cancelled', 'expired')`),
    check('orders_method_valid', sql`${t.method} in ('cash', 'card', 'transfer', 'mixed', 'oxxo', 'spei')`),
  ],
);

/** A snapshot of what was sold, so later product edits do not rewrite history. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    creditsGranted: integer('credits_granted').notNull().default(0),
    /** The product's validity when sold: the lot its credits make expires this many days after the payment. */
    validityDays: integer('validity_days'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_amounts_non_negative', sql`${t.unitPriceCents} >= 0 and ${t.creditsGranted} >= 0`),
  ],
);

export const costs = pgTable(
  'costs',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    totalCents: integer('total_cents').notNull(),
    addedById: uuid('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    addedByName: text('added_by_name').notNull(),
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    /** Business date (Mexico City) the expense belongs to. */
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('costs_date_idx').on(t.date, t.createdAt),
    index('costs_branch_date_idx').on(t.branchId, t.date),
    check('costs_total_non_negative', sql`${t.totalCents} >= 0`),
  ],
);

/**
 * A branch's cash drawer for one Mexico City day (issue 22, design §8): opened with a float (the first sale asks for
 * it, or staff open it), counted at closing against what it should hold, reopened only by the super admin. One per
 * branch and day: the unique index decides two first sales at once. The closing figures are a snapshot of that moment.
 */
export const cashDrawers = pgTable(
  'cash_drawers',
  {
    id: id(),
    // A branch that is deleted (it has no rooms any more) takes its drawers with it; its orders keep their amounts.
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    openingFloatCents: integer('opening_float_cents').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    openedById: uuid('opened_by_id').references(() => users.id, { onDelete: 'set null' }),
    openedByName: text('opened_by_name').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedById: uuid('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
    closedByName: text('closed_by_name'),
    /** At closing: what the drawer should hold, what was counted, and counted − expected. */
    expectedCents: integer('expected_cents'),
    countedCents: integer('counted_cents'),
    differenceCents: integer('difference_cents'),
    /** The bill-and-coin count (denomination in centavos → pieces), when counted that way. */
    countDetail: jsonb('count_detail').$type<Record<string, number>>(),
    note: text('note'),
    /** How many times the super admin reopened it (each one is in the audit log). */
    reopenings: integer('reopenings').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cash_drawers_branch_date_key').on(t.branchId, t.date),
    check('cash_drawers_float_non_negative', sql`${t.openingFloatCents} >= 0`),
    check('cash_drawers_counted_non_negative', sql`${t.countedCents} is null or ${t.countedCents} >= 0`),
    check(
      'cash_drawers_closed_has_count',
      sql`${t.status} = 'open' or (${t.closedAt} is not null and ${t.countedCents} is not null and ${t.expectedCents} is not null)`,
    ),
  ],
);

/**
 * Completed sales per Mexico City day and branch (none: the online store), by method: what the owner's panels and
 * reports add up (issue 22). Kept by the database itself, in the transaction of every change to an order (the
 * trigger of migration 0018), so it always equals the orders' own sums; derived data, never written by the app.
 */
export const dailySales = pgTable(
  'daily_sales',
  {
    date: date('date', { mode: 'string' }).notNull(),
    /** No foreign key: a deleted branch's orders move to no branch (set null), and their sums with them. */
    branchId: uuid('branch_id'),
    /** The counter's cash net of change, card and transfer; the online store's total apart. */
    cashCents: bigint('cash_cents', { mode: 'number' }).notNull().default(0),
    cardCents: bigint('card_cents', { mode: 'number' }).notNull().default(0),
    transferCents: bigint('transfer_cents', { mode: 'number' }).notNull().default(0),
    onlineCents: bigint('online_cents', { mode: 'number' }).notNull().default(0),
    orders: integer('orders').notNull().default(0),
    /** The orders' totals, and the part of them covered by their own invoice or by a global one (issue 46). */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    invoicedCents: bigint('invoiced_cents', { mode: 'number' }).notNull().default(0),
    inGlobalCents: bigint('in_global_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('daily_sales_date_branch_key').on(t.date, t.branchId).nullsNotDistinct()],
);

/** Units and amounts of each product name sold per day and branch (completed orders), kept like daily_sales. */
export const dailyProductSales = pgTable(
  'daily_product_sales',
  {
    date: date('date', { mode: 'string' }).notNull(),
    branchId: uuid('branch_id'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('daily_product_sales_date_branch_name_key').on(t.date, t.branchId, t.name).nullsNotDistinct(),
    // One branch's products of a period (issue 46), without walking every branch's days.
    index('daily_product_sales_branch_date_idx').on(t.branchId, t.date),
  ],
);

/**
 * The same per day, every branch together (issue 46): a chain's report of a year reads 40 products × 365 days
 * here instead of × 30 branches. Kept with daily_product_sales by the same triggers (migration 0027).
 */
export const dailyProductTotals = pgTable(
  'daily_product_totals',
  {
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'daily_product_totals_pkey', columns: [t.date, t.name] })],
);
