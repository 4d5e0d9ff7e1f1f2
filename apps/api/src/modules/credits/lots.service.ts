import type { DbOrTx } from '@sala/db/client';
import type { TCreditLot, TMyCreditLotsResponse } from '@sala/shared/credits/credit-lots.contract';
import { creditLotMessages as m } from '@sala/shared/credits/credit-lots.messages';
import { isLotLive, spendOrder } from '@sala/shared/credits/credit-lots.rules';
import { businessDate } from '@sala/shared/time/business-time';
import { AppError } from '../../lib/app-error';
import { findLot, lotsOf, setLotExpiry } from './credits.repository';

type LotRow = Awaited<ReturnType<typeof lotsOf>>[number];

/**
 * A lot as people see it on `today`: a lot whose day passed reads expired even before the night's job expired it
 * (its credits cannot be spent any more), with what it had left counted as expired.
 */
function toLot(row: LotRow, today: string): TCreditLot {
  const live = isLotLive(row, today);
  const remaining = live ? row.remaining : 0;
  const expired = row.expired + (live ? 0 : row.remaining);
  return {
    id: row.id,
    credits: row.credits,
    remaining,
    expiresOn: row.expiresOn,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    expired,
    status: remaining > 0 ? 'live' : expired > 0 || !live ? 'expired' : 'spent',
  };
}

/** GET /api/me/credit-lots — the lots that still hold credits, in the order a booking spends them. */
export async function myLots(db: DbOrTx, userId: string, now: Date): Promise<TMyCreditLotsResponse> {
  const today = businessDate(now);
  const rows = await lotsOf(db, userId, { onlyWithCredits: true });
  const lots = rows
    .filter((row) => isLotLive(row, today))
    .sort(spendOrder)
    .map((row) => toLot(row, today));
  return { today, lots };
}

/** Every lot of a client (staff): the live ones first, in spending order, then the rest, newest first. */
export async function clientLots(db: DbOrTx, userId: string, now: Date): Promise<TMyCreditLotsResponse> {
  const today = businessDate(now);
  const rows = await lotsOf(db, userId);
  const live = rows.filter((row) => row.remaining > 0 && isLotLive(row, today)).sort(spendOrder);
  const rest = rows.filter((row) => !(row.remaining > 0 && isLotLive(row, today)));
  return { today, lots: [...live, ...rest].map((row) => toLot(row, today)) };
}

/**
 * A live lot's last day moves later (the caller holds the account's row lock and writes the audit log). Answers
 * its day before and the lot now. A lot that expired, was used up or never expires is refused.
 */
export async function extendLot(
  tx: DbOrTx,
  now: Date,
  input: { userId: string; lotId: string; expiresOn: string },
): Promise<{ before: string; lot: TCreditLot }> {
  const today = businessDate(now);
  const row = await findLot(tx, input.userId, input.lotId);
  if (!row) throw new AppError('not-found', m.lotNotFound);
  if (row.expiresOn === null || row.remaining === 0 || !isLotLive(row, today)) {
    throw new AppError('aborted', m.lotNotLive);
  }
  if (input.expiresOn <= row.expiresOn) {
    throw new AppError('aborted', m.extendLater, { expiresOn: m.extendLater });
  }
  await setLotExpiry(tx, row.id, input.expiresOn);
  return { before: row.expiresOn, lot: toLot({ ...row, expiresOn: input.expiresOn }, today) };
}
