import { addDays, businessDate, dayRange } from '@sala/shared/time/business-time';

/**
 * When a payment may still come and when reconciliation asks about it (issue 24, decision 022). Pure: the clock
 * is always given.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a started card payment may still be confirmed by the gateway (a browser that closed mid-payment). */
export const CARD_CONFIRMATION_MS = DAY;

/**
 * After an OXXO voucher expires, how long a payment made at the last minute may still be confirmed: OXXO confirms by
 * the next business day, so a voucher paid on a Friday night is confirmed on Monday.
 */
export const OXXO_CONFIRMATION_GRACE_MS = 3 * DAY;

/** After a SPEI transfer's wait ends, how long a transfer sent in time may still be matched. */
export const SPEI_CONFIRMATION_GRACE_MS = DAY;

/** How long one process holds a claimed check before another may take it (the gateway's timeout and retries). */
export const CHECK_LEASE_MS = 5 * MINUTE;

/** The waits between checks: soon after the start, then every six hours. */
const CHECK_STEPS_MS = [30 * MINUTE, 2 * HOUR, 6 * HOUR];

type Method = 'card' | 'oxxo' | 'spei';

/**
 * The end of the Mexico City day `days` days after `now` (23:59:59): OXXO's voucher expires then (Stripe's rule
 * for `expires_after_days`), and a SPEI transfer's wait with it.
 */
export function paymentExpiry(now: Date, days: number): Date {
  return new Date(dayRange(addDays(businessDate(now), days)).to.getTime() - 1000);
}

/** The card's confirmation window, or OXXO's and SPEI's expiry (when the client may still pay). */
export function payableUntil(method: Method, createdAt: Date, expiresAt: Date | null): Date {
  if (method === 'card' || !expiresAt) return new Date(createdAt.getTime() + CARD_CONFIRMATION_MS);
  return expiresAt;
}

/** After this, a payment that is not confirmed is settled as not made (cancelled at the gateway, order expired). */
export function settleDeadline(method: Method, createdAt: Date, expiresAt: Date | null): Date {
  const until = payableUntil(method, createdAt, expiresAt);
  if (method === 'oxxo') return new Date(until.getTime() + OXXO_CONFIRMATION_GRACE_MS);
  if (method === 'spei') return new Date(until.getTime() + SPEI_CONFIRMATION_GRACE_MS);
  return until;
}

/** When to ask the gateway next after `checks` checks: the next step, never past the deadline. */
export function nextCheckAt(
  payment: { method: Method; createdAt: Date; expiresAt: Date | null; checks: number },
  now: Date,
): Date {
  const step = CHECK_STEPS_MS[Math.min(payment.checks, CHECK_STEPS_MS.length - 1)]!;
  const deadline = settleDeadline(payment.method, payment.createdAt, payment.expiresAt).getTime();
  return new Date(Math.max(now.getTime() + MINUTE, Math.min(now.getTime() + step, deadline)));
}
