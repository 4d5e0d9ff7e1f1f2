import { ZDrawer } from '../cash-drawer/drawer.contract';
import { idField } from '../common/fields';
import { z } from '../common/zod';
import { ZOrderStatus, ZPaymentMethod } from '../orders/orders.contract';
import { DATE_RANGES, dateRangeMessages } from '../time/date-range';
import { dateField } from '../time/time-fields';
import { cashSummaryMessages as m } from './cash-summary.messages';

/** GET /api/cash-summary?date=YYYY-MM-DD&branchId= — the corte of a Mexico City day, of one branch or all. */
export const ZCashSummaryQuery = z.object({
  date: dateField({
    range: DATE_RANGES.reports,
    outOfRange: dateRangeMessages.reports,
    missing: m.dateInvalid,
    invalid: m.dateInvalid,
  }),
  branchId: idField().optional(),
});
export type TCashSummaryQuery = z.input<typeof ZCashSummaryQuery>;

export const ZCashSummaryTotals = z.object({
  /** Cash kept: received less the change handed back. */
  cashCents: z.int(),
  /** Card at the branches' terminals (point of sale). */
  cardCents: z.int(),
  transferCents: z.int(),
  /** The online store's payments: a line of their own, in no branch and no drawer (issue 22); all methods. */
  onlineCents: z.int(),
  /** The online total by method (issue 24): OXXO and SPEI count on the day their payment was confirmed. */
  onlineCardCents: z.int(),
  onlineOxxoCents: z.int(),
  onlineSpeiCents: z.int(),
  receivedCents: z.int(),
  expensesCents: z.int(),
  /** received − expenses; may be negative. */
  netCents: z.int(),
  orders: z.int().nonnegative(),
  cancelledOrders: z.int().nonnegative(),
  costs: z.int().nonnegative(),
  /** Issue 42: the completed sales by invoice — their own, the period's global invoice, or none yet. */
  invoicedCents: z.int(),
  inGlobalCents: z.int(),
  notInvoicedCents: z.int(),
});
export type TCashSummaryTotals = z.infer<typeof ZCashSummaryTotals>;

/** An order or an expense of the day, in time order. Cancelled orders are listed and counted in no total. */
export const ZCashMovement = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('order'),
    id: z.uuid(),
    at: z.iso.datetime(),
    status: ZOrderStatus,
    method: ZPaymentMethod,
    isPos: z.boolean(),
    clientName: z.string(),
    cashierName: z.string(),
    branchName: z.string().nullable(),
    totalCents: z.int(),
    cashCents: z.int(),
    cardCents: z.int(),
    transferCents: z.int(),
    /** Issue 42: an invoice of its own, in the period's global invoice, or none yet (absent: none). */
    invoice: z.enum(['invoiced', 'in_global', 'none']).optional(),
  }),
  z.object({
    kind: z.literal('cost'),
    id: z.uuid(),
    at: z.iso.datetime(),
    name: z.string(),
    addedByName: z.string(),
    branchName: z.string().nullable(),
    totalCents: z.int(),
  }),
]);
export type TCashMovement = z.infer<typeof ZCashMovement>;

export const ZCashSummary = z.object({
  date: z.iso.date(),
  branchId: z.uuid().nullable(),
  totals: ZCashSummaryTotals,
  movements: z.array(ZCashMovement),
  /** The day's cash drawers (of the branch asked for, or of every branch): float, count and difference. */
  drawers: z.array(ZDrawer),
});
export type TCashSummary = z.infer<typeof ZCashSummary>;
