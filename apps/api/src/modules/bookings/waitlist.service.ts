import type { DbOrTx } from '@sala/db/client';
import { hourRooms } from '@sala/shared/bookings/availability';
import { bookingMessages as m } from '@sala/shared/bookings/bookings.messages';
import { autoBookOrder, possibleNotices, WAITLIST_MAX_ACTIVE } from '@sala/shared/bookings/waitlist';
import type { TJoinWaitlistRequest, TWaitlistEntry } from '@sala/shared/bookings/waitlist.contract';
import { waitlistMessages } from '@sala/shared/bookings/waitlist.messages';
import { locationMessages } from '@sala/shared/locations/locations.messages';
import { businessDate, businessInstant, businessTime } from '@sala/shared/time/business-time';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Queued } from '../../ports/notify';
import { loadBranchAtInstants, loadBranchDay } from '../availability/availability.service';
import { chargeCredits } from '../credits/credits.service';
import { insertSession } from './bookings.repository';
import {
  allEntriesOfUser,
  countActiveOfUser,
  endEntriesAt,
  endEntriesOfUser,
  endEntry,
  insertEntry,
  lineLengthsBetween,
  listEntriesOfUser,
  lockLine,
  markNotified,
  userHasSessionAt,
  waitedHoursBetween,
} from './waitlist.repository';

/**
 * The waitlist of a full hour ("Avísame si se libera", design §7, docs/decisions/019). A client joins the line of an
 * hour whose rooms are all taken; when one frees up — a cancellation, a move, a removed block — the transaction that
 * freed it books the first entry with automatic booking, enough credits and enough notice, and tells the others.
 */

type Row = Awaited<ReturnType<typeof listEntriesOfUser>>[number];
const toEntry = (row: Row): TWaitlistEntry => ({
  ...row,
  startsAt: row.startsAt.toISOString(),
  date: businessDate(row.startsAt),
  hour: businessTime(row.startsAt),
});

/**
 * POST /api/waitlist: only a full hour of a bookable day, once per client, at most WAITLIST_MAX_ACTIVE at once, and
 * an automatic booking only with a notice the hour can still meet.
 */
export async function joinWaitlist(
  ctx: ActingContext,
  input: Required<Pick<TJoinWaitlistRequest, 'branchId' | 'date' | 'hour' | 'autoBook' | 'minNoticeHours'>>,
): Promise<TWaitlistEntry> {
  const { db, actor, now } = ctx;
  const startsAt = businessInstant(input.date, input.hour);
  try {
    return await db.transaction(async (tx) => {
      const day = await loadBranchDay(tx, input.branchId, input.date);
      if (!day) throw new AppError('not-found', locationMessages.branchNotFound);
      const { hourState, rooms } = hourRooms({ now }, day, input.date, input.hour);
      if (hourState === 'free')
        throw new AppError('aborted', waitlistMessages.hasRooms, { hour: waitlistMessages.hasRooms });
      if (hourState !== 'full')
        throw new AppError('aborted', waitlistMessages.notFull, { hour: waitlistMessages.notFull });
      // "Full" with no active room at all: nothing there can ever free up.
      if (rooms.length === 0) throw new AppError('aborted', waitlistMessages.noRooms);
      // An automatic booking only with a notice the hour can still meet: a longer one could never happen.
      const possible = possibleNotices({ now, startsAt });
      if (input.autoBook && !possible.includes(input.minNoticeHours)) {
        const message = waitlistMessages.noticeTooLong(possible);
        throw new AppError('invalid-argument', message, { minNoticeHours: message });
      }
      if (await userHasSessionAt(tx, actor.id, startsAt)) {
        throw new AppError('aborted', m.sameTime, { hour: m.sameTime });
      }
      if ((await countActiveOfUser(tx, actor.id, now)) >= WAITLIST_MAX_ACTIVE) {
        throw new AppError('aborted', waitlistMessages.tooMany(WAITLIST_MAX_ACTIVE));
      }
      const { id } = await insertEntry(tx, {
        userId: actor.id,
        branchId: input.branchId,
        startsAt,
        autoBook: input.autoBook,
        minNoticeHours: input.minNoticeHours,
      });
      const [row] = await listEntriesOfUser(tx, actor.id, now, id);
      return toEntry(row!);
    });
  } catch (error) {
    // The unique index decides a double click.
    if (isUniqueViolation(error, 'waitlist_entries_user_slot_active_key')) {
      throw new AppError('aborted', waitlistMessages.already, { hour: waitlistMessages.already });
    }
    throw error;
  }
}

/** GET /api/me/waitlist */
export async function listMyWaitlist({ db, actor, now }: ActingContext): Promise<TWaitlistEntry[]> {
  return (await listEntriesOfUser(db, actor.id, now)).map(toEntry);
}

/** DELETE /api/me/waitlist/:id: the client leaves a line (someone else's entry is not found). */
export async function leaveWaitlist(
  { db, actor, now }: ActingContext,
  { id }: { id: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [mine] = await listEntriesOfUser(tx, actor.id, now, id);
    if (!mine || !(await endEntry(tx, id, { at: now, reason: 'left' }))) {
      throw new AppError('not-found', waitlistMessages.notFound);
    }
  });
}

/** A booking of these hours (any path): the client's places in their lines end, in the booking's transaction. */
export async function endWaitlistOnBooking(tx: DbOrTx, userId: string, startsAt: Date[], now: Date) {
  if (startsAt.length > 0) await endEntriesAt(tx, userId, startsAt, now);
}

/** A closed account leaves every line. */
export async function endWaitlistOf(tx: DbOrTx, userId: string, now: Date) {
  await endEntriesOfUser(tx, userId, now);
}

/** The staff's day grid: how many wait for each hour of a branch's day. */
export async function waitlistLengths(db: DbOrTx, branchId: string, from: Date, to: Date, now: Date) {
  return (await lineLengthsBetween(db, branchId, from, to, now)).map((row) => ({
    hour: businessTime(row.startsAt),
    count: row.count,
  }));
}

/** For the privacy module: every place the client has held in a line. */
export function allWaitlistOf(db: DbOrTx, userId: string) {
  return allEntriesOfUser(db, userId);
}

type Offering = Pick<ActingContext, 'now' | 'notify'>;

/**
 * Rooms of a branch in [from, to) may have freed up (a cancellation, a move, a removed block), in the caller's
 * transaction: each hour someone waits for is offered to its line. Answers the messages queued (sent by the
 * outbox worker; the caller's own answer never waits for them).
 */
export async function offerFreedRooms(
  tx: DbOrTx,
  ctx: Offering,
  period: { branchId: string; from: Date; to: Date },
): Promise<Queued> {
  const hours = await waitedHoursBetween(tx, period.branchId, period.from, period.to, ctx.now);
  const emailIds: string[] = [];
  for (const startsAt of hours) {
    emailIds.push(...(await offerHour(tx, ctx, period.branchId, startsAt)).emailIds);
  }
  return { emailIds };
}

/** A booking of the list could not be made after all: the entry keeps its place, the next one is tried. */
class NotBooked extends Error {}

async function offerHour(tx: DbOrTx, ctx: Offering, branchId: string, startsAt: Date): Promise<Queued> {
  const { now, notify } = ctx;
  const line = await lockLine(tx, branchId, startsAt);
  if (line.length === 0) return { emailIds: [] };
  const date = businessDate(startsAt);
  const hour = businessTime(startsAt);
  const day = await loadBranchAtInstants(tx, branchId, [date], [startsAt]);
  if (!day) return { emailIds: [] };
  const { hourState, rooms } = hourRooms({ now }, day, date, hour);
  // Still blocked, gone by, or full again: nothing to offer.
  if (hourState !== 'free') return { emailIds: [] };
  const free = rooms.filter((room) => room.state === 'free');
  const emailIds: string[] = [];
  const booked = new Set<string>();

  const candidates = autoBookOrder(line, { now, startsAt, cost: day.sessionCost });
  let next = 0;
  while (next < candidates.length && free.length > 0) {
    const entry = candidates[next]!;
    const room = free[0]!;
    try {
      // A savepoint: a booking the database refuses (the client took that hour elsewhere meanwhile, its balance
      // moved, or someone booked the room first) leaves the freeing transaction whole.
      const queued = await tx.transaction(async (sp) => {
        const { id } = await insertSession(sp, {
          userId: entry.userId,
          roomId: room.id,
          branchId,
          cityId: day.cityId,
          startsAt,
          creditsCharged: day.sessionCost,
          isCourtesy: false,
          courtesyName: null,
          // The client asked the list to book for it.
          bookedBy: entry.userId,
          idempotencyKey: null,
        });
        const balance = await chargeCredits(sp, {
          userId: entry.userId,
          amount: day.sessionCost,
          reason: 'booking',
          referenceId: id,
          sessionId: id,
          actorId: entry.userId,
          note: `Sesión ${date} ${hour} (lista de espera)`,
          now,
        });
        if (balance === null) throw new NotBooked();
        await endEntry(sp, entry.id, { at: now, reason: 'auto_booked', sessionId: id });
        await endEntriesAt(sp, entry.userId, [startsAt], now);
        return notify.waitlistBooked(sp, {
          id,
          startsAt,
          cityName: day.cityName,
          branchName: day.name,
          branchAddress: day.address,
          roomName: room.name,
          holderName: entry.name,
          email: entry.email,
          userId: entry.userId,
          charged: day.sessionCost,
        });
      });
      emailIds.push(...queued.emailIds);
      booked.add(entry.id);
      free.shift();
      next += 1;
    } catch (error) {
      if (isUniqueViolation(error, 'room_sessions_room_starts_at_active_key')) {
        // Someone booked that room first: the same client, the next free room.
        free.shift();
      } else if (
        error instanceof NotBooked ||
        isUniqueViolation(error, 'room_sessions_user_starts_at_active_key')
      ) {
        // Short of credits after all, or already booked at that hour: the next in line.
        next += 1;
      } else {
        throw error;
      }
    }
  }

  // A room is still free: everyone else in line hears of it, and the first to book it wins.
  if (free.length > 0) {
    const others = line.filter((entry) => !booked.has(entry.id));
    if (others.length > 0) {
      await notify.waitlistFreed(tx, {
        cityId: day.cityId,
        cityName: day.cityName,
        branchId,
        branchName: day.name,
        startsAt,
        people: others.map(({ name, email }) => ({ name, email })),
      });
      await markNotified(
        tx,
        others.map((entry) => entry.id),
        now,
      );
    }
  }
  return { emailIds };
}
