import type { DbOrTx } from '@sala/db/client';
import { checkSlot, gridCellState, hoursOn, type SlotRefusal } from '@sala/shared/bookings/availability';
import {
  COURTESY_PREFIX,
  type TCancelSessionResponse,
  type TCreateSessionResponse,
  type TDayGridQuery,
  type TDayGridResponse,
  type TRescheduleSessionResponse,
  type TSessionDetail,
  type TStaffSession,
  type TStaffSessionsQuery,
} from '@sala/shared/bookings/bookings.contract';
import { bookingMessages as m } from '@sala/shared/bookings/bookings.messages';
import { canCancelSession, SESSION_MS, sessionTiming } from '@sala/shared/bookings/session-timing';
import { withReception } from '@sala/shared/legal/business-contact';
import { locationMessages } from '@sala/shared/locations/locations.messages';
import type { TPage } from '@sala/shared/table/table.contract';
import { businessDate, businessInstant, businessTime, dayRange } from '@sala/shared/time/business-time';
import type { TMySession, TMySessionsQuery } from '@sala/shared/users/profile.contract';
import type { ActingContext, JobContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { assertMayWorkAt } from '../../lib/branch-scope';
import { isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/paging';
import type { SessionFacts } from '../../ports/notify';
import { recordAudit } from '../audit/audit.service';
import { availabilityChanged, loadBranchDay, loadSlot } from '../availability/availability.service';
import {
  chargeCredits,
  expiredOnCancel,
  moveSessionCredits,
  refundSessionCredits,
} from '../credits/credits.service';
import { businessContact } from '../legal/legal.service';
import { findAccount, lockAccount } from '../users/users.service';
import {
  activeSessionsBetween,
  allSessionsOfUser,
  claimDueReminders,
  findSessionDetail,
  findSessionDetails,
  findSessionForUpdate,
  findSessionOfKey,
  findSuccessor,
  insertSession,
  listSessionsOfUser,
  listStaffSessions,
  markCancelled,
  roomHasActiveSessionAfter,
  roomHasAnySession,
  upcomingSessionsOfUser,
} from './bookings.repository';
import { endWaitlistOnBooking, offerFreedRooms, waitlistLengths } from './waitlist.service';

type Slot = { branchId: string; roomId: string; date: string; hour: string };
/** Who a session is for: the signed-in client itself, a client the super admin books for, or a courtesy guest. */
type Holder = { kind: 'self' } | { kind: 'client'; userId: string } | { kind: 'courtesy'; name: string };
export type ClientHolder = Exclude<Holder, { kind: 'courtesy' }>;

/**
 * The account a booking charges: the signed-in client itself (active, or it would have no session), or a client
 * the super admin books for, read and locked here (inactive or unknown clients are refused). `lock: true` locks
 * the client's own account too (a series reads its balance); `lock: false` only reads.
 */
export async function holderAccount(
  tx: DbOrTx,
  actor: ActingContext['actor'],
  holder: ClientHolder,
  options: { lock?: boolean } = {},
): Promise<{ id: string; name: string; email: string; credits?: number }> {
  if (holder.kind === 'self' && !options.lock) return actor;
  const id = holder.kind === 'self' ? actor.id : holder.userId;
  // A preview only reads (lock: false); a booking holds the account until it commits.
  const account = options.lock === false ? await findAccount(tx, id) : await lockAccount(tx, id);
  if (!account || (account.role !== 'user' && account.id !== actor.id)) {
    throw new AppError('not-found', m.userNotFound, { clientId: m.userNotFound });
  }
  if (!account.isActive) throw new AppError('aborted', m.clientInactive, { clientId: m.clientInactive });
  return account;
}

export function toDetail(facts: SessionFacts, creditsCharged: number, isCourtesy: boolean): TSessionDetail {
  return {
    id: facts.id,
    startsAt: facts.startsAt.toISOString(),
    date: businessDate(facts.startsAt),
    hour: businessTime(facts.startsAt),
    cityName: facts.cityName,
    branchName: facts.branchName,
    roomName: facts.roomName,
    creditsCharged,
    isCourtesy,
    holderName: facts.holderName,
  };
}

/** docs/business-rules.md §8's answers to a slot that cannot be booked; the taken room has its own. */
export function slotRefusal(reason: SlotRefusal): AppError {
  if (reason === 'busy') return new AppError('aborted', m.sessionTaken, { roomId: m.sessionTaken });
  return new AppError('aborted', m.cannotBook, { hour: m.cannotBook });
}

/** docs/business-rules.md §8: short of credits; at a branch that costs more than one, the sentence names its cost. */
export function creditsRefusal(cost: number): AppError {
  const message = cost > 1 ? m.needsCredits(cost) : m.noCredits;
  return new AppError('aborted', message, { credits: message });
}

/**
 * One booking, in one transaction (docs/business-rules.md D§3–§4): the slot is read and judged by the same rules as
 * availability; the session is inserted — the partial unique indexes decide a race for the room, or for the
 * client's hour —; its cost leaves the balance through the ledger only if the balance covers it (the charge's
 * row lock on the account decides between concurrent bookings of one client, and a refused charge rolls the
 * session back). Its notices are queued in the same transaction and tried once after it commits.
 */
async function book(
  ctx: ActingContext,
  slot: Slot,
  holder: Holder,
  key?: string,
): Promise<TCreateSessionResponse> {
  const { db, actor, now, notify } = ctx;
  // A key that already made a session never gets past the transaction (the slot reads as taken, the client's
  // hour or the key's unique index refuses it), so its replay is looked up only on a refusal: a first booking
  // costs no extra query.
  try {
    const booked = await db.transaction(async (tx) => {
      const person = holder.kind === 'courtesy' ? undefined : await holderAccount(tx, actor, holder);
      const day = await loadSlot(tx, slot);
      if (!day) throw new AppError('not-found', locationMessages.branchNotFound);
      const check = checkSlot({ now }, day, slot);
      if (!check.ok) throw slotRefusal(check.reason);
      const cost = person ? day.sessionCost : 0;

      const { id } = await insertSession(tx, {
        userId: person?.id ?? null,
        roomId: slot.roomId,
        branchId: day.id,
        cityId: day.cityId,
        startsAt: check.startsAt,
        creditsCharged: cost,
        isCourtesy: holder.kind === 'courtesy',
        courtesyName: holder.kind === 'courtesy' ? `${COURTESY_PREFIX}${holder.name}` : null,
        bookedBy: actor.id,
        idempotencyKey: key ?? null,
      });
      let balance: number | null = null;
      if (person) {
        balance = await chargeCredits(tx, {
          userId: person.id,
          amount: cost,
          reason: 'booking',
          referenceId: id,
          sessionId: id,
          actorId: actor.id,
          note: `Sesión ${slot.date} ${slot.hour}`,
          now,
        });
        if (balance === null) throw creditsRefusal(cost);
        // Booked: the client no longer waits for this hour anywhere.
        await endWaitlistOnBooking(tx, person.id, [check.startsAt], now);
      }
      // Everything the e-mails say was read above: no need to read the new row back.
      const facts: SessionFacts = {
        id,
        startsAt: check.startsAt,
        cityName: day.cityName,
        branchName: day.name,
        branchAddress: day.address,
        roomName: day.rooms[0]!.name,
        holderName: person?.name ?? `${COURTESY_PREFIX}${holder.kind === 'courtesy' ? holder.name : ''}`,
        email: person?.email ?? null,
        bookedByName: actor.name,
        userId: person?.id ?? null,
      };
      const queued = await notify.sessionBooked(tx, facts);
      return { session: toDetail(facts, cost, holder.kind === 'courtesy'), balance, queued };
    });
    availabilityChanged(db, slot.branchId, [slot.date]);
    ctx.metrics.sessionBooked(holder.kind === 'self' ? 'client' : 'staff');
    const { queued, ...answer } = booked;
    // docs/business-rules.md §4: the session is kept whatever happens to its e-mails; a failure only adds the warning, and the
    // outbox worker keeps retrying.
    const mailDelivery = await notify.sendNow(queued);
    return { ...answer, mailDelivery, mailWarning: mailDelivery === 'delayed' } as const;
  } catch (error) {
    // The same request with the same key committed first (a retry, or one racing its original): whatever
    // refused this one, the answer is that session.
    if (key) {
      const earlier = await replay(ctx, slot, holder, key);
      if (earlier) return earlier;
    }
    if (isUniqueViolation(error, 'room_sessions_room_starts_at_active_key')) throw slotRefusal('busy');
    if (isUniqueViolation(error, 'room_sessions_user_starts_at_active_key')) {
      const message = holder.kind === 'self' ? m.sameTime : m.clientSameTime;
      throw new AppError('aborted', message, { hour: message });
    }
    throw error;
  }
}

/**
 * The session a booking's idempotency key already made (issue 20: a retried request whose answer was lost): the
 * same request again answers it as it stands, balance and e-mails included; the key on another slot or holder is
 * refused. Undefined when the key made nothing yet.
 */
async function replay(
  ctx: ActingContext,
  slot: Slot,
  holder: Holder,
  key: string,
): Promise<TCreateSessionResponse | undefined> {
  const { db, actor, notify } = ctx;
  const made = await findSessionOfKey(db, actor.id, key);
  if (!made) return undefined;
  const holderId = holder.kind === 'self' ? actor.id : holder.kind === 'client' ? holder.userId : null;
  const { facts } = made;
  const same =
    made.roomId === slot.roomId &&
    facts.branchId === slot.branchId &&
    facts.startsAt.getTime() === businessInstant(slot.date, slot.hour).getTime() &&
    facts.userId === holderId &&
    (holder.kind !== 'courtesy' || made.courtesyName === `${COURTESY_PREFIX}${holder.name}`);
  if (!same) throw new AppError('aborted', m.keyReused);
  const balance = facts.userId ? (made.balance ?? 0) : null;
  const mailDelivery = await notify.sessionBookedDelivery(db, facts);
  return {
    session: toDetail(facts, facts.creditsCharged, facts.isCourtesy),
    balance,
    mailDelivery,
    mailWarning: mailDelivery === 'delayed',
  };
}

/**
 * Queues the 24-hour reminders due at `now`, each once: the session is marked reminded and its e-mail written
 * (with the session's dedupe key) in one transaction, a batch at a time. Answers how many were queued.
 */
export async function queueDueReminders(ctx: JobContext, { batchSize = 100 } = {}): Promise<number> {
  let queued = 0;
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const ids = await claimDueReminders(tx, ctx.now, batchSize);
      if (ids.length === 0) return 0;
      await ctx.notify.remindersDue(tx, await findSessionDetails(tx, ids));
      return ids.length;
    });
    queued += count;
    if (count < batchSize) return queued;
  }
}

/** POST /api/sessions: a client books for itself. */
export function bookForSelf(
  ctx: ActingContext,
  { idempotencyKey, ...slot }: Slot & { idempotencyKey?: string },
) {
  return book(ctx, slot, { kind: 'self' }, idempotencyKey);
}

/** POST /api/staff/sessions: the super admin books for a client (charged to them) or a courtesy session. */
export function bookForOthers(
  ctx: ActingContext,
  input: Slot & { idempotencyKey?: string } & (
      | { for: 'client'; clientId: string }
      | { for: 'courtesy'; courtesyName: string }
    ),
) {
  const { branchId, roomId, date, hour } = input;
  assertMayWorkAt(ctx.actor, branchId);
  return book(
    ctx,
    { branchId, roomId, date, hour },
    input.for === 'client'
      ? { kind: 'client', userId: input.clientId }
      : { kind: 'courtesy', name: input.courtesyName },
    input.idempotencyKey,
  );
}

/**
 * docs/business-rules.md §4 and docs/business-rules.md D§4: a client cancels its own beyond sessions, a super admin any that has not started.
 * The row stays (cancelled_at, cancelled_by) and its credits come back through the ledger, in one transaction
 * that holds the session's row lock: two cancels at once refund once.
 */
export async function cancelSession(
  ctx: ActingContext,
  { id }: { id: string },
): Promise<TCancelSessionResponse> {
  const { db, actor, now } = ctx;
  const result = await db.transaction(async (tx) => {
    const session = await findSessionForUpdate(tx, id);
    // Someone else's session is "not found" to a client: its existence is none of their business.
    if (!session || (actor.role !== 'superadmin' && session.userId !== actor.id)) {
      throw new AppError('not-found', m.sessionNotFound);
    }
    // Someone else's session, at a branch a branch-only account does not work at (issue 45).
    if (session.userId !== actor.id) assertMayWorkAt(actor, session.branchId);
    if (session.cancelledAt) throw new AppError('aborted', m.alreadyCancelled);
    if (!canCancelSession(session, actor, now)) {
      const timing = sessionTiming(session.startsAt, now);
      throw new AppError(
        'aborted',
        timing === 'past' ? m.alreadyStarted : withReception(m.tooLateToCancel, await businessContact(tx)),
      );
    }
    const { refunded, balance, detail } = await cancelLocked(tx, ctx, session);
    await ctx.notify.sessionCancelled(tx, { ...detail, refunded });
    return {
      id,
      cancelledAt: now.toISOString(),
      refunded,
      balance,
      isCourtesy: session.isCourtesy,
      branchId: session.branchId,
      date: businessDate(session.startsAt),
    };
  });
  availabilityChanged(db, result.branchId, [result.date]);
  ctx.metrics.sessionCancelled();
  const { branchId: _branchId, date: _date, ...answer } = result;
  return answer;
}

/** The hour a cancelled or moved session leaves free. */
const freedBy = (session: { branchId: string; startsAt: Date }) => ({
  branchId: session.branchId,
  from: session.startsAt,
  to: new Date(session.startsAt.getTime() + SESSION_MS),
});

/**
 * Cancels one session the caller holds locked and may cancel: the row stays (cancelled_at, cancelled_by), its
 * credits come back through the ledger, the audit log has it. Its e-mail is the caller's to write (one per
 * session, or one for a whole series).
 */
export async function cancelLocked(
  tx: DbOrTx,
  ctx: ActingContext,
  session: { id: string; userId: string | null; creditsCharged: number; branchId: string; startsAt: Date },
) {
  const { actor, now } = ctx;
  await markCancelled(tx, session.id, actor.id, now);
  // The freed room goes to the hour's waitlist, in this transaction (design §7).
  await offerFreedRooms(tx, ctx, freedBy(session));
  // Back to the lots they came from; what belonged to a lot whose day passed expires at once (design §15).
  const refund = session.userId
    ? await refundSessionCredits(tx, {
        userId: session.userId,
        sessionId: session.id,
        amount: session.creditsCharged,
        reason: 'booking_refund',
        referenceId: session.id,
        actorId: actor.id,
        note: 'Sesión cancelada',
        now,
      })
    : null;
  const refunded = refund ? session.creditsCharged - refund.expired : 0;
  const balance = refund?.balance ?? null;
  const detail = (await findSessionDetail(tx, session.id))!;
  await recordAudit(tx, ctx, [
    {
      action: 'session.cancel',
      entity: 'session',
      entityId: session.id,
      label: `${detail.holderName} · ${detail.roomName} · ${detail.branchName} · ${businessDate(detail.startsAt)} ${businessTime(detail.startsAt)}`,
      before: { status: 'active' },
      after: { status: 'cancelled', refunded },
    },
  ]);
  return { refunded, balance, detail };
}

/**
 * POST /api/sessions/:id/reschedule (design §7): cancel + book in one transaction. The session's row lock decides
 * between two moves (or a move and a cancel) of it; the new slot is judged like any booking and the room and
 * client-hour unique indexes decide its races; the difference in cost goes through the ledger (reason
 * `reschedule`). The new session continues the calendar event (same UID, next SEQUENCE) and its series.
 */
export async function rescheduleSession(
  ctx: ActingContext,
  { id, slot, key }: { id: string; slot: Slot; key?: string },
): Promise<TRescheduleSessionResponse> {
  const { db, actor, now, notify } = ctx;
  try {
    const moved = await db.transaction(async (tx) => {
      const old = await findSessionForUpdate(tx, id);
      if (!old || old.isCourtesy || (actor.role !== 'superadmin' && old.userId !== actor.id)) {
        throw new AppError('not-found', m.sessionNotFound);
      }
      // A client's session moved by staff: both branches must be the staff member's to work at (issue 45).
      if (old.userId !== actor.id) {
        assertMayWorkAt(actor, old.branchId);
        assertMayWorkAt(actor, slot.branchId);
      }
      if (old.cancelledAt) {
        throw new AppError('aborted', (await findSuccessor(tx, id)) ? m.alreadyMoved : m.alreadyCancelled);
      }
      if (!canCancelSession(old, actor, now)) {
        const timing = sessionTiming(old.startsAt, now);
        throw new AppError(
          'aborted',
          timing === 'past' ? m.alreadyStarted : withReception(m.tooLateToMove, await businessContact(tx)),
        );
      }
      const person = (await lockAccount(tx, old.userId!))!;
      const day = await loadSlot(tx, slot);
      if (!day) throw new AppError('not-found', locationMessages.branchNotFound);
      const check = checkSlot({ now }, day, slot);
      if (!check.ok) {
        const same =
          check.reason === 'busy' &&
          old.roomId === slot.roomId &&
          old.startsAt.getTime() === businessInstant(slot.date, slot.hour).getTime();
        throw same ? new AppError('aborted', m.sameSlot, { hour: m.sameSlot }) : slotRefusal(check.reason);
      }

      await markCancelled(tx, id, actor.id, now);
      const sequence = old.calendarSequence + 1;
      const { id: newId } = await insertSession(tx, {
        userId: person.id,
        roomId: slot.roomId,
        branchId: day.id,
        cityId: day.cityId,
        startsAt: check.startsAt,
        creditsCharged: day.sessionCost,
        isCourtesy: false,
        courtesyName: null,
        bookedBy: actor.id,
        idempotencyKey: key ?? null,
        seriesId: old.seriesId,
        rescheduledFrom: id,
        calendarUid: old.calendarUid ?? old.id,
        calendarSequence: sequence,
      });
      await endWaitlistOnBooking(tx, person.id, [check.startsAt], now);
      // The credits the old session held go with the new one, from the same lots.
      await moveSessionCredits(tx, id, newId);
      // The old hour's room goes to its waitlist, now that the new session holds its own.
      await offerFreedRooms(tx, ctx, freedBy(old));
      const difference = day.sessionCost - old.creditsCharged;
      const change = {
        userId: person.id,
        reason: 'reschedule' as const,
        referenceId: newId,
        actorId: actor.id,
        note: `Cambio de sesión a ${slot.date} ${slot.hour}`,
      };
      let balance = person.credits;
      if (difference > 0) {
        const after = await chargeCredits(tx, { ...change, amount: difference, sessionId: newId, now });
        if (after === null) throw creditsRefusal(difference);
        balance = after;
      } else if (difference < 0) {
        const back = await refundSessionCredits(tx, {
          ...change,
          sessionId: newId,
          amount: -difference,
          now,
        });
        balance = back.balance;
      }
      const before = (await findSessionDetail(tx, id))!;
      const facts: SessionFacts = {
        id: newId,
        startsAt: check.startsAt,
        cityName: day.cityName,
        branchName: day.name,
        branchAddress: day.address,
        roomName: day.rooms[0]!.name,
        holderName: person.name,
        email: person.email,
        bookedByName: actor.name,
        userId: person.id,
        calendarUid: old.calendarUid ?? old.id,
        calendarSequence: sequence,
      };
      const queued = await notify.sessionRescheduled(tx, { before, after: facts });
      await recordAudit(tx, ctx, [
        {
          action: 'session.reschedule',
          entity: 'session',
          entityId: newId,
          label: `${person.name} · ${day.name} · ${slot.date} ${slot.hour}`,
          before: {
            when: `${businessDate(old.startsAt)} ${businessTime(old.startsAt)}`,
            room: before.roomName,
          },
          after: { when: `${slot.date} ${slot.hour}`, room: facts.roomName },
        },
      ]);
      return {
        session: toDetail(facts, day.sessionCost, false),
        previousId: id,
        difference,
        balance,
        queued,
        touched: [
          { branchId: old.branchId, date: businessDate(old.startsAt) },
          { branchId: day.id, date: slot.date },
        ],
      };
    });
    for (const { branchId, date } of moved.touched) availabilityChanged(db, branchId, [date]);
    const { queued, touched: _touched, ...answer } = moved;
    const mailDelivery = await notify.sendNow(queued);
    return { ...answer, mailDelivery, mailWarning: mailDelivery === 'delayed' };
  } catch (error) {
    if (key) {
      const earlier = await findSessionOfKey(db, actor.id, key);
      if (earlier) {
        const successor = await findSuccessor(db, id);
        if (successor?.id !== earlier.facts.id) throw new AppError('aborted', m.keyReused);
        const { facts } = earlier;
        const balance = earlier.balance ?? 0;
        const previous = (await findSessionDetail(db, id))!;
        const mailDelivery = await notify.sessionBookedDelivery(db, facts);
        return {
          session: toDetail(facts, facts.creditsCharged, false),
          previousId: id,
          difference: facts.creditsCharged - previous.creditsCharged,
          balance,
          mailDelivery,
          mailWarning: mailDelivery === 'delayed',
        };
      }
    }
    if (isUniqueViolation(error, 'room_sessions_room_starts_at_active_key')) throw slotRefusal('busy');
    if (isUniqueViolation(error, 'room_sessions_user_starts_at_active_key')) {
      const message = actor.role === 'superadmin' ? m.clientSameTime : m.sameTime;
      throw new AppError('aborted', message, { hour: message });
    }
    throw error;
  }
}

/** A client's own sessions, newest or oldest first, with what it may still do about each. */
export async function listSessionsOf(
  { db, actor, now }: ActingContext,
  query: TMySessionsQuery,
): Promise<TPage<TMySession>> {
  const rows = await listSessionsOfUser(db, actor.id, query);
  const expired = await expiredOnCancel(db, cancellable(rows), now);
  return toPage(rows, query, (row) => toMySession(row, actor, now, expired));
}

/** The active sessions of a page (a cancel could still give their credits back). */
const cancellable = (rows: { id: string; cancelledAt: Date | null }[]) =>
  rows.filter((row) => !row.cancelledAt).map((row) => row.id);

/**
 * A client's sessions as the staff see them (the client's account page, issue 22): what the staff member may do
 * about each (the super admin cancels any future session; an admin none).
 */
export async function sessionsOfClient(
  { db, actor, now }: ActingContext,
  { userId, query }: { userId: string; query: TMySessionsQuery },
): Promise<TPage<TMySession>> {
  const rows = await listSessionsOfUser(db, userId, query);
  const expired = await expiredOnCancel(db, cancellable(rows), now);
  return toPage(rows, query, (row) => ({
    ...toMySession(row, actor, now, expired),
    canCancel: !row.cancelledAt && canCancelSession({ startsAt: row.startsAt, userId }, actor, now),
  }));
}

type MySessionRow = Awaited<ReturnType<typeof listSessionsOfUser>>[number];
function toMySession(
  row: Omit<MySessionRow, 'total'>,
  actor: ActingContext['actor'],
  now: Date,
  expired: Map<string, number>,
): TMySession {
  return {
    id: row.id,
    cityId: row.cityId,
    cityName: row.cityName,
    branchId: row.branchId,
    branchName: row.branchName,
    roomId: row.roomId,
    roomName: row.roomName,
    creditsCharged: row.creditsCharged,
    seriesId: row.seriesId,
    startsAt: row.startsAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    timing: sessionTiming(row.startsAt, now),
    canCancel: !row.cancelledAt && canCancelSession({ startsAt: row.startsAt, userId: actor.id }, actor, now),
    expiredCredits: expired.get(row.id) ?? 0,
  };
}

/** GET /api/me/sessions/:id: one of the client's own sessions (the one it moves in /reserva?cambiar=). */
export async function mySession(
  { db, actor, now }: ActingContext,
  { id }: { id: string },
): Promise<TMySession> {
  const [row] = await listSessionsOfUser(db, actor.id, { page: 1, pageSize: 1, dir: 'asc', id });
  if (!row) throw new AppError('not-found', m.sessionNotFound);
  return toMySession(row, actor, now, await expiredOnCancel(db, cancellable([row]), now));
}

/** The `.ics` of one of the client's own sessions (CANCEL once it is cancelled), for "Agregar al calendario". */
export async function calendarOf(
  { db, actor, notify }: ActingContext,
  { id }: { id: string },
): Promise<string> {
  const row = await findSessionDetail(db, id);
  if (!row || row.userId !== actor.id) throw new AppError('not-found', m.sessionNotFound);
  return notify.calendarFile(row, row.cancelledAt ? 'CANCEL' : 'REQUEST');
}

/** Reservaciones and Historial de reservaciones: one day's sessions (a page). */
export async function listStaffSessionsPage(
  { db, now, actor }: ActingContext,
  query: TStaffSessionsQuery,
): Promise<TPage<TStaffSession>> {
  // "Solo su sucursal" (issue 45): another branch is refused; every branch means its own (none, if its branch
  // was deleted: refused too).
  if (query.branchId) assertMayWorkAt(actor, query.branchId);
  else if (actor.branchOnly && !actor.homeBranchId) assertMayWorkAt(actor, '');
  const branchId = query.branchId ?? (actor.branchOnly ? (actor.homeBranchId ?? undefined) : undefined);
  const { from, to } = dayRange(query.date);
  const rows = await listStaffSessions(db, {
    ...query,
    branchId,
    from,
    to,
    includeCancelled: query.includeCancelled === 'true',
  });
  return toPage(rows, query, (row) => ({
    ...row,
    startsAt: row.startsAt.toISOString(),
    hour: businessTime(row.startsAt),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    timing: sessionTiming(row.startsAt, now),
  }));
}

/** What a receptionist looks at first: a branch's active rooms × the day's hours, each free, booked or blocked. */
export async function dayGrid(
  { db, now, actor }: ActingContext,
  query: TDayGridQuery,
): Promise<TDayGridResponse> {
  assertMayWorkAt(actor, query.branchId);
  const { from, to } = dayRange(query.date);
  const [day, sessions, waitlist] = await Promise.all([
    loadBranchDay(db, query.branchId, query.date),
    activeSessionsBetween(db, { branchId: query.branchId, from, to }),
    waitlistLengths(db, query.branchId, from, to, now),
  ]);
  if (!day) throw new AppError('not-found', locationMessages.branchNotFound);
  const hours = hoursOn(day.schedule, query.date);
  const dayBlocked = day.dayBlocks.some((block) => block.hour === null);
  const blockedHours = new Set(day.dayBlocks.map((block) => block.hour));
  const rooms = day.rooms.filter((room) => room.isActive).sort((a, b) => a.position - b.position);
  const booked = new Map(sessions.map((s) => [`${s.roomId}|${s.startsAt.getTime()}`, s]));
  const roomBlocked = new Set(day.roomBlocks.map((b) => `${b.roomId}|${b.startsAt.getTime()}`));
  const cells = rooms.flatMap((room) =>
    hours.map((hour) => {
      const at = businessInstant(query.date, hour);
      const key = `${room.id}|${at.getTime()}`;
      const session = booked.get(key);
      const state = gridCellState({
        booked: session !== undefined,
        blocked: dayBlocked || blockedHours.has(hour) || roomBlocked.has(key),
        past: at.getTime() <= now.getTime(),
      });
      return {
        roomId: room.id,
        hour,
        state,
        sessionId: session?.id ?? null,
        label: session?.holderName ?? null,
        isCourtesy: session?.isCourtesy ?? false,
        inSeries: Boolean(session?.seriesId),
      };
    }),
  );
  return {
    date: query.date,
    branchId: query.branchId,
    hours,
    dayBlocked,
    rooms: rooms.map(({ id, name, position }) => ({ id, name, position })),
    cells,
    waitlist,
  };
}

/** A room with any session in its history is kept (deactivated instead of deleted). */
export function roomHasSessions(db: DbOrTx, roomId: string): Promise<boolean> {
  return roomHasAnySession(db, roomId);
}

/** Active sessions still ahead tie a room to its branch. */
export function roomHasSessionsAhead(db: DbOrTx, roomId: string, now: Date): Promise<boolean> {
  return roomHasActiveSessionAfter(db, roomId, now);
}

/** The active sessions a period of a branch (or of one room) holds, with the client to call. */
export async function activeSessionsInPeriod(
  db: DbOrTx,
  options: { branchId: string; from: Date; to: Date; roomId?: string },
) {
  const rows = await activeSessionsBetween(db, options);
  return rows.map((row) => ({
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    hour: businessTime(row.startsAt),
    roomName: row.roomName,
    clientName: row.holderName,
    phone: row.isCourtesy ? null : row.phone,
    isCourtesy: row.isCourtesy,
  }));
}

/** For the privacy module: every session of a client (the data it takes home). */
export function allSessionsOf(db: DbOrTx, userId: string) {
  return allSessionsOfUser(db, userId);
}

/** For the privacy module: a client's sessions still to come (an account with one cannot be closed). */
export function upcomingSessionsOf(db: DbOrTx, userId: string, now: Date) {
  return upcomingSessionsOfUser(db, userId, now);
}
