import type { Db } from '@sala/db/client';
import type { InvoiceCustomer } from '@sala/db/schema/invoicing';
import { formatCalendarDate } from '@sala/shared/format/dates';
import {
  canStillAsk,
  conceptsOf,
  lastDayToAsk,
  paymentFormOf,
  pesos,
} from '@sala/shared/invoicing/invoice.rules';
import type {
  TFiscalProfileInput,
  TFiscalProfileResponse,
  TInvoiceSummary,
  TInvoicingSettingsInput,
  TInvoicingSettingsResponse,
  TOrderInvoiceResponse,
} from '@sala/shared/invoicing/invoicing.contract';
import { invoicingMessages as m } from '@sala/shared/invoicing/invoicing.messages';
import { checkRfc } from '@sala/shared/invoicing/rfc';
import { formatFolio } from '@sala/shared/orders/folio';
import { IVA_RATE_PERCENT } from '@sala/shared/tax/iva';
import type { FastifyBaseLogger } from 'fastify';
import type { ActingContext, RequestContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { type Invoicing, type PacInvoiceBody, PacRefusedError } from '../../lib/invoicing/pac';
import type { Notify } from '../../ports/notify';
import { recordAudit } from '../audit/audit.service';
import {
  claimDueInvoices,
  findFiscalProfile,
  findInvoice,
  findSale,
  findSettings,
  type InvoiceSummaryRow,
  insertInvoice,
  invoicesOfSales,
  lockSale,
  markRefused,
  markRetry,
  markStamped,
  productsWithKeys,
  saleFolio,
  saleLines,
  saveFiscalProfileRow,
  saveSettingsRow,
  takeFolio,
} from './invoicing.repository';

const STAFF = new Set(['admin', 'superadmin']);

function summaryOf(row: InvoiceSummaryRow): TInvoiceSummary {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    series: row.series,
    folioNumber: row.folioNumber,
    uuid: row.uuid,
    totalCents: row.totalCents,
    customerRfc: row.customer.rfc,
    customerName: row.customer.legalName,
    stampedAt: row.stampedAt?.toISOString() ?? null,
    isTest: row.isTest,
    error:
      row.status === 'failed' && row.lastError ? { message: row.lastError, field: row.errorField } : null,
  };
}

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
    const before = await findSettings(tx);
    await saveSettingsRow(tx, input, ctx.actor.id);
    const { productKeys, ...after } = input;
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

/** The PAC's invoice for one sale: a concept per line with its SAT keys, IVA included, the sale's folio. */
function saleInvoiceBody(
  sale: NonNullable<Awaited<ReturnType<typeof lockSale>>>,
  lines: Awaited<ReturnType<typeof saleLines>>,
  settings: NonNullable<Awaited<ReturnType<typeof findSettings>>>,
  customer: InvoiceCustomer,
  folio: { series: string; folio: number },
): PacInvoiceBody {
  const concepts = conceptsOf(
    lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      productKey: line.productKey ?? settings.defaultProductKey,
      unitKey: line.unitKey ?? settings.defaultUnitKey,
    })),
    sale.totalCents,
  );
  return {
    type: 'I',
    customer: {
      legal_name: customer.legalName,
      tax_id: customer.rfc,
      tax_system: customer.taxSystem,
      ...(customer.email ? { email: customer.email } : {}),
      address: { zip: customer.zip },
    },
    items: concepts.map((concept) => ({
      quantity: concept.quantity,
      product: {
        description: concept.description,
        product_key: concept.productKey,
        unit_key: concept.unitKey,
        price: pesos(concept.unitPriceCents),
        tax_included: true,
        taxes: [{ type: 'IVA', rate: IVA_RATE_PERCENT / 100 }],
        sku: formatFolio(sale.folio),
      },
    })),
    use: customer.cfdiUse,
    payment_form: paymentFormOf(sale),
    payment_method: 'PUE',
    series: folio.series,
    folio_number: folio.folio,
    external_id: formatFolio(sale.folio),
  };
}

type Asker = { kind: 'client' } | { kind: 'staff'; profile: TFiscalProfileInput };

/**
 * Queues a sale's invoice (one transaction, under the sale's row lock; the PAC is called after, by the queue): the
 * sale must be paid, the asker's (or any sale at the counter, for staff), inside the window, without a live
 * invoice. Asking again while one is queued or stamped answers that one: five requests stamp once.
 */
async function queueSaleInvoice(
  ctx: ActingContext,
  orderId: string,
  asker: Asker,
): Promise<TOrderInvoiceResponse> {
  if (ctx.invoicing.mode === 'off') throw new AppError('aborted', m.off);
  const settings = await findSettings(ctx.db);
  if (!settings) throw new AppError('aborted', m.issuerMissing);
  const queued = await ctx.db
    .transaction(async (tx) => {
      const sale = await lockSale(tx, orderId);
      const own = sale !== null && sale.userId === ctx.actor.id;
      if (!sale || (asker.kind === 'client' && !own)) throw new AppError('not-found', m.notYourOrder);
      const [live] = (await invoicesOfSales(tx, [sale.id])).filter(
        (row) => row.status === 'queued' || row.status === 'valid',
      );
      if (live) return { id: live.id, created: false };
      if (sale.status !== 'completed' || !sale.paidAt) throw new AppError('aborted', m.notCompleted);
      if (asker.kind === 'client' && !canStillAsk(sale.paidAt, settings.requestWindowDays, ctx.now))
        throw new AppError(
          'aborted',
          m.windowClosed(formatCalendarDate(lastDayToAsk(sale.paidAt, settings.requestWindowDays))),
        );
      const profile = asker.kind === 'staff' ? asker.profile : await findFiscalProfile(tx, ctx.actor.id);
      if (!profile) throw new AppError('aborted', m.profileMissing);
      const customer: InvoiceCustomer = { ...profile };
      const folio = await takeFolio(tx);
      const payload = saleInvoiceBody(sale, await saleLines(tx, sale.id), settings, customer, folio);
      const id = await insertInvoice(tx, {
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
export async function saleInvoiceOf(ctx: ActingContext, orderId: string): Promise<TOrderInvoiceResponse> {
  const [settings, sale, rows] = await Promise.all([
    findSettings(ctx.db),
    findSale(ctx.db, orderId),
    invoicesOfSales(ctx.db, [orderId]),
  ]);
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

/** The client's invoices by sale (Mis pedidos): the latest of each, and until when each sale may be asked. */
export async function myInvoices(ctx: ActingContext, { orderIds }: { orderIds: string[] }) {
  const answers = await Promise.all(
    orderIds.map((orderId) => saleInvoiceOf(ctx, orderId).then((answer) => ({ orderId, ...answer }))),
  );
  return { invoices: answers, mode: ctx.invoicing.mode };
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

// ——— The queue ———

const MINUTE = 60_000;
/** Waits after the 1st, 2nd, … failed call: the PAC down delays invoices, it never drops one. */
const RETRY_DELAYS_MS = [30_000, MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE, 60 * MINUTE];
export const retryDelayAfter = (attempts: number) =>
  RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0]!;

/** How long one process holds a claimed invoice before another may send it. */
const LEASE_MS = 2 * MINUTE;

export type InvoiceQueuePorts = {
  db: Db;
  invoicing: Pick<Invoicing, 'pac'>;
  notify: Notify;
  now: Date;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

/**
 * One run of the queue: claims what is due, asks the PAC for each outside any transaction, and records the answer
 * (stamped, with its files and the client's e-mail; refused, with the PAC's reason; or down, to try again later).
 */
export async function sendDueInvoices(ports: InvoiceQueuePorts, { limit }: { limit: number }) {
  const pac = ports.invoicing.pac;
  if (!pac) return { claimed: 0 };
  const claimed = await claimDueInvoices(ports.db, {
    now: ports.now,
    leaseUntil: new Date(ports.now.getTime() + LEASE_MS),
    limit,
  });
  for (const claim of claimed) {
    try {
      const stamped = await pac.stamp(claim.payload as PacInvoiceBody, claim.idempotencyKey);
      const files = await pac.files(stamped.pacId);
      await ports.db.transaction(async (tx) => {
        const row = await markStamped(tx, claim, {
          ...stamped,
          pdfBase64: files.pdf.toString('base64'),
          xml: files.xml,
          at: ports.now,
        });
        if (!row) return;
        const customer = row.customer;
        const orderFolio = row.orderId ? await saleFolio(tx, row.orderId) : null;
        if (customer.email)
          await ports.notify.invoiceIssued(tx, {
            email: customer.email,
            name: customer.legalName,
            series: row.series,
            folioNumber: row.folioNumber,
            uuid: stamped.uuid,
            totalCents: row.totalCents,
            orderFolio,
            pdfBase64: files.pdf.toString('base64'),
            xml: files.xml,
            isTest: stamped.isTest,
          });
        await recordAudit(
          tx,
          { actor: { id: claim.requestedBy, name: 'Facturación automática' }, now: ports.now },
          [
            {
              action: 'invoice.stamp',
              entity: 'invoice',
              entityId: row.id,
              label: `${row.series}-${row.folioNumber}`,
              before: { status: 'queued' },
              after: { status: 'valid', uuid: stamped.uuid },
            },
          ],
        );
      });
    } catch (error) {
      if (error instanceof PacRefusedError) {
        await ports.db.transaction(async (tx) => {
          const row = await markRefused(tx, claim, { message: error.message, field: error.field });
          if (row)
            await recordAudit(
              tx,
              { actor: { id: claim.requestedBy, name: 'Facturación automática' }, now: ports.now },
              [
                {
                  action: 'invoice.refuse',
                  entity: 'invoice',
                  entityId: row.id,
                  label: `${row.series}-${row.folioNumber}`,
                  before: { status: 'queued' },
                  after: { status: 'failed', reason: error.message },
                },
              ],
            );
        });
        continue;
      }
      ports.log?.warn(
        { err: error, invoiceId: claim.id },
        'the PAC did not answer: the invoice waits for its retry',
      );
      await markRetry(ports.db, claim, {
        error: (error as Error).message,
        at: new Date(ports.now.getTime() + retryDelayAfter(claim.attempts)),
      });
    }
  }
  return { claimed: claimed.length };
}
