import type { DbOrTx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import { type CreditReason, creditLedger } from '@sala/db/schema/ledger';
import { users } from '@sala/db/schema/users';
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { containsPattern, offsetOf } from '../../lib/paging';
import { rowsOf } from '../../lib/sql-rows';

/**
 * One statement moves the balance and writes its ledger row (the balance column of users belongs to this module,
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
    /** Only if the balance covers the change (a charge): otherwise nothing moves and undefined comes back. */
    onlyIfCovered?: boolean;
  },
): Promise<number | undefined> {
  const covered = change.onlyIfCovered ? sql` and "credits" + ${change.delta} >= 0` : sql``;
  const [row] = rowsOf<{ balance_after: number }>(
    await tx.execute(sql`
    with moved as (
      update ${users} set "credits" = "credits" + ${change.delta}, "updated_at" = now()
      where "id" = ${change.userId}${covered}
      returning "credits"
    )
    insert into ${creditLedger} ("id", "user_id", "delta", "balance_after", "reason", "actor_id", "reference_id", "note")
    select ${newId()}, ${change.userId}, ${change.delta}, moved."credits", ${change.reason}, ${change.actorId},
      ${change.referenceId}, ${change.note}
    from moved
    returning "balance_after"`),
  );
  return row?.balance_after;
}

/** The balance of an account, locked until the transaction ends (a take-back decides on what it reads). */
export function lockBalance(tx: DbOrTx, userId: string): Promise<number | undefined> {
  return tx
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .then((rows) => rows[0]?.credits);
}

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
