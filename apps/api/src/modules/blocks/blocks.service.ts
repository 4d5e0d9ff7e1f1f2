import type { DbOrTx } from '@sala/db/client';
import { blockPeriodProblem, dayBlockConflict, roomDayHoursToBlock } from '@sala/shared/blocks/block-rules';
import type {
  TAffectedSession,
  TAffectedSessionsQuery,
  TDayBlock,
  TDayBlockInput,
  TDayBlockListQuery,
  TDayBlockListResponse,
  TDeleteRoomDayRequest,
  TRoomBlock,
  TRoomBlockDay,
  TRoomBlockInput,
  TRoomBlockListQuery,
  TRoomBlockListResponse,
} from '@sala/shared/blocks/blocks.contract';
import { blockMessages as m } from '@sala/shared/blocks/blocks.messages';
import { SESSION_MS } from '@sala/shared/bookings/session-timing';
import type { WeeklySchedule } from '@sala/shared/locations/schedule';
import { businessDate, businessInstant, businessTime, dayRange } from '@sala/shared/time/business-time';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/paging';
import { type AuditChange, recordAudit } from '../audit/audit.service';
import { availabilityChanged } from '../availability/availability.service';
import { activeSessionsInPeriod } from '../bookings/bookings.service';
import { offerFreedRooms } from '../bookings/waitlist.service';
import { lockBranch } from '../branches/branches.service';
import { findRoomById } from '../rooms/rooms.service';
import {
  dayBlocksOn,
  deleteDayBlockRow,
  deleteRoomBlockRow,
  deleteRoomBlocksBetween,
  findDayBlockRow,
  findRoomBlockRows,
  insertDayBlock,
  insertRoomBlocks,
  listDayBlocksFrom,
  listRoomDaysFrom,
  roomBlockStartsBetween,
} from './blocks.repository';

const toDayBlock = (row: NonNullable<Awaited<ReturnType<typeof findDayBlockRow>>>): TDayBlock => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

const toRoomBlock = (row: Awaited<ReturnType<typeof findRoomBlockRows>>[number]): TRoomBlock => ({
  ...row,
  startsAt: row.startsAt.toISOString(),
  date: businessDate(row.startsAt),
  hour: businessTime(row.startsAt),
  createdAt: row.createdAt.toISOString(),
});

const toRoomBlockDay = ({
  hours,
  createdAt,
  ...row
}: Omit<Awaited<ReturnType<typeof listRoomDaysFrom>>['rows'][number], 'total'>): TRoomBlockDay => ({
  ...row,
  createdAt: new Date(createdAt).toISOString(),
  hours: hours.map(({ id, startsAt }) => {
    const instant = new Date(startsAt);
    return { id, startsAt: instant.toISOString(), hour: businessTime(instant) };
  }),
});

/**
 * The branch of a block form, locked so that block writes of one branch run one at a time (a whole day and one
 * of its hours saved at once cannot both pass their checks). Bookings are not held up: see BranchLock.
 */
async function lockedBranch(tx: DbOrTx, input: { branchId: string; cityId: string }, missing: string) {
  const branch = await lockBranch(tx, input.branchId, 'no key update');
  if (!branch) throw new AppError('invalid-argument', missing, { branchId: missing });
  if (branch.cityId !== input.cityId) {
    throw new AppError('invalid-argument', m.branchNotInCity, { branchId: m.branchNotInCity });
  }
  return branch;
}

/** A block that collides with one already there: 409, under the hour (one hour) or the date (a whole day). */
const refusal = (message: string, hour: string | null) =>
  new AppError('aborted', message, { [hour ? 'hour' : 'date']: message });

function refusePeriod(now: Date, schedule: WeeklySchedule, period: { date: string; hour: string | null }) {
  const problem = blockPeriodProblem({ now }, schedule, period);
  if (problem) throw new AppError('invalid-argument', problem, { [period.hour ? 'hour' : 'date']: problem });
}

export async function listDayBlocks(
  { db, now }: ActingContext,
  query: TDayBlockListQuery,
): Promise<TDayBlockListResponse> {
  const { rows, pastCount } = await listDayBlocksFrom(db, businessDate(now), query);
  return { ...toPage(rows, query, toDayBlock), pastCount };
}

/** How the audit log names a block: where, and which day or hour. */
const dayBlockChange = (block: TDayBlock, created: boolean): AuditChange => {
  const fields = { branch: block.branchName, date: block.date, hour: block.hour ?? 'todo el día' };
  return {
    action: created ? 'day_block.create' : 'day_block.delete',
    entity: 'day_block',
    entityId: block.id,
    label: `${block.branchName} · ${block.date} ${block.hour ?? '(todo el día)'}`,
    before: created ? null : fields,
    after: created ? fields : null,
  };
};
const roomBlockChange = (block: TRoomBlock, created: boolean): AuditChange => {
  const fields = { room: block.roomName, branch: block.branchName, date: block.date, hour: block.hour };
  return {
    action: created ? 'room_block.create' : 'room_block.delete',
    entity: 'room_block',
    entityId: block.id,
    label: `${block.roomName} · ${block.branchName} · ${block.date} ${block.hour}`,
    before: created ? null : fields,
    after: created ? fields : null,
  };
};

/** docs/business-rules.md §5 "Block day/hour form", decided here as well as in the form. */
export async function createDayBlock(
  { db, actor, now }: ActingContext,
  input: TDayBlockInput,
): Promise<TDayBlock> {
  const conflictMessage = input.hour === null ? m.dayAlreadyBlocked : m.hourAlreadyBlocked;
  try {
    const block = await db.transaction(async (tx) => {
      const branch = await lockedBranch(tx, input, m.requiredFields);
      refusePeriod(now, branch.schedule, input);
      const conflict = dayBlockConflict(await dayBlocksOn(tx, branch.id, input.date), input.hour);
      if (conflict) throw refusal(conflict, input.hour);
      const row = await insertDayBlock(tx, {
        cityId: branch.cityId,
        branchId: branch.id,
        date: input.date,
        hour: input.hour,
        isHourBlocked: input.hour !== null,
        createdBy: actor.id,
      });
      const created = toDayBlock((await findDayBlockRow(tx, row.id))!);
      await recordAudit(tx, { actor, now }, [dayBlockChange(created, true)]);
      return created;
    });
    availabilityChanged(db, block.branchId, [block.date]);
    return block;
  } catch (error) {
    // The unique index (branch, date, hour) decides two identical saves that race.
    if (isUniqueViolation(error, 'day_blocks_branch_date_hour_key'))
      throw refusal(conflictMessage, input.hour);
    throw error;
  }
}

export async function deleteDayBlock(ctx: ActingContext, { id }: { id: string }): Promise<void> {
  const { db } = ctx;
  const deleted = await db.transaction(async (tx) => {
    const found = await findDayBlockRow(tx, id);
    const row = found && (await deleteDayBlockRow(tx, id));
    if (!row) throw new AppError('not-found', m.notFound);
    await recordAudit(tx, ctx, [dayBlockChange(toDayBlock(found), false)]);
    // The hours it held open again: whoever waits for them hears of it, or is booked (design §7).
    const from = businessInstant(found.date, found.hour ?? '00:00');
    const to = found.hour ? new Date(from.getTime() + SESSION_MS) : dayRange(found.date).to;
    await offerFreedRooms(tx, ctx, { branchId: found.branchId, from, to });
    return { branchId: row.branchId, date: found.date };
  });
  availabilityChanged(db, deleted.branchId, [deleted.date]);
}

export async function listRoomBlocks(
  { db, now }: ActingContext,
  query: TRoomBlockListQuery,
): Promise<TRoomBlockListResponse> {
  const { rows, pastCount } = await listRoomDaysFrom(db, now, query);
  return { ...toPage(rows, query, toRoomBlockDay), pastCount };
}

/**
 * docs/business-rules.md §5 "Block room form": one hour, or the whole day as one block per hour of the branch's schedule that is
 * still ahead (only the ones missing).
 */
export async function createRoomBlocks(
  { db, actor, now }: ActingContext,
  input: TRoomBlockInput,
): Promise<TRoomBlock[]> {
  try {
    const created = await db.transaction(async (tx) => {
      const branch = await lockedBranch(tx, input, m.roomRequiredFields);
      const room = await findRoomById(tx, input.roomId);
      if (!room || room.branchId !== branch.id) {
        throw new AppError('invalid-argument', m.roomNotInBranch, { roomId: m.roomNotInBranch });
      }
      refusePeriod(now, branch.schedule, input);
      const { from, to } = dayRange(input.date);
      const blocked = (await roomBlockStartsBetween(tx, room.id, from, to)).map((at) => businessTime(at));
      let hours: string[];
      if (input.hour === null) {
        hours = roomDayHoursToBlock({ now }, branch.schedule, input.date, blocked);
        if (hours.length === 0) throw refusal(m.allHoursBlocked, null);
      } else {
        if (blocked.includes(input.hour)) throw refusal(m.roomAlreadyBlocked, input.hour);
        hours = [input.hour];
      }
      const inserted = await insertRoomBlocks(
        tx,
        hours.map((hour) => ({
          roomId: room.id,
          branchId: room.branchId,
          cityId: room.cityId,
          startsAt: businessInstant(input.date, hour),
          createdBy: actor.id,
        })),
      );
      if (inserted.length === 0) {
        throw refusal(input.hour === null ? m.allHoursBlocked : m.roomAlreadyBlocked, input.hour);
      }
      const blocks = (
        await findRoomBlockRows(
          tx,
          inserted.map((row) => row.id),
        )
      ).map(toRoomBlock);
      await recordAudit(
        tx,
        { actor, now },
        blocks.map((block) => roomBlockChange(block, true)),
      );
      return blocks;
    });
    availabilityChanged(db, input.branchId, [input.date]);
    return created;
  } catch (error) {
    if (isUniqueViolation(error, 'room_blocks_room_starts_at_key'))
      throw refusal(m.roomAlreadyBlocked, input.hour);
    throw error;
  }
}

export async function deleteRoomBlock(ctx: ActingContext, { id }: { id: string }): Promise<void> {
  const { db } = ctx;
  const deleted = await db.transaction(async (tx) => {
    const [found] = await findRoomBlockRows(tx, [id]);
    const row = found && (await deleteRoomBlockRow(tx, id));
    if (!row) throw new AppError('not-found', m.notFound);
    await recordAudit(tx, ctx, [roomBlockChange(toRoomBlock(found), false)]);
    await offerFreedRooms(tx, ctx, {
      branchId: found.branchId,
      from: found.startsAt,
      to: new Date(found.startsAt.getTime() + SESSION_MS),
    });
    return { branchId: row.branchId, date: businessDate(found.startsAt) };
  });
  availabilityChanged(db, deleted.branchId, [deleted.date]);
}

/** Every block of one room on one date, at once. */
export async function deleteRoomDay(
  ctx: ActingContext,
  input: TDeleteRoomDayRequest,
): Promise<{ deleted: number }> {
  const { db } = ctx;
  const { from, to } = dayRange(input.date);
  const deleted = await db.transaction(async (tx) => {
    const rows = await deleteRoomBlocksBetween(tx, input.roomId, from, to);
    if (rows.length === 0) throw new AppError('not-found', m.notFound);
    const room = await findRoomById(tx, input.roomId);
    await recordAudit(
      tx,
      ctx,
      rows.map((row) => {
        const hour = businessTime(row.startsAt);
        return {
          action: 'room_block.delete',
          entity: 'room_block',
          entityId: row.id,
          label: `${room?.name ?? 'Sala'} · ${input.date} ${hour}`,
          before: { room: room?.name ?? null, date: input.date, hour },
          after: null,
        };
      }),
    );
    await offerFreedRooms(tx, ctx, { branchId: rows[0]!.branchId, from, to });
    return rows;
  });
  availabilityChanged(db, deleted[0]!.branchId, [input.date]);
  return { deleted: deleted.length };
}

/** The active sessions a period would cover: blocks never touch them, so staff can call the clients first. */
export async function affectedSessions(
  { db }: ActingContext,
  query: TAffectedSessionsQuery,
): Promise<TAffectedSession[]> {
  const from = businessInstant(query.date, query.hour ?? '00:00');
  const to = query.hour ? new Date(from.getTime() + 3_600_000) : dayRange(query.date).to;
  return activeSessionsInPeriod(db, { branchId: query.branchId, from, to, roomId: query.roomId });
}
