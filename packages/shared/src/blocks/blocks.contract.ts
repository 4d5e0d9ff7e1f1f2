import { idField } from '../common/fields';
import { z } from '../common/zod';
import { pageQuery, pageResponse } from '../table/table.contract';
import { DATE_RANGES, dateRangeMessages } from '../time/date-range';
import { dateField, hourField } from '../time/time-fields';
import { blockMessages as m } from './blocks.messages';

/** A whole day, or one hour, of a branch (spec's "blocked"). */
export const ZDayBlock = z.object({
  id: z.uuid(),
  cityId: z.uuid(),
  cityName: z.string(),
  branchId: z.uuid(),
  branchName: z.string(),
  date: z.string(),
  /** null: the whole day. */
  hour: z.string().nullable(),
  isHourBlocked: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type TDayBlock = z.infer<typeof ZDayBlock>;

/** One room at one hour (spec's "blockedRoom"). */
export const ZRoomBlock = z.object({
  id: z.uuid(),
  cityId: z.uuid(),
  cityName: z.string(),
  branchId: z.uuid(),
  branchName: z.string(),
  roomId: z.uuid(),
  roomName: z.string(),
  startsAt: z.iso.datetime(),
  /** The Mexico City date and hour of startsAt, as the forms speak of them. */
  date: z.string(),
  hour: z.string(),
  createdAt: z.iso.datetime(),
});
export type TRoomBlock = z.infer<typeof ZRoomBlock>;

/** Both block lists show what is still ahead, and how many records lie in the past (docs/business-rules.md §2). */
const withPastCount = <T extends z.ZodType>(row: T) =>
  pageResponse(row).extend({ pastCount: z.int().nonnegative() });

export const BLOCK_PAGE_SIZES = [5, 10, 30, 50] as const;

/** GET /api/blocks/days — upcoming day and hour blocks, by date unless asked otherwise. */
export const dayBlockSortable = ['date', 'cityName', 'branchName', 'createdAt'] as const;
export const ZDayBlockListQuery = pageQuery(dayBlockSortable, 'date');
export type TDayBlockListQuery = z.output<typeof ZDayBlockListQuery>;
export const ZDayBlockListResponse = withPastCount(ZDayBlock);
export type TDayBlockListResponse = z.infer<typeof ZDayBlockListResponse>;

/**
 * One room on one date with its blocked hours from now on: a whole day blocked is one row (issue 18), however the
 * list is paged or sorted.
 */
export const ZRoomBlockDay = ZRoomBlock.pick({
  cityId: true,
  cityName: true,
  branchId: true,
  branchName: true,
  roomId: true,
  roomName: true,
  date: true,
  createdAt: true,
}).extend({
  /** In order; each one cancellable on its own. */
  hours: z.array(ZRoomBlock.pick({ id: true, startsAt: true, hour: true })).min(1),
});
export type TRoomBlockDay = z.infer<typeof ZRoomBlockDay>;

/** GET /api/blocks/rooms — upcoming room blocks, one row per room and day, by date and hour unless asked otherwise. */
export const roomBlockSortable = ['startsAt', 'cityName', 'branchName', 'roomName', 'createdAt'] as const;
export const ZRoomBlockListQuery = pageQuery(roomBlockSortable, 'startsAt');
export type TRoomBlockListQuery = z.output<typeof ZRoomBlockListQuery>;
export const ZRoomBlockListResponse = withPastCount(ZRoomBlockDay);
export type TRoomBlockListResponse = z.infer<typeof ZRoomBlockListResponse>;

/**
 * A day to block: the rules refuse a past day (pastDay, or pastHour); the contract keeps the date within a year
 * either side of today, with the same sentence for a day long past.
 */
const blockDate = (requiredMessage: string) =>
  dateField({
    range: DATE_RANGES.schedule,
    outOfRange: { before: m.pastDay, after: m.tooFarAhead },
    missing: requiredMessage,
  });

/** A day whose blocks are read or removed: a year either side of today. */
const blockedDate = (requiredMessage: string) =>
  dateField({
    range: DATE_RANGES.schedule,
    outOfRange: dateRangeMessages.schedule,
    missing: requiredMessage,
  });

/** The fields of a period to block: a date, and the whole day or one hour of it. */
const periodFields = (requiredMessage: string) => ({
  date: blockDate(requiredMessage),
  wholeDay: z.boolean({ error: requiredMessage }),
  hour: hourField(requiredMessage).nullish(),
});

/** One hour needs its hour; a whole day has none, whatever the form sent. */
const periodRule = <S extends z.ZodType<{ wholeDay: boolean; hour?: string | null }>>(
  schema: S,
  requiredMessage: string,
) =>
  schema
    .refine((input) => input.wholeDay || Boolean(input.hour), { message: requiredMessage, path: ['hour'] })
    .transform((input) => ({ ...input, hour: input.wholeDay ? null : (input.hour ?? null) }));

/** POST /api/blocks/days — docs/business-rules.md §5 "Block day/hour form". */
export const ZCreateDayBlockRequest = periodRule(
  z.object(
    {
      cityId: idField(m.requiredFields),
      branchId: idField(m.requiredFields),
      ...periodFields(m.requiredFields),
    },
    { error: m.requiredFields },
  ),
  m.requiredFields,
);
export type TCreateDayBlockRequest = z.input<typeof ZCreateDayBlockRequest>;
export type TDayBlockInput = z.output<typeof ZCreateDayBlockRequest>;

/** POST /api/blocks/rooms — docs/business-rules.md §5 "Block room form"; a whole day makes one block per hour. */
export const ZCreateRoomBlockRequest = periodRule(
  z.object(
    {
      cityId: idField(m.roomRequiredFields),
      branchId: idField(m.roomRequiredFields),
      roomId: idField(m.roomRequiredFields),
      ...periodFields(m.roomRequiredFields),
    },
    { error: m.roomRequiredFields },
  ),
  m.roomRequiredFields,
);
export type TCreateRoomBlockRequest = z.input<typeof ZCreateRoomBlockRequest>;
export type TRoomBlockInput = z.output<typeof ZCreateRoomBlockRequest>;
export const ZCreateRoomBlockResponse = z.object({ created: z.array(ZRoomBlock) });

/** POST /api/blocks/rooms/remove-day — cancels every block of one room on one date. */
export const ZDeleteRoomDayRequest = z.object({
  roomId: idField(m.roomRequiredFields),
  date: blockedDate(m.roomRequiredFields),
});
export type TDeleteRoomDayRequest = z.input<typeof ZDeleteRoomDayRequest>;
export const ZDeletedCountResponse = z.object({ deleted: z.int().nonnegative() });

/**
 * GET /api/blocks/affected-sessions — the active sessions a period would cover (blocks never touch them, so
 * staff can call the clients first; docs/business-rules.md D§4).
 */
export const ZAffectedSessionsQuery = z.object({
  branchId: idField(m.requiredFields),
  date: blockedDate(m.requiredFields),
  hour: hourField(m.requiredFields).optional(),
  roomId: idField(m.requiredFields).optional(),
});
export type TAffectedSessionsQuery = z.output<typeof ZAffectedSessionsQuery>;
export const ZAffectedSession = z.object({
  id: z.uuid(),
  startsAt: z.iso.datetime(),
  hour: z.string(),
  roomName: z.string(),
  /** The client's name, or the courtesy name. */
  clientName: z.string(),
  phone: z.string().nullable(),
  isCourtesy: z.boolean(),
});
export type TAffectedSession = z.infer<typeof ZAffectedSession>;
export const ZAffectedSessionsResponse = z.array(ZAffectedSession);
