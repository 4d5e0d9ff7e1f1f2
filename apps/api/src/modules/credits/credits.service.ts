import type { DbOrTx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import type { CreditReason } from '@sala/db/schema/ledger';
import type { TCreditLotSource } from '@sala/shared/credits/credit-lots.contract';
import { creditLotMessages as lm } from '@sala/shared/credits/credit-lots.messages';
import {
  formatExpiryDay,
  isLotLive,
  type LotShare,
  planReturn,
  planSpend,
} from '@sala/shared/credits/credit-lots.rules';
import type { TPage } from '@sala/shared/table/table.contract';
import { businessDate } from '@sala/shared/time/business-time';
import type { TLedgerEntry, TLedgerQuery, TLedgerReason } from '@sala/shared/users/client-account.contract';
import { toPage } from '../../lib/paging';
import {
  changeBalance,
  emptyLotsOf,
  expireLotsOf,
  hasLotsOf,
  heldBySession,
  heldBySessions,
  insertLots,
  type LotRow,
  ledgerPageOf,
  ledgerRowsOf,
  lockAccounts,
  lockBalance,
  lotsWithCredits,
  moveHoldings,
  releaseFromSession,
} from './credits.repository';

export type CreditChange = {
  userId: string;
  reason: CreditReason;
  actorId?: string | null;
  referenceId?: string | null;
  note?: string | null;
};

/** A lot a grant makes: its credits and last day (null: never expire). */
export type LotGrant = { credits: number; expiresOn: string | null };

/**
 * One ledger row for a change of the (locked) account's balance, with the lots it moves and what a session holds of
 * them, in one statement; answers the new balance.
 */
async function move(
  tx: DbOrTx,
  change: CreditChange & {
    delta: number;
    lots?: { lotId: string; delta: number }[];
    hold?: { sessionId: string; shares: LotShare[] };
    grant?: {
      source: TCreditLotSource;
      createdAt: Date;
      lots: { id: string; credits: number; expiresOn: string | null }[];
    };
  },
): Promise<number> {
  const balance = await changeBalance(tx, {
    userId: change.userId,
    delta: change.delta,
    reason: change.reason,
    actorId: change.actorId ?? null,
    referenceId: change.referenceId ?? null,
    note: change.note ?? null,
    lots: change.lots,
    hold: change.hold,
    grant: change.grant,
  });
  if (balance === undefined) throw new Error(`user ${change.userId} not found for a credit change`);
  return balance;
}

/**
 * Every change of an account's credits starts here: its row lock, held to the end of the transaction, is what
 * serialises two changes of one account (a booking and the expiry job, two bookings at once), lots included.
 */
async function lockCredits(tx: DbOrTx, userId: string): Promise<number> {
  const credits = await lockBalance(tx, userId);
  if (credits === undefined) throw new Error(`user ${userId} not found for a credit change`);
  return credits;
}

/**
 * Expires what is left of the (locked) account's lots whose last day is before today: one ledger row per lot
 * (reason `expired`, its reference the lot). Answers how many credits expired.
 */
async function expireDue(tx: DbOrTx, userId: string, now: Date): Promise<number> {
  return (await expireDueLots(tx, userId, now)).credits;
}

/** expireDue, counting lots too (the nightly job's report). */
async function expireDueLots(
  tx: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ lots: number; credits: number }> {
  const lots = await expireLotsOf(tx, userId, businessDate(now), now);
  lots.sort((a, b) =>
    a.expires_on < b.expires_on ? -1 : a.expires_on > b.expires_on ? 1 : a.id < b.id ? -1 : 1,
  );
  let expired = 0;
  for (const lot of lots) {
    await move(tx, {
      userId,
      delta: -lot.expired,
      reason: 'expired',
      referenceId: lot.id,
      note: `${lm.expiredNote} (vencían el ${formatExpiryDay(lot.expires_on)})`,
    });
    expired += lot.expired;
  }
  return { lots: lots.length, credits: expired };
}

/**
 * The nightly job's batch: these accounts, locked in one order (never a deadlock between two batches), have their
 * lots whose day passed expired. Answers how many lots and credits expired.
 */
export async function expireAccounts(
  tx: DbOrTx,
  userIds: string[],
  now: Date,
): Promise<{ lots: number; credits: number }> {
  await lockAccounts(tx, userIds);
  const total = { lots: 0, credits: 0 };
  for (const userId of userIds) {
    const done = await expireDueLots(tx, userId, now);
    total.lots += done.lots;
    total.credits += done.credits;
  }
  return total;
}

/** The account's balance once the lots whose day passed expired (locked until the transaction ends). */
export async function settleExpiredCredits(tx: DbOrTx, userId: string, now: Date): Promise<number> {
  await lockCredits(tx, userId);
  const lots = await liveLots(tx, userId, now);
  return lots.reduce((sum, lot) => sum + lot.remaining, 0);
}

/**
 * The (locked) account's lots holding credits, once those whose day passed are expired: a read, and the expiry only
 * when one of them is due (the night's job expires nearly all of them first).
 */
async function liveLots(tx: DbOrTx, userId: string, now: Date): Promise<LotRow[]> {
  const lots = await lotsWithCredits(tx, userId);
  const today = businessDate(now);
  if (lots.every((lot) => isLotLive(lot, today))) return lots;
  await expireDue(tx, userId, now);
  return lots.filter((lot) => isLotLive(lot, today));
}

/**
 * Credits given to an account (a purchase, a sale at the counter, an adjustment, an import): one ledger row, and a
 * lot per distinct last day, written with the balance in one statement whose UPDATE takes the account's row lock
 * (issue 46: a sale or a payment sent three statements for it). Answers the new balance.
 */
export async function grantCredits(
  tx: DbOrTx,
  change: CreditChange & { source: TCreditLotSource; lots: LotGrant[]; now: Date },
): Promise<number> {
  const lots = mergeGrants(change.lots);
  const total = lots.reduce((sum, lot) => sum + lot.credits, 0);
  if (total === 0) return lockCredits(tx, change.userId);
  const { lots: _grants, source, now, ...movement } = change;
  return move(tx, {
    ...movement,
    delta: total,
    grant: {
      source,
      // The grant's instant by the request's clock: the warnings judge whether the lot existed before their window.
      createdAt: now,
      lots: lots.map((lot) => ({ id: newId(), credits: lot.credits, expiresOn: lot.expiresOn })),
    },
  });
}

/** Grants of the same last day make one lot. */
function mergeGrants(grants: LotGrant[]): LotGrant[] {
  const merged = new Map<string | null, number>();
  for (const { credits, expiresOn } of grants)
    if (credits > 0) merged.set(expiresOn, (merged.get(expiresOn) ?? 0) + credits);
  return [...merged].map(([expiresOn, credits]) => ({ expiresOn, credits }));
}

/**
 * A charge that the account's live lots must cover, taken from the lots that expire first (design §15): the
 * account's row lock decides between concurrent charges, so a client with one credit who books ten times at once
 * pays once. A session's charge is recorded against it, lot by lot, so its cancellation gives them back to the same
 * lots. Lots whose day passed are expired first. Returns the new balance, or null when the live lots do not cover
 * the amount (nothing moved).
 */
export async function chargeCredits(
  tx: DbOrTx,
  charge: CreditChange & { amount: number; now: Date; sessionId?: string },
): Promise<number | null> {
  await lockCredits(tx, charge.userId);
  const lots = await liveLots(tx, charge.userId, charge.now);
  const plan = planSpend(lots, charge.amount, businessDate(charge.now));
  if (!plan) return null;
  return move(tx, {
    ...charge,
    delta: -charge.amount,
    lots: plan.map(({ lotId, credits }) => ({ lotId, delta: -credits })),
    hold: charge.sessionId ? { sessionId: charge.sessionId, shares: plan } : undefined,
  });
}

/**
 * Several sessions' charges for one account (a standing slot's dates), all or none: one lock and one read of the
 * lots, each session paid in turn by the lots that expire first, then a ledger row per session with the lots it takes
 * (one statement each). Returns the final balance, or null when the live lots do not cover them all (nothing moved).
 */
export async function chargeSessions(
  tx: DbOrTx,
  charge: {
    userId: string;
    actorId: string | null;
    now: Date;
    sessions: { sessionId: string; amount: number; note: string }[];
  },
): Promise<number | null> {
  await lockCredits(tx, charge.userId);
  const left = (await liveLots(tx, charge.userId, charge.now)).map((lot) => ({ ...lot }));
  const today = businessDate(charge.now);
  const plans: LotShare[][] = [];
  for (const session of charge.sessions) {
    const plan = planSpend(left, session.amount, today);
    if (!plan) return null;
    for (const share of plan) left.find((lot) => lot.id === share.lotId)!.remaining -= share.credits;
    plans.push(plan);
  }
  let balance: number | null = null;
  for (const [index, session] of charge.sessions.entries()) {
    const plan = plans[index]!;
    balance = await move(tx, {
      userId: charge.userId,
      reason: 'booking',
      actorId: charge.actorId,
      referenceId: session.sessionId,
      note: session.note,
      delta: -session.amount,
      lots: plan.map(({ lotId, credits }) => ({ lotId, delta: -credits })),
      hold: { sessionId: session.sessionId, shares: plan },
    });
  }
  return balance;
}

/**
 * A cancelled (or cheaper rescheduled) session's credits come back to the lots it took them from, the latest expiry
 * first; credits of a lot whose day has passed expire again at once (ledger rows `booking_refund` then `expired`:
 * design §15, "expired lots stay expired"). A session that holds no lot (booked before lots existed) gives back into
 * a lot that never expires. Returns the new balance and how many of the credits expired.
 */
export async function refundSessionCredits(
  tx: DbOrTx,
  refund: CreditChange & { sessionId: string; amount: number; now: Date },
): Promise<{ balance: number; expired: number }> {
  const before = await lockCredits(tx, refund.userId);
  if (refund.amount <= 0) return { balance: before, expired: 0 };
  const held = await heldBySession(tx, refund.sessionId);
  const { shares, unheld } = planReturn(held, refund.amount);
  await releaseFromSession(tx, refund.sessionId, held, shares);
  if (unheld > 0)
    await insertLots(tx, [
      {
        id: newId(),
        userId: refund.userId,
        credits: unheld,
        remaining: unheld,
        expiresOn: null,
        source: 'booking_refund',
        referenceId: refund.sessionId,
        createdAt: refund.now,
      },
    ]);
  const balance = await move(tx, {
    ...refund,
    delta: refund.amount,
    lots: shares.map(({ lotId, credits }) => ({ lotId, delta: credits })),
  });
  // Credits back in a lot whose day passed expire at once (only then is the expiry run).
  const today = businessDate(refund.now);
  const late = shares.some((share) => !isLotLive(held.find((h) => h.lotId === share.lotId)!, today));
  const expired = late ? await expireDue(tx, refund.userId, refund.now) : 0;
  return { balance: balance - expired, expired };
}

/**
 * Of these sessions, how many credits each holds from lots whose last day passed (what its cancel would not give
 * back for use): only sessions that hold any such credit are in the map.
 */
export async function expiredOnCancel(
  db: DbOrTx,
  sessionIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  const today = businessDate(now);
  const held = await heldBySessions(db, sessionIds);
  const expired = new Map<string, number>();
  for (const share of held) {
    if (isLotLive(share, today)) continue;
    expired.set(share.sessionId, (expired.get(share.sessionId) ?? 0) + share.credits);
  }
  return expired;
}

/** A rescheduled session's credits go with it: the new session holds what the old one held, from the same lots. */
export function moveSessionCredits(tx: DbOrTx, fromSessionId: string, toSessionId: string) {
  return moveHoldings(tx, fromSessionId, toSessionId);
}

/**
 * Takes back up to `amount` credits (a cancelled order, a lower imported balance), never below 0: what the client
 * already spent stays spent, and the ledger row's note says how much could not be taken back. An order's credits
 * come back from its own lots only (what expired or was used stays so); credits with no lot of their own (an
 * import's, an order from before lots existed) from the lots that expire first.
 */
export async function takeBackCredits(
  tx: DbOrTx,
  change: CreditChange & { amount: number; note: string; now: Date; fromLotsOf?: string },
): Promise<{ taken: number; short: number; balance: number }> {
  await lockCredits(tx, change.userId);
  const lots = await liveLots(tx, change.userId, change.now);
  const own = change.fromLotsOf ? await hasLotsOf(tx, change.fromLotsOf) : false;
  const pool = own ? lots.filter((lot) => lot.referenceId === change.fromLotsOf) : lots;
  const today = businessDate(change.now);
  const available = pool.reduce((sum, lot) => sum + (isLotLive(lot, today) ? lot.remaining : 0), 0);
  const taken = Math.min(change.amount, available);
  const plan = planSpend(pool, taken, today) ?? [];
  const short = change.amount - taken;
  const balance = await move(tx, {
    ...change,
    delta: -taken,
    lots: plan.map(({ lotId, credits }) => ({ lotId, delta: -credits })),
    note: short > 0 ? `${change.note}; ${short} ya usados, no se pudieron descontar` : change.note,
  });
  return { taken, short, balance };
}

/**
 * A closed account's credits end through the ledger (reason `account_closed`), so Σ ledger = balance still holds:
 * the whole balance and every lot, under the account's row lock. Answers how many were closed.
 */
export async function closeAllCredits(
  tx: DbOrTx,
  change: { userId: string; actorId: string | null; referenceId: string | null },
): Promise<number> {
  const credits = await lockCredits(tx, change.userId);
  if (credits > 0) {
    await emptyLotsOf(tx, change.userId);
    await move(tx, {
      ...change,
      delta: -credits,
      reason: 'account_closed',
      note: 'Cuenta eliminada: los créditos quedan cancelados',
    });
  }
  return credits;
}

/** One account's movements, oldest first. */
export function ledgerOf(db: DbOrTx, userId: string) {
  return ledgerRowsOf(db, userId);
}

/** What a ledger row belongs to, by its reason: an order, a session, or nothing (an adjustment). */
function referenceOf(reason: TLedgerReason, id: string | null): TLedgerEntry['reference'] {
  if (!id) return null;
  if (reason === 'purchase' || reason === 'pos' || reason === 'order_cancel') return { kind: 'order', id };
  if (reason === 'booking' || reason === 'booking_refund' || reason === 'reschedule')
    return { kind: 'session', id };
  return null;
}

/** GET /api/users/:id/ledger — one account's movements, a page at a time, with who made each one. */
export async function ledgerPage(
  db: DbOrTx,
  userId: string,
  query: TLedgerQuery,
): Promise<TPage<TLedgerEntry>> {
  const rows = await ledgerPageOf(db, userId, query);
  return toPage(rows, query, ({ referenceId, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    reference: referenceOf(row.reason, referenceId),
  }));
}
