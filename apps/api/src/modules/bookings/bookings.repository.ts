import type { DbOrTx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import { branches, cities, rooms } from '@sala/db/schema/locations';
import { roomSessions, sessionSeries } from '@sala/db/schema/sessions';
import { users } from '@sala/db/schema/users';
import type { staffSessionSortable } from '@sala/shared/bookings/bookings.contract';
import { and, asc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { containsPattern, offsetOf, orderBy, rowCount, totalCount, withTotal } from '../../lib/paging';
import { preparedOnce, preparedSqlOnce } from '../../lib/prepared';

type Page = { page: number; pageSize: number; dir: 'asc' | 'desc'; q?: string };

/** The person a session belongs to: its client, or its courtesy name. */
const holderName = sql<string>`coalesce(${users.name}, ${roomSessions.courtesyName}, '')`;
const booker = alias(users, 'booker');

/** A client's own sessions (a page), or the one with `id`. */
export function listSessionsOfUser(db: DbOrTx, userId: string, page: Page & { id?: string }) {
  return db
    .select({
      id: roomSessions.id,
      startsAt: roomSessions.startsAt,
      cityId: roomSessions.cityId,
      cityName: cities.name,
      branchId: roomSessions.branchId,
      branchName: branches.name,
      roomId: roomSessions.roomId,
      roomName: rooms.name,
      creditsCharged: roomSessions.creditsCharged,
      cancelledAt: roomSessions.cancelledAt,
      seriesId: roomSessions.seriesId,
      total: totalCount(),
    })
    .from(roomSessions)
    .innerJoin(rooms, eq(rooms.id, roomSessions.roomId))
    .innerJoin(branches, eq(branches.id, roomSessions.branchId))
    .innerJoin(cities, eq(cities.id, roomSessions.cityId))
    .where(
      and(
        eq(roomSessions.userId, userId),
        page.id ? eq(roomSessions.id, page.id) : undefined,
        page.q
          ? or(
              ilike(cities.name, containsPattern(page.q)),
              ilike(branches.name, containsPattern(page.q)),
              ilike(rooms.name, containsPattern(page.q)),
            )
          : undefined,
      ),
    )
    .orderBy(orderBy(roomSessions.startsAt, page.dir), roomSessions.id)
    .limit(page.pageSize)
    .offset(offsetOf(page.page, page.pageSize));
}

/** Whether a room ever had a session (cancelled ones too: they are history). */
export function roomHasAnySession(db: DbOrTx, roomId: string) {
  return db
    .select({ id: roomSessions.id })
    .from(roomSessions)
    .where(eq(roomSessions.roomId, roomId))
    .limit(1)
    .then((rows) => rows.length > 0);
}

export function roomHasActiveSessionAfter(db: DbOrTx, roomId: string, now: Date) {
  return db
    .select({ id: roomSessions.id })
    .from(roomSessions)
    .where(
      and(eq(roomSessions.roomId, roomId), isNull(roomSessions.cancelledAt), gt(roomSessions.startsAt, now)),
    )
    .limit(1)
    .then((rows) => rows.length > 0);
}

/** The active sessions of a branch in [from, to), optionally of one room, with who holds them (a read of users). */
export function activeSessionsBetween(
  db: DbOrTx,
  options: { branchId: string; from: Date; to: Date; roomId?: string },
) {
  return db
    .select({
      id: roomSessions.id,
      roomId: roomSessions.roomId,
      startsAt: roomSessions.startsAt,
      roomName: rooms.name,
      isCourtesy: roomSessions.isCourtesy,
      holderName,
      phone: users.phone,
      seriesId: roomSessions.seriesId,
    })
    .from(roomSessions)
    .innerJoin(rooms, eq(rooms.id, roomSessions.roomId))
    .leftJoin(users, eq(users.id, roomSessions.userId))
    .where(
      and(
        eq(roomSessions.branchId, options.branchId),
        gte(roomSessions.startsAt, options.from),
        lt(roomSessions.startsAt, options.to),
        isNull(roomSessions.cancelledAt),
        options.roomId ? eq(roomSessions.roomId, options.roomId) : undefined,
      ),
    )
    .orderBy(asc(roomSessions.startsAt), asc(rooms.position));
}

/** Every booking writes one: plain SQL, cheaper to build than the query builder's insert. */
export async function insertSession(
  tx: DbOrTx,
  values: {
    userId: string | null;
    roomId: string;
    branchId: string;
    cityId: string;
    startsAt: Date;
    creditsCharged: number;
    isCourtesy: boolean;
    courtesyName: string | null;
    bookedBy: string;
    idempotencyKey: string | null;
    seriesId?: string | null;
    /** A reschedule: the session it replaces, and the calendar event it continues. */
    rescheduledFrom?: string | null;
    calendarUid?: string | null;
    calendarSequence?: number;
  },
): Promise<{ id: string }> {
  const id = newId();
  // Every placeholder needs its key; the driver sends an undefined value as null.
  await sessionInsert(tx).execute({
    seriesId: null,
    rescheduledFrom: null,
    calendarUid: null,
    ...values,
    id,
    startsAt: values.startsAt.toISOString(),
    calendarSequence: values.calendarSequence ?? 0,
  });
  return { id };
}

const p = sql.placeholder;
const sessionInsert = preparedSqlOnce(sql`
  insert into ${roomSessions} ("id", "user_id", "room_id", "branch_id", "city_id", "starts_at", "credits_charged",
    "is_courtesy", "courtesy_name", "booked_by", "idempotency_key", "series_id", "rescheduled_from", "calendar_uid",
    "calendar_sequence")
  values (${p('id')}, ${p('userId')}, ${p('roomId')}, ${p('branchId')}, ${p('cityId')}, ${p('startsAt')}::timestamptz,
    ${p('creditsCharged')}, ${p('isCourtesy')}, ${p('courtesyName')}, ${p('bookedBy')}, ${p('idempotencyKey')}::uuid,
    ${p('seriesId')}::uuid, ${p('rescheduledFrom')}::uuid, ${p('calendarUid')}::uuid, ${p('calendarSequence')})`);

/** The session that replaced another (its reschedule), if any. */
export function findSuccessor(db: DbOrTx, id: string) {
  return db
    .select({
      id: roomSessions.id,
      bookedBy: roomSessions.bookedBy,
      idempotencyKey: roomSessions.idempotencyKey,
    })
    .from(roomSessions)
    .where(eq(roomSessions.rescheduledFrom, id))
    .then((rows) => rows[0]);
}

/** A standing slot's row: what was asked for (its sessions are inserted with its id). */
export function insertSeries(tx: DbOrTx, values: typeof sessionSeries.$inferInsert) {
  return tx
    .insert(sessionSeries)
    .values(values)
    .returning({ id: sessionSeries.id })
    .then((rows) => rows[0]!);
}

/** The series a booker's idempotency key made, with its sessions' ids by start: what a retried request answers. */
export async function findSeriesByKey(db: DbOrTx, bookedBy: string, key: string) {
  const [series] = await db
    .select()
    .from(sessionSeries)
    .where(and(eq(sessionSeries.bookedBy, bookedBy), eq(sessionSeries.idempotencyKey, key)));
  if (!series) return undefined;
  const sessions = await db
    .select({ id: roomSessions.id })
    .from(roomSessions)
    .where(eq(roomSessions.seriesId, series.id))
    .orderBy(asc(roomSessions.startsAt));
  return { ...series, sessionIds: sessions.map((row) => row.id) };
}

/** The instants, among some, at which a client already holds an active session (any branch). */
export function activeInstantsOfUser(db: DbOrTx, userId: string, instants: Date[]): Promise<Date[]> {
  if (instants.length === 0) return Promise.resolve([]);
  return db
    .select({ startsAt: roomSessions.startsAt })
    .from(roomSessions)
    .where(
      and(
        eq(roomSessions.userId, userId),
        isNull(roomSessions.cancelledAt),
        inArray(roomSessions.startsAt, instants),
      ),
    )
    .then((rows) => rows.map((row) => row.startsAt));
}

/** The session, locked until the transaction ends: two cancels of one session run one after the other. */
export function findSessionForUpdate(tx: DbOrTx, id: string) {
  return lockedSession(tx)
    .execute({ id })
    .then((rows) => rows[0]);
}

const lockedSession = preparedOnce((db) =>
  db
    .select()
    .from(roomSessions)
    .where(eq(roomSessions.id, sql.placeholder('id')))
    .for('update'),
);

export function markCancelled(tx: DbOrTx, id: string, by: string, at: Date) {
  return tx
    .update(roomSessions)
    .set({ cancelledAt: at, cancelledBy: by })
    .where(and(eq(roomSessions.id, id), isNull(roomSessions.cancelledAt)))
    .returning({ id: roomSessions.id })
    .then((rows) => rows[0]);
}

const REMINDER_LEAD = sql`interval '24 hours'`;

/**
 * Takes the sessions whose 24-hour reminder is due at `now` (at most `limit`), marking them reminded in the
 * caller's transaction: active, held by a client, starting within the next 24 hours, booked at least 24 hours
 * ahead (a later booking gets none), not reminded yet. FOR UPDATE SKIP LOCKED: two processes never take the
 * same session, and one being cancelled right now is left for the next run (when it is cancelled).
 */
export async function claimDueReminders(tx: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const due = await tx
    .select({ id: roomSessions.id })
    .from(roomSessions)
    .where(
      and(
        isNull(roomSessions.cancelledAt),
        isNull(roomSessions.remindedAt),
        isNotNull(roomSessions.userId),
        // Reminders are a voluntary purpose: a client who turned them off gets none (docs/business-rules.md D§11).
        sql`exists (select 1 from ${users} where ${users.id} = ${roomSessions.userId} and ${users.remindersEnabled})`,
        gt(roomSessions.startsAt, now),
        lte(roomSessions.startsAt, sql`${now.toISOString()}::timestamptz + ${REMINDER_LEAD}`),
        lte(roomSessions.createdAt, sql`${roomSessions.startsAt} - ${REMINDER_LEAD}`),
      ),
    )
    .orderBy(asc(roomSessions.startsAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  const ids = due.map((row) => row.id);
  await tx.update(roomSessions).set({ remindedAt: now }).where(inArray(roomSessions.id, ids));
  return ids;
}

/** A session with its place and holder, as its e-mails and confirmation state them. */
export function findSessionDetail(db: DbOrTx, id: string) {
  return sessionDetail(db)
    .execute({ id })
    .then((rows) => rows[0]);
}

/** What a session's e-mails and confirmation state: its place and holder. */
const detailColumns = {
  id: roomSessions.id,
  userId: roomSessions.userId,
  startsAt: roomSessions.startsAt,
  branchId: roomSessions.branchId,
  cityName: cities.name,
  branchName: branches.name,
  branchAddress: branches.address,
  roomName: rooms.name,
  creditsCharged: roomSessions.creditsCharged,
  isCourtesy: roomSessions.isCourtesy,
  holderName,
  email: users.email,
  bookedByName: booker.name,
  cancelledAt: roomSessions.cancelledAt,
  calendarUid: roomSessions.calendarUid,
  calendarSequence: roomSessions.calendarSequence,
};

/** A query of sessions with their room and branch joined. */
const withPlaces = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(rooms, eq(rooms.id, roomSessions.roomId))
    .innerJoin(branches, eq(branches.id, roomSessions.branchId));

/** … and their city, holder and booker too. */
const withPeople = <T extends PgSelect>(query: T) =>
  withPlaces(query)
    .innerJoin(cities, eq(cities.id, roomSessions.cityId))
    .leftJoin(users, eq(users.id, roomSessions.userId))
    .leftJoin(booker, eq(booker.id, roomSessions.bookedBy));

const sessionDetail = preparedOnce((db) =>
  withPeople(db.select(detailColumns).from(roomSessions).$dynamic()).where(
    eq(roomSessions.id, sql.placeholder('id')),
  ),
);

/** Several sessions with their place and holder (the reminders of one run). */
export function findSessionDetails(db: DbOrTx, ids: string[]) {
  return withPeople(db.select(detailColumns).from(roomSessions).$dynamic()).where(
    inArray(roomSessions.id, ids),
  );
}

/**
 * The session a booker's idempotency key made, if any, in full: what the retried request must match (its room and
 * courtesy name), what its answer states, and the holder's balance now (issue 46: one read where a retry sent three).
 */
export function findSessionOfKey(db: DbOrTx, bookedBy: string, key: string) {
  return sessionOfKey(db)
    .execute({ bookedBy, key })
    .then((rows) => {
      if (!rows[0]) return undefined;
      const { roomId, courtesyName, balance, ...facts } = rows[0];
      return { facts, roomId, courtesyName, balance };
    });
}

const sessionOfKey = preparedOnce((db) =>
  withPeople(
    db
      .select({
        ...detailColumns,
        roomId: roomSessions.roomId,
        courtesyName: roomSessions.courtesyName,
        balance: users.credits,
      })
      .from(roomSessions)
      .$dynamic(),
  ).where(
    and(
      eq(roomSessions.bookedBy, sql.placeholder('bookedBy')),
      eq(roomSessions.idempotencyKey, sql.placeholder('key')),
    ),
  ),
);

const staffSort = {
  startsAt: roomSessions.startsAt,
  branchName: branches.name,
  roomName: rooms.position,
  holderName,
} as const;

/** One day's sessions for the staff screens (a page), with the client's contact and who booked. */
export function listStaffSessions(
  db: DbOrTx,
  options: Page & {
    sort: (typeof staffSessionSortable)[number];
    from: Date;
    to: Date;
    branchId?: string;
    includeCancelled: boolean;
  },
) {
  const pattern = options.q ? containsPattern(options.q) : undefined;
  const ofTheDay = and(
    gte(roomSessions.startsAt, options.from),
    lt(roomSessions.startsAt, options.to),
    // Every branch's sessions as one range per branch on (branch_id, starts_at): the index on starts_at alone
    // holds the active sessions only, and the history counts the cancelled ones too (issue 46).
    options.branchId
      ? eq(roomSessions.branchId, options.branchId)
      : inArray(roomSessions.branchId, db.select({ id: branches.id }).from(branches)),
    options.includeCancelled ? undefined : isNull(roomSessions.cancelledAt),
  );
  const search = pattern
    ? or(
        ilike(users.name, pattern),
        ilike(users.phone, pattern),
        ilike(roomSessions.courtesyName, pattern),
        ilike(branches.name, pattern),
        ilike(rooms.name, pattern),
      )
    : undefined;
  // The people (two joins on every client) are needed to search them or to sort by the holder's name; otherwise
  // they are joined only to the page's rows.
  const needsPeople = Boolean(search) || options.sort === 'holderName';
  const sorted = [
    orderBy(staffSort[options.sort], options.dir),
    asc(roomSessions.startsAt),
    asc(branches.name),
    asc(rooms.position),
    asc(roomSessions.id),
  ];
  // The page's ids first, on the sessions of the day with their room and branch: at a chain's size a day holds
  // thousands of sessions, and joining each one's client and booker cost a scan of every account (issue 46).
  const chosen = db.select({ id: roomSessions.id }).from(roomSessions).$dynamic();
  const pageIds = (
    needsPeople ? withPeople(chosen).where(and(ofTheDay, search)) : withPlaces(chosen).where(ofTheDay)
  )
    .orderBy(...sorted)
    .limit(options.pageSize)
    .offset(offsetOf(options.page, options.pageSize));
  const counted = db.select({ total: rowCount() }).from(roomSessions).$dynamic();
  return withTotal(
    db,
    withPeople(
      db
        .select({
          id: roomSessions.id,
          startsAt: roomSessions.startsAt,
          cityName: cities.name,
          branchId: roomSessions.branchId,
          branchName: branches.name,
          roomName: rooms.name,
          holderName,
          phone: users.phone,
          email: users.email,
          isCourtesy: roomSessions.isCourtesy,
          creditsCharged: roomSessions.creditsCharged,
          bookedByName: booker.name,
          cancelledAt: roomSessions.cancelledAt,
          seriesId: roomSessions.seriesId,
        })
        .from(roomSessions)
        .$dynamic(),
    )
      .where(inArray(roomSessions.id, pageIds))
      .orderBy(...sorted),
    // The count joins the people only to search them.
    (search ? withPeople(counted) : counted).where(and(ofTheDay, search)),
  );
}

/** Every session of one client, cancelled ones too, oldest first (the data a client takes home). */
export function allSessionsOfUser(db: DbOrTx, userId: string) {
  return db
    .select({
      id: roomSessions.id,
      startsAt: roomSessions.startsAt,
      cityName: cities.name,
      branchName: branches.name,
      roomName: rooms.name,
      creditsCharged: roomSessions.creditsCharged,
      bookedByName: booker.name,
      createdAt: roomSessions.createdAt,
      cancelledAt: roomSessions.cancelledAt,
    })
    .from(roomSessions)
    .innerJoin(rooms, eq(rooms.id, roomSessions.roomId))
    .innerJoin(branches, eq(branches.id, roomSessions.branchId))
    .innerJoin(cities, eq(cities.id, roomSessions.cityId))
    .leftJoin(booker, eq(booker.id, roomSessions.bookedBy))
    .where(eq(roomSessions.userId, userId))
    .orderBy(asc(roomSessions.startsAt), asc(roomSessions.id));
}

/** A client's active sessions that have not started yet, soonest first. */
export function upcomingSessionsOfUser(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({ startsAt: roomSessions.startsAt, branchName: branches.name, roomName: rooms.name })
    .from(roomSessions)
    .innerJoin(rooms, eq(rooms.id, roomSessions.roomId))
    .innerJoin(branches, eq(branches.id, roomSessions.branchId))
    .where(
      and(eq(roomSessions.userId, userId), isNull(roomSessions.cancelledAt), gt(roomSessions.startsAt, now)),
    )
    .orderBy(asc(roomSessions.startsAt));
}

/**
 * A client's standing slots with a session still ahead: what was asked, how many sessions it booked and still
 * has, how many can still be cancelled (more than 24 hours ahead), and the next one.
 */
export function listSeriesOfUser(db: DbOrTx, userId: string, now: Date) {
  const at = now.toISOString();
  return db
    .select({
      id: sessionSeries.id,
      everyWeeks: sessionSeries.everyWeeks,
      hour: sessionSeries.hour,
      cityName: cities.name,
      branchName: branches.name,
      roomName: rooms.name,
      // A session moved to another hour counts once: its replacement stands for it.
      booked: sql<number>`(select count(*)::int from "room_sessions" s where s."series_id" = "session_series"."id"
        and not exists (select 1 from "room_sessions" moved where moved."rescheduled_from" = s."id"))`,
      standing: sql<number>`(select count(*)::int from "room_sessions" s
        where s."series_id" = "session_series"."id" and s."cancelled_at" is null)`,
      cancellable: sql<number>`(select count(*)::int from "room_sessions" s
        where s."series_id" = "session_series"."id" and s."cancelled_at" is null
          and s."starts_at" > ${at}::timestamptz + interval '24 hours')`,
      nextAt: sql<string | null>`(select min(s."starts_at") from "room_sessions" s
        where s."series_id" = "session_series"."id" and s."cancelled_at" is null and s."starts_at" > ${at}::timestamptz)`,
    })
    .from(sessionSeries)
    .innerJoin(branches, eq(branches.id, sessionSeries.branchId))
    .innerJoin(cities, eq(cities.id, branches.cityId))
    .innerJoin(rooms, eq(rooms.id, sessionSeries.roomId))
    .where(
      and(
        eq(sessionSeries.userId, userId),
        sql`exists (select 1 from "room_sessions" s where s."series_id" = "session_series"."id"
          and s."cancelled_at" is null and s."starts_at" > ${at}::timestamptz)`,
      ),
    )
    .orderBy(asc(sessionSeries.createdAt));
}

export function findSeries(db: DbOrTx, id: string) {
  return db
    .select()
    .from(sessionSeries)
    .where(eq(sessionSeries.id, id))
    .then((rows) => rows[0]);
}

/** A series' active sessions starting after `after`, locked until the transaction ends (by start). */
export function lockSeriesSessionsAfter(tx: DbOrTx, seriesId: string, after: Date) {
  return tx
    .select()
    .from(roomSessions)
    .where(
      and(
        eq(roomSessions.seriesId, seriesId),
        isNull(roomSessions.cancelledAt),
        gt(roomSessions.startsAt, after),
      ),
    )
    .orderBy(asc(roomSessions.startsAt))
    .for('update');
}
