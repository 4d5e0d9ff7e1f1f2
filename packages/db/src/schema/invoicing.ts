import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { orders, products } from './commerce';
import { users } from './users';

/** How often the global invoice to the general public is issued (Facturapi's names for the SAT's periodicidad). */
export const globalPeriodicities = ['day', 'week', 'fortnight', 'month', 'two_months'] as const;

/**
 * The business as the issuer of its invoices (issue 42; one row, none until a super admin saves it). The PAC's key
 * is never here: it is FACTURAPI_KEY in the environment. `next_folio` is handed out under this row's lock.
 */
export const invoicingSettings = pgTable(
  'invoicing_settings',
  {
    id: smallint('id').primaryKey().default(1),
    rfc: text('rfc').notNull(),
    legalName: text('legal_name').notNull(),
    taxSystem: text('tax_system').notNull(),
    /** Lugar de expedición: the código postal of the place that issues. */
    zip: text('zip').notNull(),
    series: text('series').notNull().default('F'),
    nextFolio: integer('next_folio').notNull().default(1),
    /** The SAT keys of a product without its own (product_sat_keys): room time and credit packages. */
    defaultProductKey: text('default_product_key').notNull().default('80131502'),
    defaultUnitKey: text('default_unit_key').notNull().default('E48'),
    globalPeriodicity: text('global_periodicity', { enum: globalPeriodicities }).notNull().default('month'),
    /** Days after the payment a client may ask for the invoice; null: until the end of the payment's month. */
    requestWindowDays: integer('request_window_days'),
    /** When invoicing was first set up: periods that closed before it get no global invoice by themselves. */
    createdAt: createdAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('invoicing_settings_one_row', sql`${t.id} = 1`),
    check('invoicing_settings_folio_positive', sql`${t.nextFolio} >= 1`),
    check(
      'invoicing_settings_window_range',
      sql`${t.requestWindowDays} is null or ${t.requestWindowDays} between 1 and 365`,
    ),
    check(
      'invoicing_settings_periodicity_valid',
      sql`${t.globalPeriodicity} in ('day', 'week', 'fortnight', 'month', 'two_months')`,
    ),
  ],
);

/** A product's own SAT keys (c_ClaveProdServ, c_ClaveUnidad), when the business's defaults do not fit it. */
export const productSatKeys = pgTable('product_sat_keys', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  productKey: text('product_key').notNull(),
  unitKey: text('unit_key').notNull(),
  updatedAt: updatedAt(),
});

/** A client's fiscal data, as in their Constancia de Situación Fiscal: what their invoices are made out to. */
export const fiscalProfiles = pgTable('fiscal_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  rfc: text('rfc').notNull(),
  legalName: text('legal_name').notNull(),
  taxSystem: text('tax_system').notNull(),
  zip: text('zip').notNull(),
  cfdiUse: text('cfdi_use').notNull(),
  email: text('email').notNull(),
  updatedAt: updatedAt(),
});

/** A client's invoice of a sale, the period's global invoice, or a credit note (egreso) for money given back. */
export const invoiceKinds = ['order', 'global', 'credit_note'] as const;
/** The SAT's cancellation as the PAC reports it; `queued` until the PAC has been asked. */
export const cancelStates = ['queued', 'pending', 'verifying', 'accepted', 'rejected', 'expired'] as const;
/** queued: waiting for the PAC; valid: stamped; failed: the PAC refused it (nothing was stamped); cancelled. */
export const invoiceStatuses = ['queued', 'valid', 'failed', 'cancelled'] as const;

/** Who an invoice is made out to, as it was sent (a later change of the profile never rewrites it). */
export type InvoiceCustomer = {
  rfc: string;
  legalName: string;
  taxSystem: string;
  zip: string;
  cfdiUse: string;
  email: string | null;
};

/**
 * Every CFDI the business asked its PAC for (issue 42, design §13), and the queue that asks: a `queued` row is
 * claimed by one process at a time (`next_attempt_at` moved past the lease, `attempts` counted as the claim's
 * fencing token), sent outside any transaction with its own `idempotency_key`, so a retry never stamps twice.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    kind: text('kind', { enum: invoiceKinds }).notNull(),
    /** The sale a client's invoice covers (kind 'order'). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    status: text('status', { enum: invoiceStatuses }).notNull().default('queued'),
    customer: jsonb('customer').$type<InvoiceCustomer>().notNull(),
    /** What the PAC is sent (Facturapi's invoice body, without the idempotency key). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    totalCents: integer('total_cents').notNull(),
    paymentForm: text('payment_form').notNull(),
    series: text('series').notNull(),
    folioNumber: integer('folio_number').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull().unique('invoices_idempotency_key_key'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** The PAC's refusal: its message in Spanish and the field of the fiscal profile to fix. */
    errorField: text('error_field'),
    pacId: text('pac_id'),
    uuid: text('uuid'),
    /** Stamped in the PAC's test mode: it is worth nothing at the SAT. */
    isTest: boolean('is_test').notNull().default(false),
    stampedAt: timestamp('stamped_at', { withTimezone: true }),
    pdfBase64: text('pdf_base64'),
    xml: text('xml'),
    /** Global invoices: the period (Mexico City dates, both included) and its periodicity. */
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    periodicity: text('periodicity', { enum: globalPeriodicities }),
    /**
     * The CFDI this one relates to: the global invoice a re-issued global replaces (relation 04), or the invoice a
     * credit note credits (relation 01).
     */
    relatedId: uuid('related_id'),
    /**
     * Sent only after this invoice's step: the new global stamped (a re-issue), or the old global's cancellation
     * asked (a client's invoice of a sale that was in it).
     */
    waitsFor: uuid('waits_for'),
    /** Cancellation: the SAT motive (01–04), the substitute for 01, and its state at the PAC. */
    cancelMotive: text('cancel_motive'),
    cancelSubstituteId: uuid('cancel_substitute_id'),
    cancelState: text('cancel_state', { enum: cancelStates }),
    cancelAttempts: integer('cancel_attempts').notNull().default(0),
    cancelNextAttemptAt: timestamp('cancel_next_attempt_at', { withTimezone: true }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One live invoice per sale, whoever asks and however often (five parallel requests stamp once); one being
    // cancelled (its substitute stamped first, motive 01) leaves room for the one that replaces it.
    uniqueIndex('invoices_one_live_per_order')
      .on(t.orderId)
      .where(sql`${t.kind} = 'order' and ${t.status} in ('queued', 'valid') and ${t.cancelState} is null`),
    index('invoices_due_idx').on(t.status, t.nextAttemptAt),
    index('invoices_cancel_due_idx').on(t.cancelState, t.cancelNextAttemptAt),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_period_idx').on(t.kind, t.periodStart),
    index('invoices_created_at_idx').on(t.createdAt, t.id),
    check('invoices_kind_valid', sql`${t.kind} in ('order', 'global', 'credit_note')`),
    check(
      'invoices_cancel_state_valid',
      sql`${t.cancelState} is null or ${t.cancelState} in ('queued', 'pending', 'verifying', 'accepted', 'rejected', 'expired')`,
    ),
    check('invoices_status_valid', sql`${t.status} in ('queued', 'valid', 'failed', 'cancelled')`),
    check('invoices_order_has_sale', sql`${t.kind} <> 'order' or ${t.orderId} is not null`),
    check('invoices_total_non_negative', sql`${t.totalCents} >= 0`),
    check('invoices_stamped_when_valid', sql`${t.status} <> 'valid' or ${t.uuid} is not null`),
  ],
);

/** The sales a global invoice covers: one concept each (a re-issued global lists its own). */
export const globalInvoiceSales = pgTable(
  'global_invoice_sales',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ name: 'global_invoice_sales_pkey', columns: [t.invoiceId, t.orderId] }),
    index('global_invoice_sales_order_idx').on(t.orderId),
  ],
);
