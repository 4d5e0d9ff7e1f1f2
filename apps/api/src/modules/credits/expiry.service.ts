import {
  EXPIRY_WARNING_DAYS,
  EXPIRY_WARNING_HOUR,
  warningDue,
} from '@sala/shared/credits/credit-lots.schedule';
import { addDays, businessDate, businessTime } from '@sala/shared/time/business-time';
import type { JobContext } from '../../context';
import type { CreditExpiryFacts } from '../../ports/notify';
import {
  accountsToWarn,
  accountsWithDueLots,
  claimExpiryRun,
  finishExpiryRun,
  markWarned,
  renewExpiryRun,
  warningCandidates,
} from './credits.repository';
import { expireAccounts } from './credits.service';

/** How long a run may hold the day before another process may take it over (renewed after every batch). */
const LEASE_MS = 5 * 60_000;

/**
 * The nightly expiry (issue 44, design §15): from 00:00 Mexico City, the first process to ask takes the day's run
 * (a database lease) and expires every lot whose last day has passed, a batch of accounts per transaction, one ledger
 * row per lot (reason `expired`). The others find the day taken or done. Null when this process did not run it.
 */
export async function runCreditExpiry(
  ctx: Pick<JobContext, 'db' | 'now'>,
  { holder, batchSize = 100 }: { holder: string; batchSize?: number },
): Promise<{ lots: number; credits: number } | null> {
  const day = businessDate(ctx.now);
  if (!(await claimExpiryRun(ctx.db, day, holder, ctx.now, LEASE_MS))) return null;
  const total = { lots: 0, credits: 0 };
  for (;;) {
    const accounts = await accountsWithDueLots(ctx.db, day, batchSize);
    if (accounts.length === 0) break;
    const done = await ctx.db.transaction((tx) => expireAccounts(tx, accounts, ctx.now));
    total.lots += done.lots;
    total.credits += done.credits;
    // Lost to a process that took over an expired lease: it finishes the day.
    if (!(await renewExpiryRun(ctx.db, day, holder, new Date(ctx.now.getTime() + LEASE_MS), total)))
      return total;
  }
  await finishExpiryRun(ctx.db, day, holder, ctx.now, total);
  return total;
}

const FIRST_STEP = Math.max(...EXPIRY_WARNING_DAYS);
const LAST_STEP = Math.min(...EXPIRY_WARNING_DAYS);

/**
 * The warnings before credits expire (issue 44): from 09:00 Mexico City, each lot holding credits is warned 7 days
 * and 1 day before its last day, once each (a lot bought within a step's window skips it). Each lot is marked at the
 * step it is in, under its row lock (SKIP LOCKED), in the transaction that writes its messages: two processes never
 * warn twice. Answers how many warnings were queued.
 */
export async function queueExpiryWarnings(ctx: JobContext, { batchSize = 100 } = {}): Promise<number> {
  if (businessTime(ctx.now) < EXPIRY_WARNING_HOUR) return 0;
  const today = businessDate(ctx.now);
  const window = {
    today,
    lastStepFrom: addDays(today, LAST_STEP),
    horizon: addDays(today, FIRST_STEP),
    lastStep: LAST_STEP,
    firstStep: FIRST_STEP,
  };
  let queued = 0;
  for (;;) {
    const handled = await ctx.db.transaction(async (tx) => {
      const lots = await warningCandidates(tx, window, batchSize);
      if (lots.length === 0) return 0;
      const steps = lots.map((lot) => ({
        lotId: lot.id,
        expiresOn: lot.expiresOn!,
        days: lot.expiresOn! <= window.lastStepFrom ? LAST_STEP : FIRST_STEP,
      }));
      await markWarned(tx, steps);
      const due = lots.filter(
        (lot, index) =>
          warningDue({ expiresOn: lot.expiresOn!, createdOn: businessDate(lot.createdAt) }, today) ===
          steps[index]!.days,
      );
      const people = await accountsToWarn(tx, [...new Set(due.map((lot) => lot.userId))]);
      const warnings: CreditExpiryFacts[] = due.flatMap((lot) => {
        const person = people.get(lot.userId);
        if (!person) return [];
        return [
          {
            userId: lot.userId,
            name: person.name,
            email: person.email,
            lotId: lot.id,
            credits: lot.remaining,
            expiresOn: lot.expiresOn!,
            days: lot.expiresOn! <= window.lastStepFrom ? LAST_STEP : FIRST_STEP,
          },
        ];
      });
      if (warnings.length > 0) await ctx.notify.creditsExpiring(tx, warnings);
      queued += warnings.length;
      return lots.length;
    });
    if (handled < batchSize) return queued;
  }
}
