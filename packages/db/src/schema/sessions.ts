import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { branches, rooms } from './locations';
import { users } from './users';

/**
 * A standing slot (docs/decisions/019): the same hour every week or every two weeks, booked at once as ordinary
 * sessions that carry its id. The row keeps what the client asked for; its sessions are what was booked.
 */
export const sessionSeries = pgTable(
  'session_series',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    /** The room asked for (an occurrence may have had another free room of the branch). */
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    hour: text('hour').notNull(),
    everyWeeks: smallint('every_weeks').notNull(),
    /** How many dates the client asked for; the sessions are the bookable ones among them. */
    count: smallint('count').notNull(),
    bookedBy: uuid('booked_by').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: uuid('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('session_series_user_idx').on(t.userId),
    // One series per key and booker: a double click or a retried confirmation books once.
    uniqueIndex('session_series_idempotency_key')
      .on(t.bookedBy, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('session_series_every_weeks', sql`${t.everyWeeks} in (1, 2)`),
    check('session_series_count', sql`${t.count} between 2 and 52`),
  ],
);

/** A booked hour in a room. Cancelled sessions stay as history (cancelled_at set). */
export const roomSessions = pgTable(
  'room_sessions',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    // Both checked by the composite key below: the branch exists, in this zone.
    branchId: uuid('branch_id').notNull(),
    cityId: uuid('city_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    creditsCharged: integer('credits_charged').notNull().default(0),
    isCourtesy: boolean('is_courtesy').notNull().default(false),
    courtesyName: text('courtesy_name'),
    bookedBy: uuid('booked_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the 24-hour reminder was queued (once per session; never for a cancelled one). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** The booking form's key: a retried request (its answer lost) finds this session instead of a 409. */
    idempotencyKey: uuid('idempotency_key'),
    /** The standing slot it belongs to, if any. */
    seriesId: uuid('series_id').references(() => sessionSeries.id, { onDelete: 'restrict' }),
    /**
     * The session this one replaced (a reschedule): the calendar event keeps the first one's UID
     * (calendar_uid, null = this session's id) with a higher SEQUENCE, so calendars move the event.
     */
    rescheduledFrom: uuid('rescheduled_from').references((): AnyPgColumn => roomSessions.id, {
      onDelete: 'restrict',
    }),
    calendarUid: uuid('calendar_uid'),
    calendarSequence: smallint('calendar_sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('room_sessions_series_idx').on(t.seriesId).where(sql`${t.seriesId} is not null`),
    // The database, not the code, makes double booking impossible.
    uniqueIndex('room_sessions_room_starts_at_active_key')
      .on(t.roomId, t.startsAt)
      .where(sql`${t.cancelledAt} is null`),
    index('room_sessions_branch_starts_at_idx').on(t.branchId, t.startsAt),
    // The owner's occupancy of a period (issue 22): the active sessions of every branch, index-only.
    index('room_sessions_active_starts_at_idx')
      .on(t.startsAt, t.branchId)
      .where(sql`${t.cancelledAt} is null`),
    // A session's zone is its branch's; a branch that moves to another zone takes its sessions with it.
    foreignKey({
      name: 'room_sessions_branch_city_fk',
      columns: [t.branchId, t.cityId],
      foreignColumns: [branches.id, branches.cityId],
    })
      .onUpdate('cascade')
      .onDelete('restrict'),
    index('room_sessions_user_starts_at_idx').on(t.userId, t.startsAt),
    // A client holds one active session per start time: a double click cannot book two rooms.
    uniqueIndex('room_sessions_user_starts_at_active_key')
      .on(t.userId, t.startsAt)
      .where(sql`${t.cancelledAt} is null and ${t.userId} is not null`),
    // The reminder scheduler's one query: active client sessions not yet reminded, by start.
    index('room_sessions_reminder_due_idx')
      .on(t.startsAt)
      .where(sql`${t.cancelledAt} is null and ${t.remindedAt} is null and ${t.userId} is not null`),
    // One session per key and booker: the index decides a race between a request and its retry.
    uniqueIndex('room_sessions_idempotency_key')
      .on(t.bookedBy, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('room_sessions_credits_non_negative', sql`${t.creditsCharged} >= 0`),
    // A session is moved once: a second move of the same session loses on this index.
    uniqueIndex('room_sessions_rescheduled_from_key')
      .on(t.rescheduledFrom)
      .where(sql`${t.rescheduledFrom} is not null`),
    check(
      'room_sessions_owner',
      sql`(${t.isCourtesy} and ${t.userId} is null and ${t.courtesyName} is not null) or (not ${t.isCourtesy} and ${t.userId} is not null)`,
    ),
  ],
);

/**
 * A client waiting for a full hour of a branch (docs/decisions/019, design §7): first come, first served. When a room of that hour frees up (a cancellation, a move, a removed block), the first entry with
 * automatic booking, enough credits and the hour still at least `min_notice_hours` ahead is booked in the same
 * transaction; the others hear of it by e-mail. The line's order is `seq`, the order of arrival. An entry ends (ended_at) when its client books that hour, leaves
 * the list, or is booked by it; an hour gone by needs no row change (every read asks for starts_at > now).
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    /** The order of arrival: first come, first served (a clock can tie; a sequence cannot). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    autoBook: boolean('auto_book').notNull().default(false),
    /** Booked automatically only while the freed hour is at least this many hours ahead. */
    minNoticeHours: smallint('min_notice_hours').notNull().default(12),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** booked: the client booked that hour; auto_booked: the list booked it; left: the client left. */
    endedReason: text('ended_reason', { enum: ['booked', 'auto_booked', 'left', 'closed'] }),
    /** The session the list booked for it. */
    sessionId: uuid('session_id').references(() => roomSessions.id, { onDelete: 'restrict' }),
    /** The last time it was told a room freed up. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    // One place in a line per client: joining twice loses on this index.
    uniqueIndex('waitlist_entries_user_slot_active_key')
      .on(t.userId, t.branchId, t.startsAt)
      .where(sql`${t.endedAt} is null`),
    // The line of one hour, in order (a freed room reads it; the staff grid counts it).
    index('waitlist_entries_line_idx').on(t.branchId, t.startsAt, t.seq).where(sql`${t.endedAt} is null`),
    check('waitlist_entries_notice', sql`${t.minNoticeHours} between 0 and 168`),
    check('waitlist_entries_ended', sql`(${t.endedAt} is null) = (${t.endedReason} is null)`),
    check(
      'waitlist_entries_ended_reason',
      sql`${t.endedReason} in ('booked', 'auto_booked', 'left', 'closed')`,
    ),
  ],
);

/**
 * How many active sessions start at each hour of each branch and Mexico City day (issue 46): `byHour[h]` (0-based in
 * TypeScript, 1-based in SQL) counts those starting at h:00. The owner's occupancy reads a row per branch-day, not
 * the sessions. The database keeps them (migrations 0027 and 0031): each statement notes what its sessions add, and
 * the commit writes the notes summed, in the order of (date, branch). A branch-day's row is held only while the
 * transaction commits, and two commits take the rows they share in one order.
 */
export const dailySessions = pgTable(
  'daily_sessions',
  {
    date: date('date', { mode: 'string' }).notNull(),
    /** No foreign key: a figure, like daily_sales; a branch with sessions cannot be deleted anyway. */
    branchId: uuid('branch_id').notNull(),
    byHour: integer('by_hour').array().notNull(),
    /**
     * The row as the owner's figures read it, 'YYYY-MM-DD h0,h1,…,h23' (migration 0034), written by the database
     * with the row: a year of a chain is 11 000 rows, and turning their 264 000 counts into text at every read was
     * most of the year-long report's query (20 ms of 25 on PostgreSQL). `daily_sessions_text` is the SQL function.
     */
    dayText: text('day_text').generatedAlwaysAs(sql`daily_sessions_text(date, by_hour)`),
  },
  (t) => [primaryKey({ name: 'daily_sessions_pkey', columns: [t.date, t.branchId] })],
);
