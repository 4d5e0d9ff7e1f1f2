import type { DbOrTx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import type { InvoiceCustomer } from '@sala/db/schema/invoicing';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { canStillAsk, lastDayToAsk } from '@sala/shared/invoicing/invoice.rules';
import type {
  TCancelInvoiceInput,
  TFiscalProfileInput,
  TFiscalProfileResponse,
  TInvoicingSettingsInput,
  TInvoicingSettingsResponse,
  TOrderInvoiceResponse,
} from '@sala/shared/invoicing/invoicing.contract';
import { invoicingMessages as m } from '@sala/shared/invoicing/invoicing.messages';
import { checkRfc } from '@sala/shared/invoicing/rfc';
import { formatFolio } from '@sala/shared/orders/folio';
import { businessDate } from '@sala/shared/time/business-time';
import type { ActingContext, RequestContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { recordAudit } from '../audit/audit.service';
import { creditNoteBody, saleInvoiceBody } from './invoicing.body';
import { takeSaleOutOfGlobal } from './invoicing.global';
import {
  deleteFiscalProfile,
  findFiscalProfile,
  findInvoice,
  findInvoiceForCredit,
  findSale,
  findSales,
  findSettings,
  insertInvoice,
  invoicesOfClient,
  invoicesOfSales,
  invoicingTotalsBetween,
  lastFolioOf,
  liveInvoicesOfSale,
  lockSale,
  lockSettings,
  productsWithKeys,
  requestCancel,
  saleLines,
  saveFiscalProfileRow,
  saveSettingsRow,
  takeFolio,
  withdrawQueued,
} from './invoicing.repository';
import { summaryOf } from './invoicing.summary';

const STAFF = new Set(['admin', 'superadmin']);

/** A saved profile's warnings: a check digit that does not match is said, never refused. */
function warningsOf(rfc: string) {
  const check = checkRfc(rfc);
  return check.ok && !check.checkDigitMatches ? [m.rfcCheckDigit] : [];
}

// ——— The client's fiscal profile ———

export async function fiscalProfileOf(ctx: RequestContext, userId: string): Promise<TFiscalProfileResponse> {
  const profile = await findFiscalProfile(ctx.db, userId);
  return { profile, warnings: profile ? warningsOf(profile.rfc) : [], mode: ctx.invoicing.mode };
}

export const myFiscalProfile = (ctx: ActingContext) => fiscalProfileOf(ctx, ctx.actor.id);

export async function saveFiscalProfile(
  ctx: ActingContext,
  { userId, profile }: { userId: string; profile: TFiscalProfileInput },
): Promise<TFiscalProfileResponse> {
  await ctx.db.transaction(async (tx) => {
    const before = await findFiscalProfile(tx, userId);
    await saveFiscalProfileRow(tx, userId, profile);
    // Staff editing a client's data leave their trace; a client editing their own does not (issue 20).
    if (userId !== ctx.actor.id)
      await recordAudit(tx, ctx, [
        {
          action: 'fiscal_profile.update',
          entity: 'user',
          entityId: userId,
          label: profile.legalName,
          before,
          after: profile,
        },
      ]);
  });
  return fiscalProfileOf(ctx, userId);
}

// ——— The issuer's settings (super admin) ———

export async function invoicingSettings(ctx: ActingContext): Promise<TInvoicingSettingsResponse> {
  const [row, productRows] = await Promise.all([findSettings(ctx.db), productsWithKeys(ctx.db)]);
  return {
    settings: row
      ? {
          rfc: row.rfc,
          legalName: row.legalName,
          taxSystem: row.taxSystem,
          zip: row.zip,
          series: row.series,
          nextFolio: row.nextFolio,
          defaultProductKey: row.defaultProductKey,
          defaultUnitKey: row.defaultUnitKey,
          globalPeriodicity: row.globalPeriodicity,
          requestWindowDays: row.requestWindowDays,
        }
      : null,
    products: productRows,
    mode: ctx.invoicing.mode,
  };
}

export async function saveInvoicingSettings(ctx: ActingContext, input: TInvoicingSettingsInput) {
  await ctx.db.transaction(async (tx) => {
    const before = await lockSettings(tx);
    // A folio is never handed out twice: the next one stays above the last one the series used.
    const last = await lastFolioOf(tx, input.series);
    // Not given: the series goes on where it is (its next folio as the row holds it now, never one already used).
    const nextFolio =
      input.nextFolio ?? Math.max(before?.series === input.series ? before.nextFolio : 1, last + 1);
    if (nextFolio <= last)
      throw new AppError('aborted', m.folioUsed(input.series, last), {
        nextFolio: m.folioUsed(input.series, last),
      });
    await saveSettingsRow(tx, { ...input, nextFolio }, ctx.actor.id);
    const { productKeys, ...after } = { ...input, nextFolio };
    await recordAudit(tx, ctx, [
      {
        action: 'invoicing.settings',
        entity: 'invoicing_settings',
        entityId: '1',
        label: after.legalName,
        before: before
          ? {
              rfc: before.rfc,
              legalName: before.legalName,
              taxSystem: before.taxSystem,
              zip: before.zip,
              series: before.series,
              nextFolio: before.nextFolio,
              defaultProductKey: before.defaultProductKey,
              defaultUnitKey: before.defaultUnitKey,
              globalPeriodicity: before.globalPeriodicity,
              requestWindowDays: before.requestWindowDays,
            }
          : null,
        after: { ...after, productKeys: productKeys.length },
      },
    ]);
  });
  return invoicingSettings(ctx);
}

// ——— Asking for a sale's invoice ———

/**
 * An online card sale's card, as its gateway tells it (debit: the SAT's form 28; credit or unknown: 04). Asked before
 * the transaction, never inside it; a gateway that does not answer leaves it unknown (logged).
 */
async function cardFundingOf(ctx: ActingContext, orderId: string) {
  const sale = await findSale(ctx.db, orderId);
  if (!sale || sale.isPos || sale.method !== 'card' || !sale.paymentRef) return null;
  return ctx.payments.cardFunding(sale.paymentRef).catch((error: unknown) => {
    ctx.log.warn(
      { err: error, orderId },
      'the gateway did not say which card paid: the invoice says tarjeta de crédito',
    );
    return null;
  });
}

type Asker =
  | { kind: 'client' }
  | { kind: 'staff'; profile: TFiscalProfileInput }
  /** The super admin re-issues a stamped invoice with corrected data (motive 01): the old one is cancelled after. */
  | { kind: 'correction'; profile: TFiscalProfileInput; replaces: string };

/**
 * Queues a sale's invoice (one transaction, under the sale's row lock; the PAC is called after, by the queue): the
 * sale must be paid, the asker's (or any sale, for staff), inside the window, without a live invoice. Asking again
 * while one is queued or stamped answers that one: five requests stamp once. A sale already in the period's global
 * invoice leaves it first (issue 42, point 6: the global re-issued without it, the old one cancelled with motive
 * 04), and the client's invoice is sent once that cancellation reached the PAC.
 */
async function queueSaleInvoice(
  ctx: ActingContext,
  orderId: string,
  asker: Asker,
): Promise<TOrderInvoiceResponse> {
  if (ctx.invoicing.mode === 'off') throw new AppError('aborted', m.off);
  const settings = await findSettings(ctx.db);
  if (!settings) throw new AppError('aborted', m.issuerMissing);
  const cardFunding = await cardFundingOf(ctx, orderId);
  const queued = await ctx.db
    .transaction(async (tx) => {
      const sale = await lockSale(tx, orderId);
      const own = sale !== null && sale.userId === ctx.actor.id;
      if (!sale || (asker.kind === 'client' && !own)) throw new AppError('not-found', m.notYourOrder);
      const live = (await liveInvoicesOfSale(tx, sale.id)).filter(
        (row) => row.id !== (asker.kind === 'correction' ? asker.replaces : null),
      );
      if (live[0]) return { id: live[0].id, created: false };
      if (sale.status !== 'completed' || !sale.paidAt) throw new AppError('aborted', m.notCompleted);
      if (asker.kind === 'client' && !canStillAsk(sale.paidAt, settings.requestWindowDays, ctx.now))
        throw new AppError(
          'aborted',
          m.windowClosed(formatCalendarDate(lastDayToAsk(sale.paidAt, settings.requestWindowDays))),
        );
      const profile = asker.kind === 'client' ? await findFiscalProfile(tx, ctx.actor.id) : asker.profile;
      if (!profile) throw new AppError('aborted', m.profileMissing);
      const waitsFor = await takeSaleOutOfGlobal(tx, {
        orderId: sale.id,
        settings,
        requestedBy: ctx.actor.id,
        now: ctx.now,
      });
      const customer: InvoiceCustomer = { ...profile };
      const folio = await takeFolio(tx);
      const lines = (await saleLines(tx, sale.id)).map((line) => ({
        ...line,
        productKey: line.productKey ?? settings.defaultProductKey,
        unitKey: line.unitKey ?? settings.defaultUnitKey,
      }));
      const payload = saleInvoiceBody({ ...sale, cardFunding }, lines, customer, folio);
      // A correction (01): the old invoice's cancellation names its substitute, and is sent once that is stamped.
      const id = newId();
      if (asker.kind === 'correction')
        await requestCancel(tx, asker.replaces, { motive: '01', substituteId: id, now: ctx.now });
      await insertInvoice(tx, {
        id,
        kind: 'order',
        orderId: sale.id,
        customer,
        payload,
        totalCents: sale.totalCents,
        paymentForm: payload.payment_form,
        series: folio.series,
        folioNumber: folio.folio,
        requestedBy: ctx.actor.id,
        now: ctx.now,
        waitsFor,
      });
      await recordAudit(tx, ctx, [
        {
          action: 'invoice.request',
          entity: 'invoice',
          entityId: id,
          label: `${folio.series}-${folio.folio} · ${formatFolio(sale.folio)}`,
          before: null,
          after: {
            rfc: customer.rfc,
            legalName: customer.legalName,
            totalCents: sale.totalCents,
            order: formatFolio(sale.folio),
            ...(asker.kind === 'correction' ? { replaces: asker.replaces } : {}),
            ...(waitsFor ? { leavesGlobal: waitsFor } : {}),
          },
        },
      ]);
      return { id, created: true };
    })
    .catch((error: unknown) => {
      // Two requests that both passed the lock's check cannot happen (the lock orders them); the index is the backstop.
      if (isUniqueViolation(error, 'invoices_one_live_per_order')) return { id: null, created: false };
      throw error;
    });
  if (queued.created) ctx.invoicing.wake();
  return saleInvoiceOf(ctx, orderId);
}

export const requestMyInvoice = (ctx: ActingContext, { orderId }: { orderId: string }) =>
  queueSaleInvoice(ctx, orderId, { kind: 'client' });

export const invoiceSaleForClient = (
  ctx: ActingContext,
  { orderId, profile }: { orderId: string; profile: TFiscalProfileInput },
) => queueSaleInvoice(ctx, orderId, { kind: 'staff', profile });

/** A sale's invoice as its client or the staff see it, and until when the client may still ask for it. */
/** What a sale's invoice stands at, and until when it may be asked for, from its rows (newest first). */
function saleInvoiceAnswer(
  ctx: ActingContext,
  settings: Awaited<ReturnType<typeof findSettings>>,
  sale: NonNullable<Awaited<ReturnType<typeof findSale>>> | undefined,
  rows: Awaited<ReturnType<typeof invoicesOfSales>>,
): TOrderInvoiceResponse {
  const staff = STAFF.has(ctx.actor.role);
  if (!sale || (!staff && sale.userId !== ctx.actor.id)) throw new AppError('not-found', m.notYourOrder);
  const latest = rows[0] ?? null;
  const askable =
    ctx.invoicing.mode !== 'off' && settings !== null && sale.status === 'completed' && sale.paidAt !== null;
  return {
    invoice: latest ? summaryOf(latest) : null,
    askUntil:
      askable && sale.userId !== null ? lastDayToAsk(sale.paidAt!, settings!.requestWindowDays) : null,
    mode: ctx.invoicing.mode,
  };
}

export async function saleInvoiceOf(ctx: ActingContext, orderId: string): Promise<TOrderInvoiceResponse> {
  const [settings, sale, rows] = await Promise.all([
    findSettings(ctx.db),
    findSale(ctx.db, orderId),
    invoicesOfSales(ctx.db, [orderId]),
  ]);
  return saleInvoiceAnswer(ctx, settings, sale ?? undefined, rows);
}

/** GET /api/me/invoices: a page of Mis pedidos at once, in three queries whatever its size. */
export async function myInvoices(ctx: ActingContext, { orderIds }: { orderIds: string[] }) {
  const [settings, sales, rows] = await Promise.all([
    findSettings(ctx.db),
    findSales(ctx.db, orderIds),
    invoicesOfSales(ctx.db, orderIds),
  ]);
  const saleById = new Map(sales.map((sale) => [sale.id, sale]));
  const invoices = orderIds.map((orderId) => ({
    orderId,
    ...saleInvoiceAnswer(
      ctx,
      settings,
      saleById.get(orderId),
      rows.filter((row) => row.orderId === orderId),
    ),
  }));
  return { invoices, mode: ctx.invoicing.mode };
}

/** An invoice's PDF or XML: its client's, or any for the staff; only once stamped. */
export async function invoiceFile(ctx: ActingContext, { id, file }: { id: string; file: 'pdf' | 'xml' }) {
  const row = await findInvoice(ctx.db, id);
  const staff = STAFF.has(ctx.actor.role);
  if (!row || (!staff && (row.kind !== 'order' || row.ownerId !== ctx.actor.id)))
    throw new AppError('not-found', m.notYourOrder);
  if (!row.pdfBase64 || !row.xml) throw new AppError('aborted', m.notReady);
  const name = `factura-${row.series}${row.folioNumber}`;
  return file === 'pdf'
    ? { filename: `${name}.pdf`, contentType: 'application/pdf', body: Buffer.from(row.pdfBase64, 'base64') }
    : {
        filename: `${name}.xml`,
        contentType: 'application/xml; charset=utf-8',
        body: Buffer.from(row.xml, 'utf8'),
      };
}

// ——— Cancelling ———

/**
 * The super admin cancels a client's stamped invoice for an error (issue 42, point 7; docs/decisions/030): 02 with
 * no substitute (the sale goes back to its period's global invoice), or 01 with the corrected invoice stamped first.
 */
export async function cancelInvoice(
  ctx: ActingContext,
  { id, request }: { id: string; request: TCancelInvoiceInput },
) {
  if (ctx.invoicing.mode === 'off') throw new AppError('aborted', m.off);
  const invoice = await findInvoice(ctx.db, id);
  if (!invoice) throw new AppError('not-found', m.notYourOrder);
  if (invoice.kind !== 'order' || !invoice.orderId) throw new AppError('aborted', m.reissueOnlyOrder);
  if (invoice.status !== 'valid' || invoice.cancelState !== null)
    throw new AppError('aborted', m.notCancellable);
  if (request.motive === '01') {
    return queueSaleInvoice(ctx, invoice.orderId, {
      kind: 'correction',
      profile: request.profile,
      replaces: invoice.id,
    });
  }
  await ctx.db.transaction(async (tx) => {
    await lockSale(tx, invoice.orderId!);
    if (!(await requestCancel(tx, invoice.id, { motive: '02', now: ctx.now })))
      throw new AppError('aborted', m.notCancellable);
    await recordAudit(tx, ctx, [
      {
        action: 'invoice.cancel',
        entity: 'invoice',
        entityId: invoice.id,
        label: `${invoice.series}-${invoice.folioNumber}`,
        before: { cancelState: null },
        after: { cancelState: 'queued', motive: '02' },
      },
    ]);
  });
  ctx.invoicing.wake();
  return saleInvoiceOf(ctx, invoice.orderId);
}

/**
 * A cancelled sale's invoices (issue 42, point 7; docs/decisions/030), in the cancel's transaction, under the
 * sale's lock: an invoice never sent is withdrawn; one stamped in the same calendar month (Mexico City) is
 * cancelled with motive 03 (the operation did not take place); one stamped in an earlier month stays — that month
 * is declared — and a credit note (egreso) is issued for the money given back. A sale in a global invoice leaves
 * it as when a client asks for its invoice.
 */
export async function invoicingOfCancelledSale(
  tx: DbOrTx,
  ctx: Pick<ActingContext, 'actor' | 'now' | 'invoicing'>,
  sale: { id: string; folio: number; refundedCents: number },
) {
  const settings = await findSettings(tx);
  if (!settings) return;
  for (const invoice of await liveInvoicesOfSale(tx, sale.id)) {
    if (invoice.status === 'queued' && invoice.attempts === 0) {
      await withdrawQueued(tx, invoice.id, ctx.now);
      continue;
    }
    const sameMonth =
      invoice.stampedAt === null ||
      businessDate(invoice.stampedAt).slice(0, 7) === businessDate(ctx.now).slice(0, 7);
    if (sameMonth || sale.refundedCents === 0) {
      await requestCancel(tx, invoice.id, { motive: '03', now: ctx.now });
      await recordAudit(tx, ctx, [
        {
          action: 'invoice.cancel',
          entity: 'invoice',
          entityId: invoice.id,
          label: `Venta ${formatFolio(sale.folio)}`,
          before: { cancelState: null },
          after: { cancelState: 'queued', motive: '03' },
        },
      ]);
      continue;
    }
    const credited = await findInvoiceForCredit(tx, invoice.id);
    if (!credited?.uuid) continue;
    const folio = await takeFolio(tx);
    const payload = creditNoteBody(
      { uuid: credited.uuid, customer: credited.customer, paymentForm: credited.paymentForm },
      sale.refundedCents,
      sale.folio,
      folio,
    );
    const id = await insertInvoice(tx, {
      kind: 'credit_note',
      orderId: sale.id,
      customer: credited.customer,
      payload,
      totalCents: sale.refundedCents,
      paymentForm: credited.paymentForm,
      series: folio.series,
      folioNumber: folio.folio,
      requestedBy: ctx.actor.id,
      now: ctx.now,
      relatedId: invoice.id,
    });
    await recordAudit(tx, ctx, [
      {
        action: 'invoice.credit_note',
        entity: 'invoice',
        entityId: id,
        label: `${folio.series}-${folio.folio} · ${formatFolio(sale.folio)}`,
        before: null,
        after: { credits: invoice.id, totalCents: sale.refundedCents },
      },
    ]);
  }
  await takeSaleOutOfGlobal(tx, {
    orderId: sale.id,
    settings,
    requestedBy: ctx.actor.id,
    now: ctx.now,
  }).catch((error: unknown) => {
    // A global being stamped right now keeps the sale; its super admin sees it in Facturación (decision 030).
    if (error instanceof AppError) return null;
    throw error;
  });
}

/** For the reports (issue 42): the completed sales of the business dates [from, to] by invoice. */
export function invoicingTotals(db: DbOrTx, days: { from: string; to: string; branchId?: string }) {
  return invoicingTotalsBetween(db, days);
}

/** ARCO access: the client's fiscal profile and the invoices made out to them (folio, UUID, amount, state). */
export async function fiscalDataOf(db: DbOrTx, userId: string) {
  const [profile, issued] = await Promise.all([findFiscalProfile(db, userId), invoicesOfClient(db, userId)]);
  return {
    profile: profile ?? null,
    invoices: issued.map((invoice) => ({
      kind: invoice.kind,
      status: invoice.status,
      folio: `${invoice.series}${invoice.folioNumber}`,
      uuid: invoice.uuid,
      totalCents: invoice.totalCents,
      rfc: invoice.customer.rfc,
      legalName: invoice.customer.legalName,
      stampedAt: invoice.stampedAt,
      cancelledAt: invoice.cancelledAt,
      createdAt: invoice.createdAt,
    })),
  };
}

/** Suppression: the saved fiscal profile goes with the person's other personal fields. */
export function forgetFiscalProfileOf(tx: DbOrTx, userId: string) {
  return deleteFiscalProfile(tx, userId);
}
