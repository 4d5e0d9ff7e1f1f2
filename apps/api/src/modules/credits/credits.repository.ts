import type { DbOrTx } from '@sala/db/client';
import { type CreditReason, creditLedger } from '@sala/db/schema/ledger';
import { users } from '@sala/db/schema/users';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';

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
  },
): Promise<number | undefined> {
  const rows = await tx.execute<{ balance_after: number }>(sql`
    with moved as (
      update ${users} set "credits" = "credits" + ${change.delta}, "updated_at" = now()
      where "id" = ${change.userId}
      returning "credits"
    )
    insert into ${creditLedger} ("id", "user_id", "delta", "balance_after", "reason", "actor_id", "reference_id", "note")
    select ${uuidv7()}, ${change.userId}, ${change.delta}, moved."credits", ${change.reason}, ${change.actorId},
      ${change.referenceId}, ${change.note}
    from moved
    returning "balance_after"`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: { balance_after: number }[] }).rows;
  return list[0]?.balance_after;
}
