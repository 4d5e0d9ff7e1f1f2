import type { DbOrTx } from '@sala/db/client';
import { type CreditReason, creditLedger } from '@sala/db/schema/ledger';
import { users } from '@sala/db/schema/users';
import { eq, sql } from 'drizzle-orm';

/**
 * The balance column of users belongs to this module (with the ledger): one UPDATE, whose row lock serialises
 * concurrent changes and whose CHECK refuses a negative balance. Returns the new balance, or undefined.
 */
export function addToBalance(tx: DbOrTx, userId: string, delta: number) {
  return tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ credits: users.credits })
    .then((rows) => rows[0]?.credits);
}

export function insertLedgerRow(
  tx: DbOrTx,
  row: {
    userId: string;
    delta: number;
    balanceAfter: number;
    reason: CreditReason;
    actorId: string | null;
    referenceId: string | null;
    note: string | null;
  },
) {
  return tx.insert(creditLedger).values(row);
}
