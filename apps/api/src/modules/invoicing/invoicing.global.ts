import type { Db, DbOrTx } from '@sala/db/client';
import {
  describePeriod,
  type GlobalPeriod,
  lastClosedPeriod,
  periodOf,
} from '@sala/shared/invoicing/global-period';
import { GLOBAL_MAX_CONCEPTS } from '@sala/shared/invoicing/invoice.rules';
import type { TGlobalInvoicesResponse } from '@sala/shared/invoicing/invoicing.contract';
import { invoicingMessages as m } from '@sala/shared/invoicing/invoicing.messages';
import { businessDate, dayRange } from '@sala/shared/time/business-time';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { globalInvoiceBody, publicoEnGeneral } from './invoicing.body';
import {
  findSettings,
  type GlobalSale,
  globalsOfPeriod,
  insertGlobalSales,
  insertInvoice,
  listGlobals,
  lockLiveGlobalOfSale,
  lockSettings,
  removeGlobalSale,
  requestCancel,
  rewriteQueued,
  salesForGlobal,
  salesOfGlobal,
  takeFolio,
} from './invoicing.repository';
import { summaryOf } from './invoicing.summary';

type Settings = NonNullable<Awaited<ReturnType<typeof lockSettings>>>;

/** A period's instants: from its first day's midnight to the midnight after its last day (Mexico City). */
const windowOf = (period: Pick<GlobalPeriod, 'start' | 'end'>) => ({
  from: dayRange(period.start).from,
  to: dayRange(period.end).to,
});

/**
 * Queues the global invoices of a period for these sales, in the caller's transaction: one per 5 000 sales, each
 * with its own folio and the sales it covers. A re-issue relates to the global it replaces.
 */
async function queueGlobals(
  tx: DbOrTx,
  input: {
    settings: Settings;
    period: GlobalPeriod;
    sales: GlobalSale[];
    requestedBy: string | null;
    now: Date;
    replaces?: { id: string; uuid: string } | null;
  },
) {
  const ids: string[] = [];
  for (let at = 0; at < input.sales.length; at += GLOBAL_MAX_CONCEPTS) {
    const chunk = input.sales.slice(at, at + GLOBAL_MAX_CONCEPTS);
    const folio = await takeFolio(tx);
    const payload = globalInvoiceBody(
      chunk,
      input.settings.zip,
      input.period,
      folio,
      input.replaces?.uuid ?? null,
    );
    const id = await insertInvoice(tx, {
      kind: 'global',
      orderId: null,
      customer: publicoEnGeneral(input.settings.zip),
      payload,
      totalCents: chunk.reduce((sum, sale) => sum + sale.totalCents, 0),
      paymentForm: payload.payment_form,
      series: folio.series,
      folioNumber: folio.folio,
      requestedBy: input.requestedBy,
      now: input.now,
      period: input.period,
      relatedId: input.replaces?.id ?? null,
    });
    await insertGlobalSales(
      tx,
      id,
      chunk.map((sale) => sale.id),
    );
    ids.push(id);
  }
  return ids;
}

/** Whether a period already has a global invoice standing (queued, stamped, or one whose cancellation failed). */
async function periodHasGlobal(db: DbOrTx, start: string) {
  const rows = await globalsOfPeriod(db, start);
  return rows.some(
    (row) =>
      (row.status === 'queued' || row.status === 'valid') &&
      (row.cancelState === null || row.cancelState === 'rejected' || row.cancelState === 'expired'),
  );
}

/**
 * The job of every process (issue 42): the global invoice of the period that closed last, within the 24 hours the
 * SAT gives, once. One process at a time (the settings row's lock); a period that closed before invoicing was set
 * up is never issued by itself (the business covered it with its earlier system), only by hand.
 */
export async function issueDueGlobal(ports: { db: Db; now: Date }) {
  return ports.db.transaction(async (tx) => {
    const settings = await lockSettings(tx);
    if (!settings) return [];
    const period = lastClosedPeriod(businessDate(ports.now), settings.globalPeriodicity);
    if (period.end < businessDate(settings.createdAt)) return [];
    if (await periodHasGlobal(tx, period.start)) return [];
    const sales = await salesForGlobal(tx, windowOf(period));
    if (sales.length === 0) return [];
    const ids = await queueGlobals(tx, { settings, period, sales, requestedBy: null, now: ports.now });
    await recordAudit(tx, { actor: { id: null, name: 'Facturación automática' }, now: ports.now }, [
      globalAudit(ids, period, sales),
    ]);
    return ids;
  });
}

const globalAudit = (ids: string[], period: GlobalPeriod, sales: GlobalSale[]) => ({
  action: 'invoice.global' as const,
  entity: 'invoice',
  entityId: ids[0]!,
  label: `Factura global · ${describePeriod(period)}`,
  before: null,
  after: {
    invoices: ids.length,
    sales: sales.length,
    totalCents: sales.reduce((sum, sale) => sum + sale.totalCents, 0),
  },
});

/** The super admin issues by hand the global invoice of a closed period that has none. */
export async function issueGlobalByHand(ctx: ActingContext, { periodStart }: { periodStart: string }) {
  if (ctx.invoicing.mode === 'off') throw new AppError('aborted', m.off);
  const ids = await ctx.db.transaction(async (tx) => {
    const settings = await lockSettings(tx);
    if (!settings) throw new AppError('aborted', m.issuerMissing);
    const period = periodOf(periodStart, settings.globalPeriodicity);
    if (period.end >= businessDate(ctx.now)) throw new AppError('aborted', m.periodOpen);
    if (await periodHasGlobal(tx, period.start)) throw new AppError('aborted', m.periodHasGlobal);
    const sales = await salesForGlobal(tx, windowOf(period));
    if (sales.length === 0) throw new AppError('aborted', m.periodEmpty);
    const queued = await queueGlobals(tx, {
      settings,
      period,
      sales,
      requestedBy: ctx.actor.id,
      now: ctx.now,
    });
    await recordAudit(tx, ctx, [globalAudit(queued, period, sales)]);
    return queued;
  });
  ctx.invoicing.wake();
  return { ids };
}

/**
 * A sale leaves the live global invoice it is in (issue 42, point 6; a cancelled sale, point 7), in the caller's
 * transaction. A global never sent yet is rewritten without it. A stamped one is re-issued without it, related to
 * the old one (relation 04); the old one's cancellation (motive 04) is asked once the new one is stamped, or at
 * once when the sale was its only one. Answers the old global whose cancellation must reach the PAC before the
 * client's own invoice is sent (null when none must).
 */
export async function takeSaleOutOfGlobal(
  tx: DbOrTx,
  input: { orderId: string; settings: Settings; requestedBy: string | null; now: Date },
): Promise<string | null> {
  const global = await lockLiveGlobalOfSale(tx, input.orderId);
  if (!global) return null;
  const rest = (await salesOfGlobal(tx, global.id)).filter((sale) => sale.id !== input.orderId);
  const period: GlobalPeriod = {
    ...periodOf(global.period.start, global.period.periodicity),
    start: global.period.start,
    end: global.period.end,
  };
  if (global.status === 'queued' && global.attempts === 0) {
    await removeGlobalSale(tx, global.id, input.orderId);
    if (rest.length === 0) {
      await requestCancel(tx, global.id, { motive: '04', now: input.now });
      return null;
    }
    const payload = globalInvoiceBody(
      rest,
      input.settings.zip,
      period,
      { series: global.series, folio: global.folioNumber },
      null,
    );
    await rewriteQueued(tx, global.id, {
      payload,
      totalCents: rest.reduce((sum, sale) => sum + sale.totalCents, 0),
      paymentForm: payload.payment_form,
    });
    return null;
  }
  // Sent at least once: the PAC may have stamped it already; its answer decides, not a guess.
  if (global.status === 'queued' || !global.uuid) throw new AppError('aborted', m.globalBusy);
  if (rest.length === 0) await requestCancel(tx, global.id, { motive: '04', now: input.now });
  else
    await queueGlobals(tx, {
      settings: input.settings,
      period,
      sales: rest,
      requestedBy: input.requestedBy,
      now: input.now,
      replaces: { id: global.id, uuid: global.uuid },
    });
  return global.id;
}

/** Administración → Facturación: every global invoice, and the latest closed period still without one. */
export async function globalInvoices(ctx: ActingContext): Promise<TGlobalInvoicesResponse> {
  const [rows, settings] = await Promise.all([listGlobals(ctx.db), findSettings(ctx.db)]);
  let missing: TGlobalInvoicesResponse['missing'] = null;
  if (settings) {
    const period = lastClosedPeriod(businessDate(ctx.now), settings.globalPeriodicity);
    if (!(await periodHasGlobal(ctx.db, period.start))) {
      const sales = await salesForGlobal(ctx.db, windowOf(period));
      missing = { start: period.start, end: period.end, label: describePeriod(period), sales: sales.length };
    }
  }
  return {
    globals: rows.map((row) => ({
      ...summaryOf(row),
      period: {
        start: row.periodStart!,
        end: row.periodEnd!,
        periodicity: row.periodicity!,
        label: describePeriod({
          start: row.periodStart!,
          end: row.periodEnd!,
          periodicity: row.periodicity!,
        }),
      },
      sales: Number(row.sales),
    })),
    missing,
    mode: ctx.invoicing.mode,
  };
}

export async function globalSales(ctx: ActingContext, { id }: { id: string }) {
  const sales = await salesOfGlobal(ctx.db, id);
  return {
    sales: sales.map((sale) => ({
      id: sale.id,
      folio: sale.folio,
      totalCents: sale.totalCents,
      paidAt: sale.paidAt.toISOString(),
    })),
  };
}
