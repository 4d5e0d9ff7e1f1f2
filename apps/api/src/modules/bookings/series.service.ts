import type { DbOrTx } from '@sala/db/client';
import { bookingMessages as m } from '@sala/shared/bookings/bookings.messages';
import {
  bookableOccurrences,
  changedDates,
  type EveryWeeks,
  type Occurrence,
  planSeries,
  seriesAskRefusal,
  seriesDates,
} from '@sala/shared/bookings/series';
import type {
  TCancelSeriesResponse,
  TCreateSeriesResponse,
  TMySeries,
  TSeriesPreviewResponse,
} from '@sala/shared/bookings/series.contract';
import { ALMOST_THRESHOLD_MS } from '@sala/shared/bookings/session-timing';
import { calendarDateNames, formatCalendarDate } from '@sala/shared/format/dates';
import { locationMessages } from '@sala/shared/locations/locations.messages';
import { businessDate, businessInstant } from '@sala/shared/time/business-time';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { assertMayWorkAt } from '../../lib/branch-scope';
import { isUniqueViolation } from '../../lib/db-errors';
import type { SessionFacts } from '../../ports/notify';
import { availabilityChanged, loadBranchAtInstants } from '../availability/availability.service';
import { chargeSessions, settleExpiredCredits } from '../credits/credits.service';
import { findAccount } from '../users/users.service';
import {
  activeInstantsOfUser,
  findSeries,
  findSeriesByKey,
  findSessionDetails,
  insertSeries,
  insertSession,
  listSeriesOfUser,
  lockSeriesSessionsAfter,
} from './bookings.repository';
import { type ClientHolder, cancelLocked, holderAccount, slotRefusal, toDetail } from './bookings.service';
import { endWaitlistOnBooking } from './waitlist.service';

/**
 * Standing slots (design §7, docs/decisions/019): a preview of every date, then a confirmation that books exactly
 * the dates the preview showed as bookable, in one transaction, each an ordinary session (the same partial unique
 * indexes decide a race for a room or for the client's hour, the same ledger charges it) carrying the series id.
 */

export type SeriesAsk = {
  branchId: string;
  roomId: string;
  date: string;
  hour: string;
  everyWeeks: EveryWeeks;
  count: number;
};

/** The branch and the client as the series' dates find them now, and the plan the rules make of them. */
async function planNow(db: DbOrTx, now: Date, ask: SeriesAsk, clientId: string) {
  const dates = seriesDates(ask.date, ask.everyWeeks, ask.count);
  const instants = dates.map((date) => businessInstant(date, ask.hour));
  const branch = await loadBranchAtInstants(db, ask.branchId, dates, instants);
  if (!branch)
    throw new AppError('not-found', locationMessages.branchNotFound, {
      branchId: locationMessages.branchNotFound,
    });
  const refusal = seriesAskRefusal({ now }, branch.standingWeeksMax, ask);
  if (refusal === 'disabled')
    throw new AppError('aborted', m.seriesDisabled, { everyWeeks: m.seriesDisabled });
  if (refusal === 'count') {
    const message = m.seriesCount(branch.standingWeeksMax);
    throw new AppError('invalid-argument', message, { count: message });
  }
  if (refusal === 'first-date' || !branch.rooms.some((room) => room.id === ask.roomId)) {
    throw slotRefusal('unknown-room');
  }
  const clientBusy = await activeInstantsOfUser(db, clientId, instants);
  return { branch, plan: planSeries({ now }, { ...branch, clientBusy }, ask) };
}

const dateList = (dates: string[]) => dates.map((date) => formatCalendarDate(date));

function changedRefusal(dates: string[]): AppError {
  const message = m.seriesChanged(dateList(dates));
  return new AppError('aborted', message, { occurrences: message });
}

const toOccurrence = (hour: string) => (occurrence: Occurrence) => ({ ...occurrence, hour });

/** POST /api/sessions/series/preview and its staff twin: every date with its state; nothing is written. */
export async function previewSeries(
  ctx: ActingContext,
  ask: SeriesAsk,
  holder: ClientHolder,
): Promise<TSeriesPreviewResponse> {
  const { db, actor, now } = ctx;
  if (holder.kind === 'client') assertMayWorkAt(actor, ask.branchId);
  const person = await holderAccount(db, actor, holder, { lock: false });
  const account = await findAccount(db, person.id);
  const { branch, plan } = await planNow(db, now, ask, person.id);
  return {
    occurrences: plan.map(toOccurrence(ask.hour)),
    sessionCost: branch.sessionCost,
    totalCost: bookableOccurrences(plan).length * branch.sessionCost,
    balance: account?.credits ?? 0,
    maxCount: branch.standingWeeksMax,
  };
}

/**
 * POST /api/sessions/series and its staff twin: books the dates shown, all or none. The account's row lock
 * serialises one client's confirmations; the room and client-hour unique indexes decide against everyone else (a
 * refusal rolls the whole series back and names the dates that changed).
 */
export async function createSeries(
  ctx: ActingContext,
  input: SeriesAsk & { occurrences: { date: string; roomId: string }[]; idempotencyKey?: string },
  holder: ClientHolder,
): Promise<TCreateSeriesResponse> {
  const { db, actor, now, notify } = ctx;
  const { occurrences: shown, idempotencyKey: key, ...ask } = input;
  if (holder.kind === 'client') assertMayWorkAt(actor, ask.branchId);
  let clientId: string | undefined;
  try {
    const booked = await db.transaction(async (tx) => {
      const person = await holderAccount(tx, actor, holder, { lock: true });
      clientId = person.id;
      const { branch, plan } = await planNow(tx, now, ask, person.id);
      const changed = changedDates(shown, plan);
      if (changed.length > 0) throw changedRefusal(changed);
      const bookable = bookableOccurrences(plan);
      if (bookable.length === 0) {
        throw new AppError('aborted', m.seriesNothingBookable, { occurrences: m.seriesNothingBookable });
      }
      const total = bookable.length * branch.sessionCost;
      // Credits whose day passed expire first: what is left is what can pay (design §15).
      const credits = await settleExpiredCredits(tx, person.id, now);
      if (credits < total) {
        const message = m.seriesNoCredits(total, credits);
        throw new AppError('aborted', message, { credits: message });
      }

      const series = await insertSeries(tx, {
        userId: person.id,
        branchId: branch.id,
        roomId: ask.roomId,
        hour: ask.hour,
        everyWeeks: ask.everyWeeks,
        count: ask.count,
        bookedBy: actor.id,
        idempotencyKey: key ?? null,
      });
      const sessions: SessionFacts[] = [];
      const charges: { sessionId: string; amount: number; note: string }[] = [];
      for (const occurrence of bookable) {
        const startsAt = businessInstant(occurrence.date, ask.hour);
        const { id } = await insertSession(tx, {
          userId: person.id,
          roomId: occurrence.roomId!,
          branchId: branch.id,
          cityId: branch.cityId,
          startsAt,
          creditsCharged: branch.sessionCost,
          isCourtesy: false,
          courtesyName: null,
          bookedBy: actor.id,
          idempotencyKey: null,
          seriesId: series.id,
        });
        charges.push({
          sessionId: id,
          amount: branch.sessionCost,
          note: `Reserva fija: sesión ${occurrence.date} ${ask.hour}`,
        });
        sessions.push({
          id,
          startsAt,
          cityName: branch.cityName,
          branchName: branch.name,
          roomName: occurrence.roomName!,
          holderName: person.name,
          email: person.email,
          bookedByName: actor.name,
          userId: person.id,
        });
      }
      // Every date paid at once, soonest-expiring credits first (issue 44).
      const balance = await chargeSessions(tx, {
        userId: person.id,
        actorId: actor.id,
        now,
        sessions: charges,
      });
      // Covered above under the account's lock; a null here would mean the balance moved under the lock.
      if (balance === null) throw new Error('series charge not covered under the account lock');
      await endWaitlistOnBooking(
        tx,
        person.id,
        sessions.map((session) => session.startsAt),
        now,
      );
      const queued = await notify.seriesBooked(tx, { id: series.id, everyWeeks: ask.everyWeeks, sessions });
      return {
        seriesId: series.id,
        sessions: sessions.map((facts) => toDetail(facts, branch.sessionCost, false)),
        balance,
        queued,
      };
    });
    availabilityChanged(
      db,
      ask.branchId,
      booked.sessions.map((session) => businessDate(new Date(session.startsAt))),
    );
    for (const _ of booked.sessions) ctx.metrics.sessionBooked(holder.kind === 'self' ? 'client' : 'staff');
    const { queued, ...answer } = booked;
    const mailDelivery = await notify.sendNow(queued);
    return { ...answer, mailDelivery, mailWarning: mailDelivery === 'delayed' };
  } catch (error) {
    if (key) {
      const earlier = await replaySeries(ctx, key, { ...ask, clientId });
      if (earlier) return earlier;
    }
    // Someone took a room (or the client's hour) between this plan and its insert: say which dates changed.
    if (
      clientId &&
      (isUniqueViolation(error, 'room_sessions_room_starts_at_active_key') ||
        isUniqueViolation(error, 'room_sessions_user_starts_at_active_key'))
    ) {
      const { plan } = await planNow(db, now, ask, clientId);
      const changed = changedDates(shown, plan);
      throw changed.length > 0 ? changedRefusal(changed) : slotRefusal('busy');
    }
    throw error;
  }
}

/** The series a confirmation's key already booked (a retry whose answer was lost), as it stands now. */
async function replaySeries(
  ctx: ActingContext,
  key: string,
  ask: SeriesAsk & { clientId: string | undefined },
): Promise<TCreateSeriesResponse | undefined> {
  const { db, actor, notify } = ctx;
  const series = await findSeriesByKey(db, actor.id, key);
  if (!series) return undefined;
  const same =
    series.branchId === ask.branchId &&
    series.roomId === ask.roomId &&
    series.hour === ask.hour &&
    series.everyWeeks === ask.everyWeeks &&
    series.count === ask.count &&
    (ask.clientId === undefined || series.userId === ask.clientId);
  if (!same) throw new AppError('aborted', m.keyReused);
  const details = await findSessionDetails(db, series.sessionIds);
  details.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const balance = (await findAccount(db, series.userId))?.credits ?? 0;
  const mailDelivery = await notify.seriesBookedDelivery(db, {
    id: series.id,
    email: details[0]?.email ?? null,
  });
  return {
    seriesId: series.id,
    sessions: details.map((facts) => toDetail(facts, facts.creditsCharged, false)),
    balance,
    mailDelivery,
    mailWarning: mailDelivery === 'delayed',
  };
}

/** GET /api/me/series: the client's standing slots with sessions still ahead ("Martes 10:00 · Valle · Sala 2"). */
export async function listMySeries({ db, actor, now }: ActingContext): Promise<TMySeries[]> {
  const rows = await listSeriesOfUser(db, actor.id, now);
  return rows.map(({ nextAt, ...row }) => {
    const next = nextAt ? businessDate(new Date(nextAt)) : null;
    return {
      ...row,
      everyWeeks: row.everyWeeks as 1 | 2,
      weekday: next ? calendarDateNames(next).weekday : '',
      nextDate: next,
    };
  });
}

/**
 * POST /api/me/series/:id/cancel: the series' sessions still more than 24 hours ahead are cancelled, each refunded
 * through the ledger, in one transaction holding their row locks (a single cancel of one of them at the same time
 * waits, then finds it cancelled); the ones closer stay, as the 24-hour rule says. One e-mail lists them all.
 */
export async function cancelSeriesRest(
  ctx: ActingContext,
  { id }: { id: string },
): Promise<TCancelSeriesResponse> {
  const { db, actor, now } = ctx;
  const result = await db.transaction(async (tx) => {
    const series = await findSeries(tx, id);
    if (!series || (series.userId !== actor.id && actor.role !== 'superadmin')) {
      throw new AppError('not-found', m.seriesNotFound);
    }
    if (series.userId !== actor.id) assertMayWorkAt(actor, series.branchId);
    const sessions = await lockSeriesSessionsAfter(tx, id, new Date(now.getTime() + ALMOST_THRESHOLD_MS));
    if (sessions.length === 0) throw new AppError('aborted', m.seriesNothingToCancel);
    let refunded = 0;
    let balance = 0;
    const details = [];
    for (const session of sessions) {
      const done = await cancelLocked(tx, ctx, session);
      refunded += done.refunded;
      balance = done.balance ?? balance;
      details.push(done.detail);
    }
    await ctx.notify.seriesCancelled(tx, { sessions: details, refunded });
    const dates = sessions.map((session) => businessDate(session.startsAt));
    return { cancelled: sessions.length, refunded, balance, branchId: series.branchId, dates };
  });
  availabilityChanged(db, result.branchId, result.dates);
  for (let i = 0; i < result.cancelled; i++) ctx.metrics.sessionCancelled();
  const { branchId: _branchId, dates: _dates, ...answer } = result;
  return answer;
}
