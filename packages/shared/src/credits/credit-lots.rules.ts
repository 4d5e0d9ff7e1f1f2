import { formatCredits } from '../format/credits';
import { calendarDateNames } from '../format/dates';

/**
 * Credits with an expiry (issue 44, design §15). Credits bought become a lot: how many, how many are left, and the
 * last day they can be used (YYYY-MM-DD in Mexico City; null: never expire). A booking spends the lots that expire
 * first; a refund goes back to the lot it came from; a lot whose day passed is expired by the nightly job at 00:00
 * Mexico City (ledger reason `expired`), and what returns to it afterwards expires at once.
 */

/** The longest validity a product may carry: ten years. */
export const MAX_VALIDITY_DAYS = 3650;

/** Whether a lot's credits can still be spent on `today` (its last day included). */
export const isLotLive = (lot: { expiresOn: string | null }, today: string) =>
  lot.expiresOn === null || lot.expiresOn >= today;

type SpendableLot = { id: string; remaining: number; expiresOn: string | null; createdAt: Date | string };

/** The order lots are spent in: the soonest last day first, never-expiring lots last, then the oldest. */
export function spendOrder(a: SpendableLot, b: SpendableLot): number {
  if (a.expiresOn !== b.expiresOn) {
    if (a.expiresOn === null) return 1;
    if (b.expiresOn === null) return -1;
    return a.expiresOn < b.expiresOn ? -1 : 1;
  }
  const at = (value: Date | string) => (typeof value === 'string' ? Date.parse(value) : value.getTime());
  return at(a.createdAt) - at(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export type LotShare = { lotId: string; credits: number };

/**
 * Which lots pay `amount` credits on `today`: live lots, soonest expiry first. Null when the live lots do not cover it
 * (nothing is spent then).
 */
export function planSpend(lots: readonly SpendableLot[], amount: number, today: string): LotShare[] | null {
  if (amount <= 0) return [];
  const shares: LotShare[] = [];
  let left = amount;
  for (const lot of [...lots].filter((l) => l.remaining > 0 && isLotLive(l, today)).sort(spendOrder)) {
    const credits = Math.min(lot.remaining, left);
    shares.push({ lotId: lot.id, credits });
    left -= credits;
    if (left === 0) return shares;
  }
  return null;
}

type HeldShare = { lotId: string; credits: number; expiresOn: string | null };

/**
 * Where `amount` refunded credits of a session go: back to the lots the session took them from, the latest expiry
 * first (a partial refund keeps the longest-lived credits). What the session never took from a lot (a session booked
 * before lots existed) is the rest, `unheld`.
 */
export function planReturn(
  held: readonly HeldShare[],
  amount: number,
): { shares: LotShare[]; unheld: number } {
  const shares: LotShare[] = [];
  let left = amount;
  const latestFirst = [...held].sort((a, b) => {
    if (a.expiresOn === b.expiresOn) return 0;
    if (a.expiresOn === null) return -1;
    if (b.expiresOn === null) return 1;
    return a.expiresOn > b.expiresOn ? -1 : 1;
  });
  for (const share of latestFirst) {
    if (left === 0) break;
    const credits = Math.min(share.credits, left);
    if (credits > 0) shares.push({ lotId: share.lotId, credits });
    left -= credits;
  }
  return { shares, unheld: left };
}

/** '12 de enero' (the year only when it is not `today`'s). */
export function formatExpiryDay(date: string, today?: string): string {
  const { day, month, year } = calendarDateNames(date);
  return today && today.slice(0, 4) === date.slice(0, 4)
    ? `${day} de ${month}`
    : `${day} de ${month} de ${year}`;
}

/** '3 créditos vencen el 12 de enero', '1 crédito vence el 12 de enero'. */
export function lotExpiryLine(lot: { remaining: number; expiresOn: string }, today?: string): string {
  return `${formatCredits(lot.remaining)} ${lot.remaining === 1 ? 'vence' : 'vencen'} el ${formatExpiryDay(lot.expiresOn, today)}`;
}

/**
 * What a booking's summary says about the credits it uses: 'Usa 1 crédito que vence el 12 de enero' or, across lots,
 * 'Usa 1 crédito que vence el 12 de enero y 1 sin vencimiento'. Null when the lots do not cover the cost.
 */
export function spendSummary(
  lots: readonly (SpendableLot & { expiresOn: string | null })[],
  amount: number,
  today: string,
): string | null {
  const plan = planSpend(lots, amount, today);
  if (!plan || plan.length === 0) return null;
  const byId = new Map(lots.map((lot) => [lot.id, lot]));
  // Shares of lots with the same last day read as one.
  const days: { expiresOn: string | null; credits: number }[] = [];
  for (const share of plan) {
    const expiresOn = byId.get(share.lotId)!.expiresOn;
    const same = days.find((d) => d.expiresOn === expiresOn);
    if (same) same.credits += share.credits;
    else days.push({ expiresOn, credits: share.credits });
  }
  const parts = days.map(({ expiresOn, credits }, index) => {
    const count = index === 0 ? formatCredits(credits) : String(credits);
    if (expiresOn === null) return `${count} sin vencimiento`;
    return `${count} que ${credits === 1 ? 'vence' : 'vencen'} el ${formatExpiryDay(expiresOn, today)}`;
  });
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;
  return `Usa ${list}.`;
}
