import { idField } from '../common/fields';
import { z } from '../common/zod';
import { MAX_STANDING_WEEKS } from '../locations/branches.contract';
import { DATE_RANGES } from '../time/date-range';
import { dateField, hourField } from '../time/time-fields';
import { ZCreateSessionResponse, ZSessionDetail } from './bookings.contract';
import { bookingMessages as m } from './bookings.messages';
import { SERIES_MIN_COUNT } from './series-limits';

/** What a standing slot asks for: the wizard's slot, how often, and how many dates. */
const seriesFields = () => ({
  branchId: idField(m.chooseAll),
  roomId: idField(m.chooseAll),
  date: dateField({ range: DATE_RANGES.schedule, outOfRange: m.cannotBook, missing: m.chooseAll }),
  hour: hourField(m.chooseAll),
  everyWeeks: z.union([z.literal(1), z.literal(2)], { error: m.everyWeeksInvalid }),
  count: z
    .int({ error: m.seriesCountInvalid })
    .min(SERIES_MIN_COUNT, m.seriesCountInvalid)
    .max(MAX_STANDING_WEEKS, m.seriesCountInvalid),
});

/** The dates the client saw as bookable, each in its room: the confirmation books exactly these. */
const shownOccurrences = () =>
  z
    .array(
      z.object({
        date: dateField({ range: DATE_RANGES.schedule, outOfRange: m.cannotBook }),
        roomId: idField(m.chooseAll),
      }),
      {
        error: m.chooseAll,
      },
    )
    .min(1, m.seriesNothingBookable)
    .max(MAX_STANDING_WEEKS, m.seriesCountInvalid);

/** POST /api/sessions/series/preview — every date of the series with its state (nothing is booked). */
export const ZSeriesPreviewRequest = z.object(seriesFields(), { error: m.chooseAll });
export type TSeriesPreviewRequest = z.input<typeof ZSeriesPreviewRequest>;
/** POST /api/staff/sessions/series/preview — the same, for a client the super admin books for. */
export const ZStaffSeriesPreviewRequest = z.object(
  { ...seriesFields(), clientId: idField(m.chooseClient) },
  { error: m.chooseAll },
);
export type TStaffSeriesPreviewRequest = z.input<typeof ZStaffSeriesPreviewRequest>;

export const ZOccurrenceState = z.enum(['bookable', 'closed', 'blocked', 'full', 'same-time', 'past']);
export const ZSeriesOccurrence = z.object({
  date: z.string(),
  hour: z.string(),
  state: ZOccurrenceState,
  roomId: z.uuid().nullable(),
  roomName: z.string().nullable(),
  roomChanged: z.boolean(),
});
export type TSeriesOccurrence = z.infer<typeof ZSeriesOccurrence>;

export const ZSeriesPreviewResponse = z.object({
  occurrences: z.array(ZSeriesOccurrence),
  sessionCost: z.int().positive(),
  /** What the bookable dates cost together, against the client's balance. */
  totalCost: z.int().nonnegative(),
  balance: z.int().nonnegative(),
  /** The branch's limit ("semanas máximas de reserva fija"). */
  maxCount: z.int().nonnegative(),
});
export type TSeriesPreviewResponse = z.infer<typeof ZSeriesPreviewResponse>;

/** POST /api/sessions/series — books the dates shown as bookable, all or none. */
export const ZCreateSeriesRequest = z.object(
  { ...seriesFields(), occurrences: shownOccurrences(), idempotencyKey: idField().optional() },
  { error: m.chooseAll },
);
export type TCreateSeriesRequest = z.input<typeof ZCreateSeriesRequest>;
/** POST /api/staff/sessions/series — the super admin books a series for a client. */
export const ZStaffCreateSeriesRequest = z.object(
  {
    ...seriesFields(),
    clientId: idField(m.chooseClient),
    occurrences: shownOccurrences(),
    idempotencyKey: idField().optional(),
  },
  { error: m.chooseAll },
);
export type TStaffCreateSeriesRequest = z.input<typeof ZStaffCreateSeriesRequest>;

export const ZCreateSeriesResponse = ZCreateSessionResponse.omit({ session: true }).extend({
  seriesId: z.uuid(),
  sessions: z.array(ZSessionDetail),
});
export type TCreateSeriesResponse = z.infer<typeof ZCreateSeriesResponse>;

/** GET /api/me/series — the client's standing slots that still have sessions ahead, soonest first. */
export const ZMySeries = z.object({
  id: z.uuid(),
  everyWeeks: z.union([z.literal(1), z.literal(2)]),
  /** 'martes' */
  weekday: z.string(),
  hour: z.string(),
  cityName: z.string(),
  branchName: z.string(),
  /** The room asked for (a date may have had another). */
  roomName: z.string(),
  /** Sessions the series booked, and how many of them still stand (not cancelled). */
  booked: z.int().nonnegative(),
  standing: z.int().nonnegative(),
  /** Sessions still ahead and more than 24 hours away: "Cancelar las que faltan" cancels these. */
  cancellable: z.int().nonnegative(),
  /** The next session still standing, YYYY-MM-DD. */
  nextDate: z.string().nullable(),
});
export type TMySeries = z.infer<typeof ZMySeries>;
export const ZMySeriesResponse = z.array(ZMySeries);

/** POST /api/me/series/:id/cancel — cancels the remaining 'beyond' sessions, each refunded through the ledger. */
export const ZCancelSeriesResponse = z.object({
  cancelled: z.int().nonnegative(),
  refunded: z.int().nonnegative(),
  balance: z.int().nonnegative(),
});
export type TCancelSeriesResponse = z.infer<typeof ZCancelSeriesResponse>;
