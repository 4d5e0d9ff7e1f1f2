import type { DbOrTx } from '@sala/db/client';
import { branches, cities } from '@sala/db/schema/locations';
import { roomSessions, waitlistEntries } from '@sala/db/schema/sessions';
import { users } from '@sala/db/schema/users';
import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { preparedOnce } from '../../lib/prepared';

/** The lines (design §7): an entry is active while ended_at is null and its hour is still ahead. */
const active = (now: Date) => and(isNull(waitlistEntries.endedAt), gt(waitlistEntries.startsAt, now));

export function insertEntry(
  tx: DbOrTx,
  values: {
    userId: string;
    branchId: string;
    startsAt: Date;
    autoBook: boolean;
    minNoticeHours: number;
  },
) {
  return tx
    .insert(waitlistEntries)
    .values(values)
    .returning({ id: waitlistEntries.id })
    .then((rows) => rows[0]!);
}

export function countActiveOfUser(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.userId, userId), active(now)))
    .then((rows) => rows[0]?.count ?? 0);
}

/** Whether the client holds an active session starting at this instant (in any branch). */
export function userHasSessionAt(db: DbOrTx, userId: string, startsAt: Date) {
  return db
    .select({ id: roomSessions.id })
    .from(roomSessions)
    .where(
      and(
        eq(roomSessions.userId, userId),
        eq(roomSessions.startsAt, startsAt),
        isNull(roomSessions.cancelledAt),
      ),
    )
    .limit(1)
    .then((rows) => rows.length > 0);
}

/**
 * The line of one hour of a branch, in order, locked until the transaction ends: two rooms freed at once (two
 * cancellations) take turns on it, and the second sees the first's booking. Only accounts that may still book.
 */
export function lockLine(tx: DbOrTx, branchId: string, startsAt: Date) {
  return tx
    .select({
      id: waitlistEntries.id,
      userId: waitlistEntries.userId,
      seq: waitlistEntries.seq,
      autoBook: waitlistEntries.autoBook,
      minNoticeHours: waitlistEntries.minNoticeHours,
      name: users.name,
      email: users.email,
      credits: users.credits,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(
      and(
        eq(waitlistEntries.branchId, branchId),
        eq(waitlistEntries.startsAt, startsAt),
        isNull(waitlistEntries.endedAt),
        eq(users.isActive, true),
        isNull(users.closedAt),
      ),
    )
    .orderBy(asc(waitlistEntries.seq))
    .for('update', { of: waitlistEntries });
}

/** The hours of a branch in [from, to) that someone still waits for (a removed block frees a whole period). */
export function waitedHoursBetween(db: DbOrTx, branchId: string, from: Date, to: Date, now: Date) {
  return db
    .selectDistinct({ startsAt: waitlistEntries.startsAt })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.branchId, branchId),
        gte(waitlistEntries.startsAt, from),
        lt(waitlistEntries.startsAt, to),
        active(now),
      ),
    )
    .orderBy(asc(waitlistEntries.startsAt))
    .then((rows) => rows.map((row) => row.startsAt));
}

export function endEntry(
  tx: DbOrTx,
  id: string,
  ending: { at: Date; reason: 'auto_booked' | 'left'; sessionId?: string },
) {
  return tx
    .update(waitlistEntries)
    .set({ endedAt: ending.at, endedReason: ending.reason, sessionId: ending.sessionId ?? null })
    .where(and(eq(waitlistEntries.id, id), isNull(waitlistEntries.endedAt)))
    .returning({ id: waitlistEntries.id })
    .then((rows) => rows[0]);
}

/** The client booked these hours (anywhere): its places in their lines end. */
export function endEntriesAt(tx: DbOrTx, userId: string, startsAt: Date[], at: Date) {
  return entriesBooked(tx).execute({
    userId,
    startsAt: startsAt.map((hour) => hour.toISOString()),
    at: at.toISOString(),
  });
}

/** One text for any number of hours (every booking sends it: `= any` of an array, not a list of parameters). */
const entriesBooked = preparedOnce((db) =>
  db
    .update(waitlistEntries)
    .set({ endedAt: sql`${sql.placeholder('at')}::timestamptz`, endedReason: 'booked' })
    .where(
      and(
        eq(waitlistEntries.userId, sql.placeholder('userId')),
        sql`${waitlistEntries.startsAt} = any(${sql.placeholder('startsAt')}::timestamptz[])`,
        isNull(waitlistEntries.endedAt),
      ),
    ),
);

/** A closed account leaves every line. */
export function endEntriesOfUser(tx: DbOrTx, userId: string, at: Date) {
  return tx
    .update(waitlistEntries)
    .set({ endedAt: at, endedReason: 'closed' })
    .where(and(eq(waitlistEntries.userId, userId), isNull(waitlistEntries.endedAt)));
}

export function markNotified(tx: DbOrTx, ids: string[], at: Date) {
  return tx.update(waitlistEntries).set({ notifiedAt: at }).where(inArray(waitlistEntries.id, ids));
}

/** The client's places in lines still ahead, each with its position (1 = first). */
export function listEntriesOfUser(db: DbOrTx, userId: string, now: Date, id?: string) {
  return db
    .select({
      id: waitlistEntries.id,
      branchId: waitlistEntries.branchId,
      branchName: branches.name,
      cityName: cities.name,
      startsAt: waitlistEntries.startsAt,
      autoBook: waitlistEntries.autoBook,
      minNoticeHours: waitlistEntries.minNoticeHours,
      position: sql<number>`1 + (select count(*)::int from "waitlist_entries" ahead
        where ahead."branch_id" = ${waitlistEntries.branchId} and ahead."starts_at" = ${waitlistEntries.startsAt}
          and ahead."ended_at" is null
          and ahead."seq" < ${waitlistEntries.seq})`,
    })
    .from(waitlistEntries)
    .innerJoin(branches, eq(branches.id, waitlistEntries.branchId))
    .innerJoin(cities, eq(cities.id, branches.cityId))
    .where(and(eq(waitlistEntries.userId, userId), active(now), id ? eq(waitlistEntries.id, id) : undefined))
    .orderBy(asc(waitlistEntries.startsAt), asc(branches.name));
}

/** Every place the client has held in a line (the data it takes home). */
export function allEntriesOfUser(db: DbOrTx, userId: string) {
  return db
    .select({
      id: waitlistEntries.id,
      branchName: branches.name,
      startsAt: waitlistEntries.startsAt,
      autoBook: waitlistEntries.autoBook,
      minNoticeHours: waitlistEntries.minNoticeHours,
      createdAt: waitlistEntries.createdAt,
      endedAt: waitlistEntries.endedAt,
      endedReason: waitlistEntries.endedReason,
      sessionId: waitlistEntries.sessionId,
    })
    .from(waitlistEntries)
    .innerJoin(branches, eq(branches.id, waitlistEntries.branchId))
    .where(eq(waitlistEntries.userId, userId))
    .orderBy(asc(waitlistEntries.createdAt));
}

/** How many wait for each hour of a branch in [from, to). */
export function lineLengthsBetween(db: DbOrTx, branchId: string, from: Date, to: Date, now: Date) {
  return db
    .select({ startsAt: waitlistEntries.startsAt, count: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.branchId, branchId),
        gte(waitlistEntries.startsAt, from),
        lt(waitlistEntries.startsAt, to),
        active(now),
      ),
    )
    .groupBy(waitlistEntries.startsAt)
    .orderBy(asc(waitlistEntries.startsAt));
}
