import type { DbOrTx } from '@sala/db/client';
import type { CreditReason } from '@sala/db/schema/ledger';
import { changeBalance } from './credits.repository';

export type CreditChange = {
  userId: string;
  delta: number;
  reason: CreditReason;
  actorId?: string | null;
  referenceId?: string | null;
  note?: string | null;
};

/**
 * The only way credits move: the balance and one ledger row, in the caller's transaction, so users.credits
 * always equals the sum of the ledger. A change that would leave a negative balance fails on the CHECK
 * constraint (callers that can fall short check first, under the row lock, for a friendly message).
 */
export async function applyCreditChange(tx: DbOrTx, change: CreditChange): Promise<number> {
  const balance = await changeBalance(tx, {
    userId: change.userId,
    delta: change.delta,
    reason: change.reason,
    actorId: change.actorId ?? null,
    referenceId: change.referenceId ?? null,
    note: change.note ?? null,
  });
  if (balance === undefined) throw new Error(`user ${change.userId} not found for a credit change`);
  return balance;
}

/**
 * A charge that the balance must cover: the account's row lock (taken by the UPDATE) decides between concurrent
 * charges, so a client with one credit who books ten times at once pays once. Returns the new balance, or null
 * when the balance does not cover the amount (nothing moved).
 */
export async function chargeCredits(
  tx: DbOrTx,
  charge: Omit<CreditChange, 'delta'> & { amount: number },
): Promise<number | null> {
  const balance = await changeBalance(tx, {
    userId: charge.userId,
    delta: -charge.amount,
    reason: charge.reason,
    actorId: charge.actorId ?? null,
    referenceId: charge.referenceId ?? null,
    note: charge.note ?? null,
    onlyIfCovered: true,
  });
  return balance ?? null;
}
