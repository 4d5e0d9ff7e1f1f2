import type { DbOrTx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import { orderItems, orders, products } from '@sala/db/schema/commerce';
import {
  fiscalProfiles,
  type InvoiceCustomer,
  invoices,
  invoicingSettings,
  productSatKeys,
} from '@sala/db/schema/invoicing';
import type { TFiscalProfileInput, TInvoicingSettingsInput } from '@sala/shared/invoicing/invoicing.contract';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../lib/sql-rows';

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export async function findSettings(db: DbOrTx) {
  const [row] = await db.select().from(invoicingSettings).where(eq(invoicingSettings.id, 1));
  return row ?? null;
}

/** The issuer's settings and each product's own keys, written together (the products not listed lose theirs). */
export async function saveSettingsRow(tx: DbOrTx, input: TInvoicingSettingsInput, actorId: string) {
  const { productKeys, ...settings } = input;
  await tx
    .insert(invoicingSettings)
    .values({ id: 1, ...settings, updatedBy: actorId })
    .onConflictDoUpdate({
      target: invoicingSettings.id,
      set: { ...settings, updatedBy: actorId, updatedAt: new Date() },
    });
  const ids = productKeys.map((row) => row.productId);
  await tx
    .delete(productSatKeys)
    .where(ids.length > 0 ? notInArray(productSatKeys.productId, ids) : undefined);
  if (productKeys.length > 0)
    await tx
      .insert(productSatKeys)
      .values(productKeys)
      .onConflictDoUpdate({
        target: productSatKeys.productId,
        set: {
          productKey: sql`excluded.product_key`,
          unitKey: sql`excluded.unit_key`,
          updatedAt: new Date(),
        },
      });
}

export function productsWithKeys(db: DbOrTx) {
  return db
    .select({
      id: products.id,
      name: products.name,
      productKey: productSatKeys.productKey,
      unitKey: productSatKeys.unitKey,
    })
    .from(products)
    .leftJoin(productSatKeys, eq(productSatKeys.productId, products.id))
    .orderBy(asc(products.name), asc(products.id));
}

export async function findFiscalProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      rfc: fiscalProfiles.rfc,
      legalName: fiscalProfiles.legalName,
      taxSystem: fiscalProfiles.taxSystem,
      zip: fiscalProfiles.zip,
      cfdiUse: fiscalProfiles.cfdiUse,
      email: fiscalProfiles.email,
    })
    .from(fiscalProfiles)
    .where(eq(fiscalProfiles.userId, userId));
  return row ?? null;
}

export async function saveFiscalProfileRow(tx: DbOrTx, userId: string, profile: TFiscalProfileInput) {
  await tx
    .insert(fiscalProfiles)
    .values({ userId, ...profile })
    .onConflictDoUpdate({ target: fiscalProfiles.userId, set: { ...profile, updatedAt: new Date() } });
}

/** A sale, locked until the caller's transaction ends: two requests for its invoice are decided one after the other. */
export const lockSale = (tx: DbOrTx, orderId: string) => findSale(tx, orderId, { lock: true });

export async function findSale(db: DbOrTx, orderId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      id: orders.id,
      folio: orders.folio,
      userId: orders.userId,
      status: orders.status,
      isPos: orders.isPos,
      method: orders.method,
      totalCents: orders.totalCents,
      paidAt: orders.paidAt,
      paidCashCents: orders.paidCashCents,
      paidCardCents: orders.paidCardCents,
      paidTransferCents: orders.paidTransferCents,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A sale's lines with the SAT keys of their products (null: the business's defaults). */
export function saleLines(db: DbOrTx, orderId: string) {
  return db
    .select({
      description: orderItems.name,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      productKey: productSatKeys.productKey,
      unitKey: productSatKeys.unitKey,
    })
    .from(orderItems)
    .leftJoin(productSatKeys, eq(productSatKeys.productId, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
}

const summaryColumns = {
  id: invoices.id,
  kind: invoices.kind,
  orderId: invoices.orderId,
  status: invoices.status,
  series: invoices.series,
  folioNumber: invoices.folioNumber,
  uuid: invoices.uuid,
  totalCents: invoices.totalCents,
  customer: invoices.customer,
  stampedAt: invoices.stampedAt,
  isTest: invoices.isTest,
  lastError: invoices.lastError,
  errorField: invoices.errorField,
  createdAt: invoices.createdAt,
};
export type InvoiceSummaryRow = {
  id: string;
  kind: 'order' | 'global';
  orderId: string | null;
  status: 'queued' | 'valid' | 'failed' | 'cancelled';
  series: string;
  folioNumber: number;
  uuid: string | null;
  totalCents: number;
  customer: InvoiceCustomer;
  stampedAt: Date | null;
  isTest: boolean;
  lastError: string | null;
  errorField: string | null;
  createdAt: Date;
};

/** The invoices of these sales, newest first (a live one, or the refusals before it). */
export function invoicesOfSales(db: DbOrTx, orderIds: string[]): Promise<InvoiceSummaryRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select(summaryColumns)
    .from(invoices)
    .where(and(eq(invoices.kind, 'order'), inArray(invoices.orderId, orderIds)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
}

/** Hands out the next folio of the series, under the settings row's lock. */
export async function takeFolio(tx: DbOrTx) {
  const [row] = await tx
    .update(invoicingSettings)
    .set({ nextFolio: sql`${invoicingSettings.nextFolio} + 1` })
    .where(eq(invoicingSettings.id, 1))
    .returning({ series: invoicingSettings.series, folio: sql<number>`${invoicingSettings.nextFolio} - 1` });
  return row!;
}

export async function insertInvoice(
  tx: DbOrTx,
  row: {
    kind: 'order' | 'global';
    orderId: string | null;
    customer: InvoiceCustomer;
    payload: Record<string, unknown>;
    totalCents: number;
    paymentForm: string;
    series: string;
    folioNumber: number;
    requestedBy: string | null;
    now: Date;
  },
) {
  const id = newId();
  await tx.insert(invoices).values({
    id,
    ...row,
    idempotencyKey: newId(),
    nextAttemptAt: row.now,
    createdAt: row.now,
  });
  return id;
}

export async function findInvoice(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      pdfBase64: invoices.pdfBase64,
      xml: invoices.xml,
      ownerId: orders.userId,
      orderFolio: orders.folio,
    })
    .from(invoices)
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.id, id));
  return row ?? null;
}

export type ClaimedInvoice = {
  id: string;
  attempts: number;
  payload: Record<string, unknown>;
  idempotencyKey: string;
  requestedBy: string | null;
};

/**
 * The queue's claim: up to `limit` queued invoices whose turn came, taken with FOR UPDATE SKIP LOCKED and moved to
 * `leaseUntil` in one statement, so N processes never send the same one and a process that dies mid-call leaves it
 * to be sent again once the lease ends (the idempotency key keeps it one invoice at the PAC).
 */
export async function claimDueInvoices(db: DbOrTx, claim: { now: Date; leaseUntil: Date; limit: number }) {
  const result = await db.execute(sql`
    update ${invoices} as i
    set "attempts" = i."attempts" + 1, "next_attempt_at" = ${ts(claim.leaseUntil)}
    from (
      select "id" from ${invoices}
      where "status" = 'queued' and "next_attempt_at" <= ${ts(claim.now)}
      order by "next_attempt_at", "id"
      limit ${claim.limit}
      for update skip locked
    ) as due
    where i."id" = due."id"
    returning i."id", i."attempts", i."payload", i."idempotency_key", i."requested_by"`);
  return rowsOf<{
    id: string;
    attempts: number;
    payload: Record<string, unknown> | string;
    idempotency_key: string;
    requested_by: string | null;
  }>(result).map(
    (row): ClaimedInvoice => ({
      id: row.id,
      attempts: row.attempts,
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      idempotencyKey: row.idempotency_key,
      requestedBy: row.requested_by,
    }),
  );
}

/** The claim's end, if it is still this claim's (`attempts` fences a claim that outlived its lease). */
const stillClaimed = (claim: { id: string; attempts: number }) =>
  and(eq(invoices.id, claim.id), eq(invoices.attempts, claim.attempts), eq(invoices.status, 'queued'));

export async function markStamped(
  tx: DbOrTx,
  claim: { id: string; attempts: number },
  stamped: { pacId: string; uuid: string; isTest: boolean; pdfBase64: string; xml: string; at: Date },
) {
  const rows = await tx
    .update(invoices)
    .set({
      status: 'valid',
      pacId: stamped.pacId,
      uuid: stamped.uuid,
      isTest: stamped.isTest,
      pdfBase64: stamped.pdfBase64,
      xml: stamped.xml,
      stampedAt: stamped.at,
      lastError: null,
      errorField: null,
    })
    .where(stillClaimed(claim))
    .returning({
      id: invoices.id,
      customer: invoices.customer,
      totalCents: invoices.totalCents,
      series: invoices.series,
      folioNumber: invoices.folioNumber,
      orderId: invoices.orderId,
    });
  return rows[0] ?? null;
}

export async function markRefused(
  tx: DbOrTx,
  claim: { id: string; attempts: number },
  refusal: { message: string; field: string | null },
) {
  const rows = await tx
    .update(invoices)
    .set({ status: 'failed', lastError: refusal.message, errorField: refusal.field })
    .where(stillClaimed(claim))
    .returning({
      id: invoices.id,
      customer: invoices.customer,
      series: invoices.series,
      folioNumber: invoices.folioNumber,
    });
  return rows[0] ?? null;
}

export async function markRetry(
  db: DbOrTx,
  claim: { id: string; attempts: number },
  retry: { error: string; at: Date },
) {
  await db
    .update(invoices)
    .set({ lastError: retry.error, nextAttemptAt: retry.at })
    .where(stillClaimed(claim));
}

/** The order's folio for the e-mail. */
export async function saleFolio(db: DbOrTx, orderId: string) {
  const [row] = await db.select({ folio: orders.folio }).from(orders).where(eq(orders.id, orderId));
  return row?.folio ?? null;
}
