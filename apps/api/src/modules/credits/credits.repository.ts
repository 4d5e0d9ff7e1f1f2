import type { DbOrTx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import {
  type CreditReason,
  creditExpiryRuns,
  creditLedger,
  creditLots,
  sessionCredits,
} from '@sala/db/schema/ledger';
import { users } from '@sala/db/schema/users';
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { containsPattern, offsetOf } from '../../lib/paging';
import { preparedOnce, preparedSqlOnce } from '../../lib/prepared';
import { rowsOf } from '../../lib/sql-rows';

/**
 * One statement moves the balance and writes its ledger row (stamped with the statement's own instant, so the
 * movements of one transaction — a refund and the expiry that follows it — read in the order they happened) (the balance column of users belongs to this module,
 * with the ledger): the UPDATE's row lock serialises concurrent changes of one account, its CHECK refuses a
 * negative balance, and the ledger row records the balance it left. Returns the new balance, or undefined when
 * the user does not exist.
 */
export async function changeBalance(
  tx: DbOrTx,
  change: {
    userId: string;
    delta: number;
    reason: CreditReason;
    actorId: string | null;
    referenceId: string | null;
    note: string | null;
    /** The lots the change moves, each by its delta (issue 44): in the same statement. */
    lots?: { lotId: string; delta: number }[];
    /** A charge for a session: the credits it takes from each lot, recorded against it (added to what it holds). */
    hold?: { sessionId: string; shares: { lotId: string; credits: number }[] };
    /** A grant: the lots it makes, full (issue 46: in this statement, where they were one of their own). */
    grant?: {
      source: string;
      createdAt: Date;
      lots: { id: string; credits: number; expiresOn: string | null }[];
    };
  },
): Promise<number | undefined> {
  // The lots move in this one round trip with the balance and its ledger row; each step waits for `moved` (a missing
  // account moves nothing). Its UPDATE takes the account's row lock if the caller did not hold it already.
  const lots = JSON.stringify((change.lots ?? []).map(({ lotId, delta }) => ({ id: lotId, delta })));
  const held = JSON.stringify(
    (change.hold?.shares ?? []).map(({ lotId, credits }) => ({ id: lotId, credits })),
  );
  const made = JSON.stringify(
    (change.grant?.lots ?? []).map(({ id, credits, expiresOn }) => ({ id, credits, expires_on: expiresOn })),
  );
  const [row] = rowsOf<{ balance_after: number }>(
    await balanceChange(tx).execute({
      id: newId(),
      userId: change.userId,
      delta: change.delta,
      reason: change.reason,
      actorId: change.actorId,
      referenceId: change.referenceId,
      note: change.note,
      lots,
      held,
      heldBy: change.hold?.sessionId ?? null,
      made,
      source: change.grant?.source ?? null,
      madeAt: change.grant?.createdAt.toISOString() ?? null,
    }),
  );
  return row?.balance_after;
}

const p = sql.placeholder;
const balanceChange = preparedSqlOnce(sql`
  with moved as (
    update ${users} set "credits" = "credits" + ${p('delta')}::int, "updated_at" = now()
    where "id" = ${p('userId')}::uuid
    returning "credits"
  ), shifted as (
    update ${creditLots} set "remaining" = ${creditLots.remaining} + v."delta"
    from json_to_recordset(${p('lots')}::json) as v("id" uuid, "delta" int)
    where ${creditLots.id} = v."id" and exists (select 1 from moved)
    returning 1
  ), held as (
    insert into ${sessionCredits} ("session_id", "lot_id", "credits")
    select ${p('heldBy')}::uuid, v."id", v."credits"
    from json_to_recordset(${p('held')}::json) as v("id" uuid, "credits" int)
    where exists (select 1 from moved)
    on conflict ("session_id", "lot_id") do update set "credits" = ${sessionCredits.credits} + excluded."credits"
    returning 1
  ), made as (
    insert into ${creditLots} ("id", "user_id", "credits", "remaining", "expires_on", "source", "reference_id",
      "created_at")
    select v."id", ${p('userId')}::uuid, v."credits", v."credits", v."expires_on", ${p('source')}::text,
      ${p('referenceId')}::uuid, ${p('madeAt')}::timestamptz
    from json_to_recordset(${p('made')}::json) as v("id" uuid, "credits" int, "expires_on" date)
    where exists (select 1 from moved)
    returning 1
  )
  insert into ${creditLedger} ("id", "user_id", "delta", "balance_after", "reason", "actor_id", "reference_id", "note",
    "created_at")
  select ${p('id')}::uuid, ${p('userId')}::uuid, ${p('delta')}::int, moved."credits", ${p('reason')}, ${p('actorId')}::uuid,
    ${p('referenceId')}::uuid, ${p('note')}::text, clock_timestamp()
  from moved
  returning "balance_after"`);

/** The balance of an account, locked until the transaction ends (a take-back decides on what it reads). */
export function lockBalance(tx: DbOrTx, userId: string): Promise<number | undefined> {
  return lockedBalance(tx)
    .execute({ userId })
    .then((rows) => rows[0]?.credits);
}

const lockedBalance = preparedOnce((db) =>
  db
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .for('update'),
);

/** Every movement of one account, oldest first (the data a client takes home). */
export function ledgerRowsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      createdAt: creditLedger.createdAt,
      delta: creditLedger.delta,
      balanceAfter: creditLedger.balanceAfter,
      reason: creditLedger.reason,
      referenceId: creditLedger.referenceId,
      note: creditLedger.note,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(asc(creditLedger.createdAt), asc(creditLedger.id));
}

const actor = alias(users, 'actor');

/** A page of one account's movements, with who made each one. */
export function ledgerPageOf(
  db: DbOrTx,
  userId: string,
  page: { dir: 'asc' | 'desc'; page: number; pageSize: number; q?: string },
) {
  const order = page.dir === 'asc' ? asc : desc;
  return (
    db
      .select({
        id: creditLedger.id,
        createdAt: creditLedger.createdAt,
        reason: creditLedger.reason,
        delta: creditLedger.delta,
        balanceAfter: creditLedger.balanceAfter,
        actorName: actor.name,
        referenceId: creditLedger.referenceId,
        note: creditLedger.note,
        total: sql<number>`count(*) over ()::int`,
      })
      .from(creditLedger)
      .leftJoin(actor, eq(actor.id, creditLedger.actorId))
      // The table's search looks in the movement's note ('Sesión 2026-11-27 10:00', an adjustment's reason).
      .where(
        and(
          eq(creditLedger.userId, userId),
          page.q ? ilike(creditLedger.note, containsPattern(page.q)) : undefined,
        ),
      )
      .orderBy(order(creditLedger.createdAt), order(creditLedger.id))
      .limit(page.pageSize)
      .offset(offsetOf(page.page, page.pageSize))
  );
}

// ——— Lots (issue 44): every credit of a balance belongs to one; they move under the account's row lock. ———

export type LotRow = {
  id: string;
  remaining: number;
  expiresOn: string | null;
  createdAt: Date;
  referenceId: string | null;
};

const lotColumns = {
  id: creditLots.id,
  remaining: creditLots.remaining,
  expiresOn: creditLots.expiresOn,
  createdAt: creditLots.createdAt,
  referenceId: creditLots.referenceId,
};

/** The lots of an account that still hold credits (the caller holds the account's row lock). */
export function lotsWithCredits(tx: DbOrTx, userId: string): Promise<LotRow[]> {
  return lotsLeftOf(tx).execute({ userId });
}

const lotsLeftOf = preparedOnce((db) =>
  db
    .select(lotColumns)
    .from(creditLots)
    .where(and(eq(creditLots.userId, sql.placeholder('userId')), gt(creditLots.remaining, 0))),
);

export function insertLots(tx: DbOrTx, rows: (typeof creditLots.$inferInsert)[]) {
  return rows.length === 0
    ? Promise.resolve()
    : tx
        .insert(creditLots)
        .values(rows)
        .then(() => undefined);
}

/** What a session holds, lot by lot, with each lot's last day. */
export function heldBySession(tx: DbOrTx, sessionId: string) {
  return tx
    .select({ lotId: sessionCredits.lotId, credits: sessionCredits.credits, expiresOn: creditLots.expiresOn })
    .from(sessionCredits)
    .innerJoin(creditLots, eq(creditLots.id, sessionCredits.lotId))
    .where(eq(sessionCredits.sessionId, sessionId));
}

/** What several sessions hold, lot by lot (a client's sessions list: what a cancel would not give back). */
export function heldBySessions(db: DbOrTx, sessionIds: string[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      sessionId: sessionCredits.sessionId,
      lotId: sessionCredits.lotId,
      credits: sessionCredits.credits,
      expiresOn: creditLots.expiresOn,
    })
    .from(sessionCredits)
    .innerJoin(creditLots, eq(creditLots.id, sessionCredits.lotId))
    .where(inArray(sessionCredits.sessionId, sessionIds));
}

/** A session gives back these shares: a whole share leaves, a partial one shrinks. */
export async function releaseFromSession(
  tx: DbOrTx,
  sessionId: string,
  held: { lotId: string; credits: number }[],
  shares: { lotId: string; credits: number }[],
) {
  const whole: string[] = [];
  for (const share of shares) {
    const had = held.find((h) => h.lotId === share.lotId)?.credits ?? 0;
    if (share.credits >= had) whole.push(share.lotId);
    else
      await tx
        .update(sessionCredits)
        .set({ credits: sql`${sessionCredits.credits} - ${share.credits}` })
        .where(and(eq(sessionCredits.sessionId, sessionId), eq(sessionCredits.lotId, share.lotId)));
  }
  if (whole.length > 0)
    await tx
      .delete(sessionCredits)
      .where(and(eq(sessionCredits.sessionId, sessionId), inArray(sessionCredits.lotId, whole)));
}

/** A rescheduled session's credits stay with its successor. */
export async function moveHoldings(tx: DbOrTx, fromSessionId: string, toSessionId: string) {
  await tx
    .update(sessionCredits)
    .set({ sessionId: toSessionId })
    .where(eq(sessionCredits.sessionId, fromSessionId));
}

/**
 * Expires what is left of an account's lots whose last day is before `today` (the caller holds the account's row
 * lock): each lot's remaining credits become its expired ones. Answers each lot and how many it expired.
 */
export async function expireLotsOf(tx: DbOrTx, userId: string, today: string, now: Date) {
  return rowsOf<{ id: string; expired: number; expires_on: string }>(
    await tx.execute(sql`
    update ${creditLots} set "expired_credits" = ${creditLots.expiredCredits} + old."remaining", "remaining" = 0,
      "expired_at" = ${now.toISOString()}::timestamptz
    from (select "id", "remaining" from ${creditLots}
      where "user_id" = ${userId} and "remaining" > 0 and "expires_on" < ${today}::date) old
    where ${creditLots.id} = old."id"
    returning ${creditLots.id} as "id", old."remaining" as "expired", ${creditLots.expiresOn}::text as "expires_on"`),
  );
}

/** Whether a grant (an order) made lots of its own. */
export function hasLotsOf(tx: DbOrTx, referenceId: string): Promise<boolean> {
  return tx
    .select({ id: creditLots.id })
    .from(creditLots)
    .where(eq(creditLots.referenceId, referenceId))
    .limit(1)
    .then((rows) => rows.length > 0);
}

/** A closed account's lots hold nothing more. */
export async function emptyLotsOf(tx: DbOrTx, userId: string) {
  await tx
    .update(creditLots)
    .set({ remaining: 0 })
    .where(and(eq(creditLots.userId, userId), gt(creditLots.remaining, 0)));
}

/** Accounts holding credits of a lot whose last day is before `today` (the expiry job's next batch). */
export function accountsWithDueLots(db: DbOrTx, today: string, limit: number): Promise<string[]> {
  return db
    .selectDistinct({ userId: creditLots.userId })
    .from(creditLots)
    .where(and(gt(creditLots.remaining, 0), isNotNull(creditLots.expiresOn), lt(creditLots.expiresOn, today)))
    .orderBy(asc(creditLots.userId))
    .limit(limit)
    .then((rows) => rows.map((row) => row.userId));
}

/** Locks several accounts, always in the same order (no two batches deadlock on each other). */
export async function lockAccounts(tx: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return;
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(asc(users.id))
    .for('update');
}

/**
 * Takes the day's expiry run: inserts its row, or takes over one whose lease ran out unfinished. Undefined when
 * another process holds it or it is done.
 */
export async function claimExpiryRun(db: DbOrTx, day: string, holder: string, now: Date, leaseMs: number) {
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const [row] = rowsOf<{ day: string }>(
    await db.execute(sql`
    insert into ${creditExpiryRuns} ("day", "holder", "leased_until") values (${day}, ${holder}, ${until}::timestamptz)
    on conflict ("day") do update set "holder" = excluded."holder", "leased_until" = excluded."leased_until"
    where ${creditExpiryRuns.finishedAt} is null and ${creditExpiryRuns.leasedUntil} < ${now.toISOString()}::timestamptz
    returning "day"::text as "day"`),
  );
  return row?.day;
}

/** The run goes on: its lease is renewed while it holds it (false: another process took it over). */
export async function renewExpiryRun(
  db: DbOrTx,
  day: string,
  holder: string,
  until: Date,
  counts: { lots: number; credits: number },
) {
  const rows = await db
    .update(creditExpiryRuns)
    .set({ leasedUntil: until, lots: counts.lots, credits: counts.credits })
    .where(and(eq(creditExpiryRuns.day, day), eq(creditExpiryRuns.holder, holder)))
    .returning({ day: creditExpiryRuns.day });
  return rows.length > 0;
}

export async function finishExpiryRun(
  db: DbOrTx,
  day: string,
  holder: string,
  now: Date,
  counts: { lots: number; credits: number },
) {
  await db
    .update(creditExpiryRuns)
    .set({ finishedAt: now, lots: counts.lots, credits: counts.credits })
    .where(and(eq(creditExpiryRuns.day, day), eq(creditExpiryRuns.holder, holder)));
}

/** A lot as the client's and the staff's lists show it. */
const lotView = {
  id: creditLots.id,
  credits: creditLots.credits,
  remaining: creditLots.remaining,
  expiresOn: creditLots.expiresOn,
  source: creditLots.source,
  createdAt: creditLots.createdAt,
  expired: creditLots.expiredCredits,
  expiredAt: creditLots.expiredAt,
  referenceId: creditLots.referenceId,
};

/** Every lot of an account: the live ones first in spending order, then the rest, newest first. */
export function lotsOf(db: DbOrTx, userId: string, options: { onlyWithCredits?: boolean } = {}) {
  return db
    .select(lotView)
    .from(creditLots)
    .where(
      and(eq(creditLots.userId, userId), options.onlyWithCredits ? gt(creditLots.remaining, 0) : undefined),
    )
    .orderBy(desc(creditLots.createdAt), desc(creditLots.id));
}

/** One lot of an account (the caller holds the account's row lock, which guards its lots). */
export function findLot(tx: DbOrTx, userId: string, lotId: string) {
  return tx
    .select(lotView)
    .from(creditLots)
    .where(and(eq(creditLots.id, lotId), eq(creditLots.userId, userId)))
    .then((rows) => rows[0]);
}

export async function setLotExpiry(tx: DbOrTx, lotId: string, expiresOn: string) {
  await tx.update(creditLots).set({ expiresOn }).where(eq(creditLots.id, lotId));
}

/**
 * Lots a warning may be due for on `today` (their last day within the next 7 days, still holding credits, not yet
 * warned at the closest step for that day), locked SKIP LOCKED so two runs never take the same lot; with the
 * account's name and e-mail.
 */
export function warningCandidates(
  tx: DbOrTx,
  /** Today; the first day of the last step (today + its days); the farthest last day warned of (today + the first step's days). */
  window: { today: string; lastStepFrom: string; horizon: string; lastStep: number; firstStep: number },
  limit: number,
) {
  return tx
    .select({
      id: creditLots.id,
      userId: creditLots.userId,
      remaining: creditLots.remaining,
      expiresOn: creditLots.expiresOn,
      createdAt: creditLots.createdAt,
      warnedFor: creditLots.warnedFor,
      warnedDays: creditLots.warnedDays,
    })
    .from(creditLots)
    .where(
      and(
        gt(creditLots.remaining, 0),
        isNotNull(creditLots.expiresOn),
        gte(creditLots.expiresOn, window.today),
        lte(creditLots.expiresOn, window.horizon),
        // Not yet handled at the step the lot is in now (the 1-day one from the day before its last day).
        sql`(${creditLots.warnedFor} is distinct from ${creditLots.expiresOn}
          or ${creditLots.warnedDays} > case when ${creditLots.expiresOn} <= ${window.lastStepFrom}::date
            then ${window.lastStep}::int else ${window.firstStep}::int end)`,
      ),
    )
    .orderBy(asc(creditLots.expiresOn), asc(creditLots.id))
    .limit(limit)
    .for('update', { of: creditLots, skipLocked: true });
}

export async function markWarned(tx: DbOrTx, warned: { lotId: string; expiresOn: string; days: number }[]) {
  for (const { lotId, expiresOn, days } of warned)
    await tx
      .update(creditLots)
      .set({ warnedFor: expiresOn, warnedDays: days })
      .where(eq(creditLots.id, lotId));
}

/** The open accounts to warn, by id: their name and e-mail. */
export async function accountsToWarn(tx: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, { name: string; email: string }>();
  const rows = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.id, userIds), isNull(users.closedAt)));
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}
