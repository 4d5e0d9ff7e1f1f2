/**
 * Login throttling (docs/decisions/006). Failures are counted per scope; once a scope's free allowance is used,
 * every further attempt must wait, and each failure doubles the wait up to the scope's ceiling. A quiet period
 * (`forgetAfterMs` since the last failure) starts the count again.
 *
 * - `pair`: one account from one address — the tight limit that stops guessing from one place.
 * - `account`: one account from anywhere — slower, against guessing spread over many addresses.
 * - `address`: every account from one address — loose, since a clinic's staff may share one address.
 * - `device`: a browser where this account has logged in before. Such attempts are counted only here, so an
 *   attacker elsewhere (even at the same address) never locks the owner out.
 */
export type ThrottleScope = 'pair' | 'account' | 'address' | 'device';

export type ThrottleRule = { free: number; baseDelayMs: number; maxDelayMs: number; forgetAfterMs: number };

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const THROTTLE_RULES: Record<ThrottleScope, ThrottleRule> = {
  pair: { free: 5, baseDelayMs: 30 * SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: 15 * MINUTE },
  account: { free: 20, baseDelayMs: MINUTE, maxDelayMs: HOUR, forgetAfterMs: HOUR },
  address: { free: 100, baseDelayMs: MINUTE, maxDelayMs: HOUR, forgetAfterMs: HOUR },
  device: { free: 10, baseDelayMs: 30 * SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: 15 * MINUTE },
};

/**
 * A throttle row older than this (since its last failure) counts for nothing: its count is forgotten and any lock
 * it set has ended. The purge job deletes such rows.
 */
export const THROTTLE_STALE_AFTER_MS = Math.max(
  ...Object.values(THROTTLE_RULES).flatMap((rule) => [rule.forgetAfterMs, rule.maxDelayMs]),
);

/** The wait after the n-th failure of a scope: none within the allowance, then base, 2×base, 4×base … ≤ max. */
export function lockDelayMs(rule: ThrottleRule, failures: number): number {
  if (failures < rule.free) return 0;
  const doublings = Math.min(failures - rule.free, 30);
  return Math.min(rule.baseDelayMs * 2 ** doublings, rule.maxDelayMs);
}

/** The scopes one attempt is counted in, by key. */
export function throttleKeys(attempt: {
  email: string;
  ip: string;
  trustedDevice: string | null;
}): { scope: ThrottleScope; key: string }[] {
  const email = attempt.email.trim().toLowerCase();
  if (attempt.trustedDevice) return [{ scope: 'device', key: `device:${attempt.trustedDevice}:${email}` }];
  return [
    { scope: 'pair', key: `pair:${email}|${attempt.ip}` },
    { scope: 'account', key: `account:${email}` },
    { scope: 'address', key: `address:${attempt.ip}` },
  ];
}

/** Seconds to tell the client (Retry-After), rounded up, at least 1. */
export const retryAfterSeconds = (lockedUntil: Date, now: Date) =>
  Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / SECOND));

/** 'Espera 30 segundos', 'Espera 2 minutos', 'Espera 1 hora' — the wait in the refusal, in Spanish. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} ${hours === 1 ? 'hora' : 'horas'}`;
}
