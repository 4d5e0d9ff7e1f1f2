import type { DbOrTx } from '@sala/db/client';
import type { CreditReason } from '@sala/db/schema/ledger';
import type { TPage } from '@sala/shared/table/table.contract';
import type { TLedgerEntry, TLedgerQuery, TLedgerReason } from '@sala/shared/users/client-account.contract';
import { toPage } from '../../lib/paging';
import { changeBalance, ledgerPageOf, ledgerRowsOf, lockBalance } from './credits.repository';

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

/**
 * Takes back up to `amount` credits (a cancelled order), never below 0: what the client already spent stays spent,
 * and the ledger row's note says how much could not be taken back. Under the account's row lock.
 */
export async function takeBackCredits(
  tx: DbOrTx,
  change: Omit<CreditChange, 'delta' | 'note'> & { amount: number; note: string },
): Promise<{ taken: number; short: number; balance: number }> {
  const credits = await lockBalance(tx, change.userId);
  if (credits === undefined) throw new Error(`user ${change.userId} not found for a credit change`);
  const taken = Math.min(change.amount, credits);
  const short = change.amount - taken;
  const balance = await applyCreditChange(tx, {
    ...change,
    delta: -taken,
    note: short > 0 ? `${change.note}; ${short} ya usados, no se pudieron descontar` : change.note,
  });
  return { taken, short, balance };
}

/**
 * A closed account's credits end through the ledger (reason `account_closed`), so Σ ledger = balance still holds:
 * the whole balance, under the account's row lock. Answers how many were closed.
 */
export async function closeAllCredits(
  tx: DbOrTx,
  change: { userId: string; actorId: string | null; referenceId: string | null },
): Promise<number> {
  const credits = await lockBalance(tx, change.userId);
  if (credits === undefined) throw new Error(`user ${change.userId} not found for a credit change`);
  if (credits > 0) {
    await applyCreditChange(tx, {
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
