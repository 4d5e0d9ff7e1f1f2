import { idField, plainText } from '../common/fields';
import { z } from '../common/zod';
import { pageQuery, pageResponse } from '../table/table.contract';
import { DATE_RANGES, dateRangeMessages } from '../time/date-range';
import { dateField, hourField } from '../time/time-fields';
import { bookingMessages as m } from './bookings.messages';

export const COURTESY_NAME_MIN = 6;
/** docs/business-rules.md §3: a courtesy session's name is stored with this prefix. */
export const COURTESY_PREFIX = 'Sesion de prueba - ';

export const ZSessionTiming = z.enum(['past', 'almost', 'beyond']);

/** The slot of a booking, as the wizard chose it: zone (implied by the branch), branch, day, hour, room. */
const slotFields = () => ({
  branchId: idField(m.chooseAll),
  roomId: idField(m.chooseAll),
  // Past the booking window the rules refuse it anyway (409, the same sentence); this keeps the date sane.
  date: dateField({ range: DATE_RANGES.schedule, outOfRange: m.cannotBook, missing: m.chooseAll }),
  hour: hourField(m.chooseAll),
  /** The form's key for this attempt: the same request sent again answers the session it made. */
  idempotencyKey: idField().optional(),
});

/** POST /api/sessions — a client books one hour for itself. */
export const ZCreateSessionRequest = z.object(slotFields(), { error: m.chooseAll });
export type TCreateSessionRequest = z.input<typeof ZCreateSessionRequest>;

/** The courtesy name: at least 6 characters once trimmed (docs/business-rules.md §5), letters and everyday punctuation. */
export const courtesyNameField = () =>
  plainText(m.courtesyName, 80)
    .trim()
    .min(COURTESY_NAME_MIN, m.courtesyName)
    .regex(/^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,'’()-]*$/u, m.courtesyName);

/** POST /api/staff/sessions — the super admin books for a client (charged to them) or a courtesy session. */
export const ZStaffCreateSessionRequest = z.discriminatedUnion(
  'for',
  [
    z.object({ ...slotFields(), for: z.literal('client'), clientId: idField(m.chooseClient) }),
    z.object({ ...slotFields(), for: z.literal('courtesy'), courtesyName: courtesyNameField() }),
  ],
  { error: m.chooseClient },
);
export type TStaffCreateSessionRequest = z.input<typeof ZStaffCreateSessionRequest>;

/** A booked session as its confirmation shows it. */
export const ZSessionDetail = z.object({
  id: z.uuid(),
  startsAt: z.iso.datetime(),
  date: z.string(),
  hour: z.string(),
  cityName: z.string(),
  branchName: z.string(),
  roomName: z.string(),
  creditsCharged: z.int().nonnegative(),
  isCourtesy: z.boolean(),
  /** The client's name, or the courtesy name. */
  holderName: z.string(),
});
export type TSessionDetail = z.infer<typeof ZSessionDetail>;

export const ZCreateSessionResponse = z.object({
  session: ZSessionDetail,
  /** The holder's balance after the charge; null for a courtesy session. */
  balance: z.int().nonnegative().nullable(),
  /**
   * The confirmation e-mails: `sent`; `delayed` when they could not be sent right away (they are retried; spec
   * §8's warning); `off` when the server sends no e-mail at all (no SMTP server: they are only kept).
   */
  mailDelivery: z.enum(['sent', 'delayed', 'off']),
  /** mailDelivery is `delayed` (docs/business-rules.md §8's warning). */
  mailWarning: z.boolean(),
});
export type TCreateSessionResponse = z.infer<typeof ZCreateSessionResponse>;

/** POST /api/sessions/:id/reschedule — the session moves to another free slot of the window, in one step. */
export const ZRescheduleSessionRequest = z.object(slotFields(), { error: m.chooseAll });
export type TRescheduleSessionRequest = z.input<typeof ZRescheduleSessionRequest>;
export const ZRescheduleSessionResponse = ZCreateSessionResponse.extend({
  /** The session it replaced (now cancelled). */
  previousId: z.uuid(),
  /** Credits charged (positive) or given back (negative) for the difference in cost. */
  difference: z.int(),
});
export type TRescheduleSessionResponse = z.infer<typeof ZRescheduleSessionResponse>;

/** POST /api/sessions/:id/cancel */
export const ZCancelSessionResponse = z.object({
  id: z.uuid(),
  cancelledAt: z.iso.datetime(),
  refunded: z.int().nonnegative(),
  /** The holder's balance after the refund; null for a courtesy session. */
  balance: z.int().nonnegative().nullable(),
  isCourtesy: z.boolean(),
});
export type TCancelSessionResponse = z.infer<typeof ZCancelSessionResponse>;

/** A row of Reservaciones and Historial de reservaciones. */
export const ZStaffSession = z.object({
  id: z.uuid(),
  startsAt: z.iso.datetime(),
  hour: z.string(),
  cityName: z.string(),
  branchId: z.uuid(),
  branchName: z.string(),
  roomName: z.string(),
  holderName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  isCourtesy: z.boolean(),
  creditsCharged: z.int().nonnegative(),
  bookedByName: z.string().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  timing: ZSessionTiming,
  /** Part of a standing slot (reserva fija). */
  seriesId: z.uuid().nullable(),
});
export type TStaffSession = z.infer<typeof ZStaffSession>;

export const staffSessionSortable = ['startsAt', 'branchName', 'roomName', 'holderName'] as const;

/** A day the staff look at: the history reaches five years back. */
const staffDay = () => dateField({ range: DATE_RANGES.reports, outOfRange: dateRangeMessages.reports });

/** GET /api/staff/sessions — one day's sessions, server-paged; Historial includes the cancelled ones. */
export const ZStaffSessionsQuery = pageQuery(staffSessionSortable, 'startsAt').extend({
  date: staffDay(),
  branchId: idField().optional(),
  includeCancelled: z.enum(['true', 'false']).default('false'),
});
export type TStaffSessionsQuery = z.output<typeof ZStaffSessionsQuery>;
export const ZStaffSessionsResponse = pageResponse(ZStaffSession);

/** GET /api/staff/sessions/grid?date=&branchId= — a branch's rooms × hours for one day. */
export const ZDayGridQuery = z.object({ date: staffDay(), branchId: idField() });
export type TDayGridQuery = z.output<typeof ZDayGridQuery>;
export const ZGridCellState = z.enum(['free', 'past', 'booked', 'blocked']);
export const ZDayGridResponse = z.object({
  date: z.string(),
  branchId: z.uuid(),
  /** The hours the branch offers that day (none when it closes). */
  hours: z.array(z.string()),
  dayBlocked: z.boolean(),
  rooms: z.array(z.object({ id: z.uuid(), name: z.string(), position: z.int() })),
  cells: z.array(
    z.object({
      roomId: z.uuid(),
      hour: z.string(),
      state: ZGridCellState,
      sessionId: z.uuid().nullable(),
      /** Who holds a booked cell (the client or the courtesy name). */
      label: z.string().nullable(),
      isCourtesy: z.boolean(),
      /** The session is part of a standing slot. */
      inSeries: z.boolean(),
    }),
  ),
  /** Clients waiting for an hour of this day (the hours with nobody waiting are left out). */
  waitlist: z.array(z.object({ hour: z.string(), count: z.int().positive() })),
});
export type TDayGridResponse = z.infer<typeof ZDayGridResponse>;
