import type { DbOrTx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import { dailySales, orderItems, orders, products } from '@sala/db/schema/commerce';
import {
  fiscalProfiles,
  globalInvoiceSales,
  type InvoiceCustomer,
  invoices,
  invoicingSettings,
  productSatKeys,
} from '@sala/db/schema/invoicing';
import type { GlobalPeriodicity } from '@sala/shared/invoicing/global-period';
import type { TFiscalProfileInput, TInvoicingSettingsInput } from '@sala/shared/invoicing/invoicing.contract';
import { and, asc, count, desc, eq, gte, inArray, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import { liveInvoice } from '../../lib/live-invoice';
import { rowsOf } from '../../lib/sql-rows';

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export async function findSettings(db: DbOrTx) {
  const [row] = await db.select().from(invoicingSettings).where(eq(invoicingSettings.id, 1));
  return row ?? null;
}

/** The issuer's settings and each product's own keys, written together (the products not listed lose theirs). */
export async function saveSettingsRow(
  tx: DbOrTx,
  input: TInvoicingSettingsInput & { nextFolio: number },
  actorId: string,
) {
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

const saleRow = {
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
  paymentRef: orders.paymentRef,
};

export async function findSale(db: DbOrTx, orderId: string, options: { lock?: boolean } = {}) {
  const query = db.select(saleRow).from(orders).where(eq(orders.id, orderId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Several sales at once (Mis pedidos asks about a page of them). */
export function findSales(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.select(saleRow).from(orders).where(inArray(orders.id, orderIds));
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
  cancelState: invoices.cancelState,
  cancelMotive: invoices.cancelMotive,
  createdAt: invoices.createdAt,
};
export type InvoiceSummaryRow = {
  id: string;
  kind: 'order' | 'global' | 'credit_note';
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
  cancelState: 'queued' | 'pending' | 'verifying' | 'accepted' | 'rejected' | 'expired' | null;
  cancelMotive: string | null;
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
    kind: 'order' | 'global' | 'credit_note';
    orderId: string | null;
    customer: InvoiceCustomer;
    payload: Record<string, unknown>;
    totalCents: number;
    paymentForm: string;
    series: string;
    folioNumber: number;
    requestedBy: string | null;
    now: Date;
    period?: { start: string; end: string; periodicity: GlobalPeriodicity };
    relatedId?: string | null;
    waitsFor?: string | null;
    /** Known beforehand when another row names it first (the substitute of a cancellation with motive 01). */
    id?: string;
  },
) {
  const { period, id = newId(), ...rest } = row;
  await tx.insert(invoices).values({
    id,
    ...rest,
    ...(period ? { periodStart: period.start, periodEnd: period.end, periodicity: period.periodicity } : {}),
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
        -- A client's invoice of a sale that was in a global waits until that global's cancellation reached the PAC.
        and ("waits_for" is null or exists (
          select 1 from ${invoices} w
          where w."id" = ${invoices}."waits_for" and w."cancel_state" is not null and w."cancel_state" <> 'queued'))
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
      kind: invoices.kind,
      customer: invoices.customer,
      totalCents: invoices.totalCents,
      series: invoices.series,
      folioNumber: invoices.folioNumber,
      orderId: invoices.orderId,
      relatedId: invoices.relatedId,
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

/** A sale's live invoices of its own (kind 'order'), under the sale's lock in the caller's transaction. */
export async function liveInvoicesOfSale(db: DbOrTx, orderId: string) {
  const result = await db.execute(sql`
    select i."id", i."status", i."attempts", i."stamped_at", i."total_cents"
    from ${invoices} i
    where i."order_id" = ${orderId} and i."kind" = 'order' and ${liveInvoice('i')}`);
  return rowsOf<{
    id: string;
    status: 'queued' | 'valid';
    attempts: number;
    stamped_at: Date | string | null;
    total_cents: number;
  }>(result).map((row) => ({
    id: row.id,
    status: row.status,
    attempts: row.attempts,
    stampedAt: row.stamped_at === null ? null : new Date(row.stamped_at),
    totalCents: row.total_cents,
  }));
}

/** The live global invoice a sale is in, locked (its re-issue is decided under this lock). */
export async function lockLiveGlobalOfSale(tx: DbOrTx, orderId: string) {
  const result = await tx.execute(sql`
    select i."id", i."status", i."attempts", i."uuid", i."period_start", i."period_end", i."periodicity",
      i."series", i."folio_number"
    from ${invoices} i
    join ${globalInvoiceSales} s on s."invoice_id" = i."id"
    where s."order_id" = ${orderId} and i."kind" = 'global' and ${liveInvoice('i')}
    for update of i`);
  const [row] = rowsOf<{
    id: string;
    status: 'queued' | 'valid';
    attempts: number;
    uuid: string | null;
    period_start: string | Date;
    period_end: string | Date;
    periodicity: GlobalPeriodicity;
    series: string;
    folio_number: number;
  }>(result);
  if (!row) return null;
  const day = (value: string | Date) =>
    typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
  return {
    id: row.id,
    status: row.status,
    attempts: row.attempts,
    uuid: row.uuid,
    series: row.series,
    folioNumber: row.folio_number,
    period: { start: day(row.period_start), end: day(row.period_end), periodicity: row.periodicity },
  };
}

export type GlobalSale = {
  id: string;
  folio: number;
  totalCents: number;
  method: 'cash' | 'card' | 'transfer' | 'mixed' | 'oxxo' | 'spei';
  paidCashCents: number;
  paidCardCents: number;
  paidTransferCents: number;
  paidAt: Date;
};

const saleColumns = sql`o."id", o."folio", o."total_cents", o."method", o."paid_cash_cents", o."paid_card_cents",
  o."paid_transfer_cents", o."paid_at"`;
const saleOf = (row: {
  id: string;
  folio: number;
  total_cents: number;
  method: GlobalSale['method'];
  paid_cash_cents: number;
  paid_card_cents: number;
  paid_transfer_cents: number;
  paid_at: Date | string;
}): GlobalSale => ({
  id: row.id,
  folio: row.folio,
  totalCents: row.total_cents,
  method: row.method,
  paidCashCents: row.paid_cash_cents,
  paidCardCents: row.paid_card_cents,
  paidTransferCents: row.paid_transfer_cents,
  paidAt: new Date(row.paid_at),
});

/**
 * The sales a period's global invoice covers: completed, paid inside the period, with no live invoice of their own
 * and in no live global invoice. Oldest first (the concepts' order).
 */
export async function salesForGlobal(db: DbOrTx, window: { from: Date; to: Date }) {
  const result = await db.execute(sql`
    select ${saleColumns}
    from ${orders} o
    where o."status" = 'completed' and o."paid_at" >= ${ts(window.from)} and o."paid_at" < ${ts(window.to)}
      and not exists (select 1 from ${invoices} i where i."order_id" = o."id" and i."kind" = 'order' and ${liveInvoice('i')})
      and not exists (
        select 1 from ${globalInvoiceSales} s join ${invoices} g on g."id" = s."invoice_id"
        where s."order_id" = o."id" and ${liveInvoice('g')})
    order by o."paid_at", o."id"`);
  return rowsOf<Parameters<typeof saleOf>[0]>(result).map(saleOf);
}

/** The sales of one global invoice, oldest first. */
export async function salesOfGlobal(db: DbOrTx, invoiceId: string) {
  const result = await db.execute(sql`
    select ${saleColumns}
    from ${globalInvoiceSales} s join ${orders} o on o."id" = s."order_id"
    where s."invoice_id" = ${invoiceId}
    order by o."paid_at", o."id"`);
  return rowsOf<Parameters<typeof saleOf>[0]>(result).map(saleOf);
}

export async function insertGlobalSales(tx: DbOrTx, invoiceId: string, orderIds: string[]) {
  for (let at = 0; at < orderIds.length; at += 1000) {
    const slice = orderIds.slice(at, at + 1000);
    await tx.insert(globalInvoiceSales).values(slice.map((orderId) => ({ invoiceId, orderId })));
  }
}

export async function removeGlobalSale(tx: DbOrTx, invoiceId: string, orderId: string) {
  await tx
    .delete(globalInvoiceSales)
    .where(and(eq(globalInvoiceSales.invoiceId, invoiceId), eq(globalInvoiceSales.orderId, orderId)));
}

/** A queued invoice never sent yet gets a new body (a global that lost a sale before it was stamped). */
export async function rewriteQueued(
  tx: DbOrTx,
  id: string,
  row: { payload: Record<string, unknown>; totalCents: number; paymentForm: string },
) {
  await tx
    .update(invoices)
    .set(row)
    .where(and(eq(invoices.id, id), eq(invoices.status, 'queued'), eq(invoices.attempts, 0)));
}

/** A queued invoice never sent: withdrawn (its sale was cancelled first). */
export async function withdrawQueued(tx: DbOrTx, id: string, now: Date) {
  await tx
    .update(invoices)
    .set({ status: 'cancelled', cancelledAt: now, lastError: null })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'queued'), eq(invoices.attempts, 0)));
}

/** The global invoices of a period, any state (the job issues one only where none stands). */
export async function globalsOfPeriod(db: DbOrTx, start: string) {
  return db
    .select({ id: invoices.id, status: invoices.status, cancelState: invoices.cancelState })
    .from(invoices)
    .where(and(eq(invoices.kind, 'global'), eq(invoices.periodStart, start)));
}

/** The settings row, locked: one global job at a time across processes (the row lock is the lease). */
export async function lockSettings(tx: DbOrTx) {
  const [row] = await tx.select().from(invoicingSettings).where(eq(invoicingSettings.id, 1)).for('update');
  return row ?? null;
}

/** Asks for an invoice's cancellation (the cancellation queue sends it once the invoice is stamped). */
export async function requestCancel(
  tx: DbOrTx,
  id: string,
  request: { motive: '01' | '02' | '03' | '04'; substituteId?: string | null; now: Date },
) {
  const rows = await tx
    .update(invoices)
    .set({
      cancelState: 'queued',
      cancelMotive: request.motive,
      cancelSubstituteId: request.substituteId ?? null,
      cancelRequestedAt: request.now,
      cancelNextAttemptAt: request.now,
      cancelAttempts: 0,
    })
    .where(and(eq(invoices.id, id), sql`${invoices.status} in ('queued', 'valid')`))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export type ClaimedCancellation = {
  id: string;
  cancelAttempts: number;
  pacId: string;
  motive: '01' | '02' | '03' | '04';
  substituteUuid: string | null;
  state: 'queued' | 'pending' | 'verifying';
  requestedBy: string | null;
  label: string;
};

/**
 * The cancellation queue's claim, as the invoices' one: a requested cancellation of a stamped invoice (for motive
 * 01, once its substitute is stamped too), or a cancellation waiting for the receiver whose next check came.
 */
export async function claimDueCancellations(
  db: DbOrTx,
  claim: { now: Date; leaseUntil: Date; limit: number },
) {
  const result = await db.execute(sql`
    update ${invoices} as i
    set "cancel_attempts" = i."cancel_attempts" + 1, "cancel_next_attempt_at" = ${ts(claim.leaseUntil)}
    from (
      select c."id" from ${invoices} c
      left join ${invoices} sub on sub."id" = c."cancel_substitute_id"
      where c."status" = 'valid' and c."cancel_state" in ('queued', 'pending', 'verifying')
        and c."cancel_next_attempt_at" <= ${ts(claim.now)}
        and (c."cancel_motive" <> '01' or sub."status" = 'valid')
      order by c."cancel_next_attempt_at", c."id"
      limit ${claim.limit}
      for update of c skip locked
    ) as due
    where i."id" = due."id"
    returning i."id", i."cancel_attempts", i."pac_id", i."cancel_motive", i."cancel_state", i."requested_by",
      i."series", i."folio_number",
      (select s."uuid" from ${invoices} s where s."id" = i."cancel_substitute_id") as substitute_uuid`);
  return rowsOf<{
    id: string;
    cancel_attempts: number;
    pac_id: string;
    cancel_motive: ClaimedCancellation['motive'];
    cancel_state: ClaimedCancellation['state'];
    requested_by: string | null;
    series: string;
    folio_number: number;
    substitute_uuid: string | null;
  }>(result).map(
    (row): ClaimedCancellation => ({
      id: row.id,
      cancelAttempts: row.cancel_attempts,
      pacId: row.pac_id,
      motive: row.cancel_motive,
      substituteUuid: row.substitute_uuid,
      state: row.cancel_state,
      requestedBy: row.requested_by,
      label: `${row.series}-${row.folio_number}`,
    }),
  );
}

/** The PAC's answer to a cancellation (or to a later check of it), if the claim is still this one's. */
export async function recordCancelAnswer(
  tx: DbOrTx,
  claim: { id: string; cancelAttempts: number },
  answer: {
    state: 'pending' | 'verifying' | 'accepted' | 'rejected' | 'expired';
    cancelled: boolean;
    now: Date;
    nextCheckAt: Date | null;
    /** The PAC's refusal of the cancellation, said to the super admin. */
    error?: string;
  },
) {
  const rows = await tx
    .update(invoices)
    .set({
      cancelState: answer.state,
      cancelNextAttemptAt: answer.nextCheckAt,
      ...(answer.error ? { lastError: answer.error } : {}),
      ...(answer.cancelled ? { status: 'cancelled' as const, cancelledAt: answer.now } : {}),
    })
    .where(and(eq(invoices.id, claim.id), eq(invoices.cancelAttempts, claim.cancelAttempts)))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export async function retryCancelLater(
  db: DbOrTx,
  claim: { id: string; cancelAttempts: number },
  retry: { error: string; at: Date },
) {
  await db
    .update(invoices)
    .set({ lastError: retry.error, cancelNextAttemptAt: retry.at })
    .where(and(eq(invoices.id, claim.id), eq(invoices.cancelAttempts, claim.cancelAttempts)));
}

/** The stamped invoice a cancellation of a sale works on (its UUID, customer and payload for a credit note). */
export async function findInvoiceForCredit(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: invoices.id,
      uuid: invoices.uuid,
      customer: invoices.customer,
      paymentForm: invoices.paymentForm,
      orderId: invoices.orderId,
    })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row ?? null;
}

/** The global invoices, newest period first, with how many sales each covers. */
export function listGlobals(db: DbOrTx) {
  return db
    .select({
      ...summaryColumns,
      periodStart: invoices.periodStart,
      periodEnd: invoices.periodEnd,
      periodicity: invoices.periodicity,
      sales: count(globalInvoiceSales.orderId),
    })
    .from(invoices)
    .leftJoin(globalInvoiceSales, eq(globalInvoiceSales.invoiceId, invoices.id))
    .where(eq(invoices.kind, 'global'))
    .groupBy(invoices.id)
    .orderBy(desc(invoices.periodStart), desc(invoices.createdAt), desc(invoices.id))
    .limit(200);
}

/** The highest folio a series has used (0 when none): the next one is never at or below it. */
export async function lastFolioOf(db: DbOrTx, series: string) {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${invoices.folioNumber}), 0)::int` })
    .from(invoices)
    .where(eq(invoices.series, series));
  return row?.last ?? 0;
}

/**
 * The completed sales paid on the business dates [from, to] (of a branch, or all) by invoice: their own, a global
 * one, none yet. Read from daily_sales, whose cover sums the database keeps from orders.invoice_cover (migration
 * 0027), itself kept from the invoices and the global invoices' sales.
 */
export async function invoicingTotalsBetween(
  db: DbOrTx,
  days: { from: string; to: string; branchId?: string },
) {
  const cents = (column: SQL) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);
  const [row] = await db
    .select({
      invoicedCents: cents(sql`${dailySales.invoicedCents}`),
      inGlobalCents: cents(sql`${dailySales.inGlobalCents}`),
      notInvoicedCents: cents(
        sql`${dailySales.totalCents} - ${dailySales.invoicedCents} - ${dailySales.inGlobalCents}`,
      ),
    })
    .from(dailySales)
    .where(
      and(
        gte(dailySales.date, days.from),
        lte(dailySales.date, days.to),
        days.branchId ? eq(dailySales.branchId, days.branchId) : undefined,
      ),
    );
  return {
    invoicedCents: row?.invoicedCents ?? 0,
    inGlobalCents: row?.inGlobalCents ?? 0,
    notInvoicedCents: row?.notInvoicedCents ?? 0,
  };
}

/** ARCO access: the invoices made out to a client for their sales (and their credit notes), newest first. */
export async function invoicesOfClient(db: DbOrTx, userId: string) {
  return db
    .select({
      kind: invoices.kind,
      status: invoices.status,
      series: invoices.series,
      folioNumber: invoices.folioNumber,
      uuid: invoices.uuid,
      totalCents: invoices.totalCents,
      customer: invoices.customer,
      stampedAt: invoices.stampedAt,
      cancelledAt: invoices.cancelledAt,
      createdAt: invoices.createdAt,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(invoices.createdAt));
}

/** Suppression: the saved fiscal profile goes (the stamped invoices stay: they are the business's tax records). */
export async function deleteFiscalProfile(tx: DbOrTx, userId: string) {
  await tx.delete(fiscalProfiles).where(eq(fiscalProfiles.userId, userId));
}
