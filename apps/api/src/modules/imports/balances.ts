import type { Tx } from '@sala/db/client';
import { grantCredits, takeBackCredits } from '../credits/credits.service';

/**
 * A later run of an import for an account it made before: its balance moves by what the file changed since the
 * last run (`last`), through the ledger (reason `import`), so what the client did here in between stands. A
 * balance that went down in the file takes back at most what the account holds (never below 0).
 */
export async function reconcileImportedBalance(
  tx: Tx,
  change: { userId: string; target: number; last: number; note: string; now: Date },
): Promise<{ delta: number; short: number }> {
  const delta = change.target - change.last;
  if (delta === 0) return { delta: 0, short: 0 };
  if (delta > 0) {
    // Imported balances never expire (design §15).
    await grantCredits(tx, {
      userId: change.userId,
      reason: 'import',
      source: 'import',
      note: change.note,
      lots: [{ credits: delta, expiresOn: null }],
      now: change.now,
    });
    return { delta, short: 0 };
  }
  const { taken, short } = await takeBackCredits(tx, {
    userId: change.userId,
    amount: -delta,
    reason: 'import',
    note: change.note,
    now: change.now,
  });
  return { delta: -taken, short };
}
