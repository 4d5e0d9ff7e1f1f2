import type { DbOrTx } from '@sala/db/client';
import { type CreditReason, creditLedger } from '@sala/db/schema/ledger';
import { users } from '@sala/db/schema/users';
import { eq, sql } from 'drizzle-orm';

export type CreditChange = {
  userId: string;
  delta: number;
  reason: CreditReason;
  actorId?: string | null;
  referenceId?: string | null;
  note?: string | null;
};

/**
 * The only way credits move: one UPDATE (the CHECK constraint refuses a negative balance, and the row lock
 * serialises concurrent changes) and one ledger row, in the caller's transaction.
 */
export async function applyCreditChange(tx: DbOrTx, change: CreditChange): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${change.delta}`, updatedAt: new Date() })
    .where(eq(users.id, change.userId))
    .returning({ credits: users.credits });
  if (!row) throw new Error(`user ${change.userId} not found for a credit change`);
  await tx.insert(creditLedger).values({
    userId: change.userId,
    delta: change.delta,
    balanceAfter: row.credits,
    reason: change.reason,
    actorId: change.actorId ?? null,
    referenceId: change.referenceId ?? null,
    note: change.note ?? null,
  });
  return row.credits;
}
