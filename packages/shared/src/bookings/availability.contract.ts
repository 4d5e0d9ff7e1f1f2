import { idField } from '../common/fields';
import { z } from '../common/zod';
import { locationMessages } from '../locations/locations.messages';
import { DATE_RANGES, dateRangeMessages } from '../time/date-range';
import { dateField, hourField } from '../time/time-fields';

const branchId = () => idField(locationMessages.branchNotFound);
/** Days outside the booking window have no hours; a year either side is read at all. */
const day = () => dateField({ range: DATE_RANGES.schedule, outOfRange: dateRangeMessages.schedule });

export const ZHourState = z.enum(['free', 'past', 'blocked', 'full']);
export const ZRoomState = z.enum(['free', 'busy', 'blocked']);

/** GET /api/availability/branches — every branch with its zone and session cost, for the wizard's first steps. */
export const ZPublicBranch = z.object({
  id: z.uuid(),
  name: z.string(),
  cityId: z.uuid(),
  cityName: z.string(),
  sessionCost: z.int().positive(),
  /** The most weeks a standing slot may hold here; 0 when the branch offers none. */
  standingWeeksMax: z.int().nonnegative(),
  /** Its active rooms: none, and the branch cannot be booked (`isBookableBranch`). */
  roomCount: z.int().nonnegative(),
});
export type TPublicBranch = z.infer<typeof ZPublicBranch>;
export const ZPublicBranchesResponse = z.array(ZPublicBranch);

/** GET /api/availability/days?branchId= — the days of the booking window the branch can be booked. */
export const ZAvailabilityDaysQuery = z.object({ branchId: branchId() });
export type TAvailabilityDaysQuery = z.output<typeof ZAvailabilityDaysQuery>;
export const ZAvailabilityDaysResponse = z.object({
  branchId: z.uuid(),
  /** Today in Mexico City, so the client never trusts its own clock for "today". */
  today: z.string(),
  sessionCost: z.int().positive(),
  days: z.array(z.object({ date: z.string(), weekday: z.int().min(0).max(6) })),
});
export type TAvailabilityDaysResponse = z.infer<typeof ZAvailabilityDaysResponse>;

/** GET /api/availability/hours?branchId=&date= — a day's hours with their state. */
export const ZAvailabilityHoursQuery = z.object({ branchId: branchId(), date: day() });
export type TAvailabilityHoursQuery = z.output<typeof ZAvailabilityHoursQuery>;
export const ZAvailabilityHoursResponse = z.object({
  date: z.string(),
  hours: z.array(
    z.object({
      hour: z.string(),
      /** When the hour starts (the browser never converts Mexico City's wall clock itself). */
      startsAt: z.iso.datetime(),
      state: ZHourState,
      freeRooms: z.int().nonnegative(),
    }),
  ),
});
export type TAvailabilityHoursResponse = z.infer<typeof ZAvailabilityHoursResponse>;

/** GET /api/availability/rooms?branchId=&date=&hour= — the active rooms at one hour. */
export const ZAvailabilityRoomsQuery = z.object({
  branchId: branchId(),
  date: day(),
  hour: hourField(),
});
export type TAvailabilityRoomsQuery = z.output<typeof ZAvailabilityRoomsQuery>;
export const ZAvailabilityRoomsResponse = z.object({
  date: z.string(),
  hour: z.string(),
  hourState: z.enum(['free', 'past', 'blocked', 'full', 'closed']),
  rooms: z.array(z.object({ id: z.uuid(), name: z.string(), position: z.int(), state: ZRoomState })),
});
export type TAvailabilityRoomsResponse = z.infer<typeof ZAvailabilityRoomsResponse>;

/**
 * GET /api/availability/stream?branchId=&date= — Server-Sent Events (design §10): a `state` event with the day's
 * hours and every hour's rooms when the stream opens and whenever they change (its id is the state's hash: a
 * reconnect with Last-Event-ID gets nothing it already has), a comment every 15 s.
 */
export const ZAvailabilityStreamQuery = ZAvailabilityHoursQuery;
export const ZAvailabilityLiveState = z.object({
  date: z.string(),
  hours: ZAvailabilityHoursResponse.shape.hours,
  rooms: z.array(ZAvailabilityRoomsResponse.omit({ date: true })),
});
export type TAvailabilityLiveState = z.infer<typeof ZAvailabilityLiveState>;

/**
 * GET /api/availability/staff-stream?date= — Server-Sent Events for the staff's screens of a date: a `change` event
 * names the branch whose day changed (`null`: any, the feed was interrupted); the screens read it again.
 */
export const ZAvailabilityStaffStreamQuery = z.object({ date: day() });
export type TAvailabilityStaffChange = { branchId: string | null; date: string };
