import { idField } from '../common/fields';
import { z } from '../common/zod';
import { DATE_RANGES, dateRangeMessages } from '../time/date-range';
import { dateField } from '../time/time-fields';

/** The panels of /admin (issue 22) for one branch, or all of them. */
export const ZDashboardQuery = z.object({ branchId: idField().optional() });
export type TDashboardQuery = z.output<typeof ZDashboardQuery>;

const cell = { booked: z.int().nonnegative(), bookable: z.int().nonnegative() };

/** GET /api/dashboard/today — staff: today's sessions by hour, rooms free now, today's blocks. */
export const ZDashboardToday = z.object({
  date: z.iso.date(),
  /** The hour under way now ('10:00'), or null outside the opening hours. */
  currentHour: z.string().nullable(),
  hours: z.array(z.object({ hour: z.string(), ...cell })),
  /** Rooms free at the current hour (null when no branch is open now). */
  roomsFreeNow: z.int().nullable(),
  blocks: z.array(
    z.object({ branchName: z.string(), hour: z.string().nullable(), roomName: z.string().nullable() }),
  ),
  /** New clients waiting for activation: the super admin's to act on (null for an admin). */
  pendingClients: z.object({ count: z.int(), names: z.array(z.string()) }).nullable(),
});
export type TDashboardToday = z.infer<typeof ZDashboardToday>;

const branchOccupancy = z.object({
  branchId: z.uuid(),
  branchName: z.string(),
  ...cell,
  /** Percentage, one decimal. */
  rate: z.number(),
});
const heatCell = z.object({ weekday: z.int(), hour: z.string(), ...cell, rate: z.number() });

/** GET /api/dashboard/occupancy — staff: the next 7 days and the last 30 by branch, and the last 8 weeks' heat map. */
export const ZDashboardOccupancy = z.object({
  next7: z.array(branchOccupancy),
  last30: z.array(branchOccupancy),
  heatmap: z.array(heatCell),
});
export type TDashboardOccupancy = z.infer<typeof ZDashboardOccupancy>;

const salesDay = z.object({
  date: z.iso.date(),
  cashCents: z.int(),
  cardCents: z.int(),
  transferCents: z.int(),
  onlineCents: z.int(),
});
const credits = z.object({
  /** Credits granted by purchases (online and at the counter), less what cancelled orders took back. */
  sold: z.int(),
  /** Credits spent on sessions, less what cancellations gave back. */
  used: z.int(),
  /** Credits that expired unused (issue 44): the lots whose last day passed. */
  expired: z.int(),
  /** What the business owes in sessions now: every client's balance. */
  outstanding: z.int(),
});
const product = z.object({ name: z.string(), quantity: z.int(), totalCents: z.int() });

/** GET /api/dashboard/money — the super admin's: sales per day for 30 days by method, credits, top products. */
export const ZDashboardMoney = z.object({
  days: z.array(salesDay),
  credits,
  topProducts: z.array(product),
});
export type TDashboardMoney = z.infer<typeof ZDashboardMoney>;

/** The longest report (a year and a day). */
export const MAX_REPORT_DAYS = 366;

/** GET /api/reports — the super admin's: the same figures for any date range and branch. */
export const ZReportQuery = z
  .object({
    from: dateField({ range: DATE_RANGES.reports, outOfRange: dateRangeMessages.reports }),
    to: dateField({ range: DATE_RANGES.reports, outOfRange: dateRangeMessages.reports }),
    branchId: idField().optional(),
  })
  .refine((q) => q.from <= q.to, {
    message: 'La fecha inicial debe ser anterior o igual a la final.',
    path: ['to'],
  })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_REPORT_DAYS, {
    message: `Un reporte abarca a lo más ${MAX_REPORT_DAYS} días.`,
    path: ['to'],
  });
export type TReportQuery = z.output<typeof ZReportQuery>;

export const ZReport = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  occupancy: z.array(branchOccupancy),
  heatmap: z.array(heatCell),
  days: z.array(salesDay),
  credits,
  /** Issue 44: the credits that expired in each calendar month of the range (months without any left out). */
  expiredPerMonth: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), credits: z.int() })),
  products: z.array(product),
  expensesCents: z.int(),
  /** Issue 42: the period's completed sales by invoice — their own, a global invoice, or none yet. */
  invoicing: z.object({ invoicedCents: z.int(), inGlobalCents: z.int(), notInvoicedCents: z.int() }),
});
export type TReport = z.infer<typeof ZReport>;
