import { freeTextField, idField, optionalText } from '../common/fields';
import { z } from '../common/zod';
import { DATE_RANGES, dateRangeMessages } from '../time/date-range';
import { dateField } from '../time/time-fields';
import { drawerMessages as m } from './drawer.messages';
import { MAX_DRAWER_CENTS, MAX_PIECES, MXN_DENOMINATIONS } from './drawer.rules';

/** An amount of cash in centavos, as the forms send it (they take pesos and send centavos, like the point of sale). */
export const drawerCents = (message: string) =>
  z.int({ error: message }).min(0, message).max(MAX_DRAWER_CENTS, message);

/** GET /api/cash-drawers?branchId=&date= — a branch's drawer of a day (today in Mexico City unless told). */
export const ZDrawerQuery = z.object({
  branchId: idField(m.branchNotFound),
  date: dateField({ range: DATE_RANGES.reports, outOfRange: dateRangeMessages.reports }).optional(),
});
export type TDrawerQuery = z.output<typeof ZDrawerQuery>;

export const ZDrawerStatus = z.enum(['open', 'closed']);

/** A drawer as the point of sale and the corte show it; while open, `expectedCents` is what it should hold now. */
export const ZDrawer = z.object({
  id: z.uuid(),
  branchId: z.uuid(),
  branchName: z.string(),
  date: z.iso.date(),
  status: ZDrawerStatus,
  openingFloatCents: z.int(),
  openedAt: z.iso.datetime(),
  openedByName: z.string(),
  closedAt: z.iso.datetime().nullable(),
  closedByName: z.string().nullable(),
  /** The day's completed point-of-sale sales of the branch, by method (cash before change). */
  sales: z.object({
    orders: z.int(),
    cashReceivedCents: z.int(),
    changeCents: z.int(),
    cardCents: z.int(),
    transferCents: z.int(),
  }),
  /** The branch's expenses of the day, paid from the drawer. */
  cashExpensesCents: z.int(),
  expectedCents: z.int(),
  countedCents: z.int().nullable(),
  differenceCents: z.int().nullable(),
  countDetail: z.record(z.string(), z.int()).nullable(),
  note: z.string().nullable(),
  reopenings: z.int(),
});
export type TDrawer = z.infer<typeof ZDrawer>;
export const ZDrawerResponse = z.object({ drawer: ZDrawer.nullable() });
export type TDrawerResponse = z.infer<typeof ZDrawerResponse>;

/** POST /api/cash-drawers — opens today's drawer of a branch with its float. */
export const ZOpenDrawerRequest = z.object({
  branchId: idField(m.branchNotFound),
  openingFloatCents: drawerCents(m.invalidFloat),
});
export type TOpenDrawerRequest = z.input<typeof ZOpenDrawerRequest>;

// Only the denominations counted: a partial record (a plain record of an enum would ask for every one).
const pieces = z
  .partialRecord(
    z.enum(MXN_DENOMINATIONS.map(String) as [string, ...string[]], { error: m.invalidPieces }),
    z.int({ error: m.invalidPieces }).min(0, m.invalidPieces).max(MAX_PIECES, m.invalidPieces),
    { error: m.invalidPieces },
  )
  .optional();

/**
 * POST /api/cash-drawers/:id/close — the counted cash, as an amount or as bills and coins (then the amount is
 * theirs); a note, required when the count differs from what the drawer should hold.
 */
export const ZCloseDrawerRequest = z
  .object({
    countedCents: drawerCents(m.invalidCount).optional(),
    pieces,
    note: optionalText(freeTextField(m.noteRequired, 500)),
  })
  .refine((body) => body.countedCents !== undefined || body.pieces !== undefined, {
    message: m.invalidCount,
    path: ['countedCents'],
  });
export type TCloseDrawerRequest = z.input<typeof ZCloseDrawerRequest>;

/** POST /api/cash-drawers/:id/reopen — the super admin only, with the reason (audited). */
export const ZReopenDrawerRequest = z.object({ reason: freeTextField(m.reasonRequired, 300) });
export type TReopenDrawerRequest = z.input<typeof ZReopenDrawerRequest>;
