/** How long an outbox (e-mail, WhatsApp) waits before trying a message again. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Waits after the 1st, 2nd, … failed attempt: about 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h. After the last
 * one a message has had 8 attempts over about 45 hours and is marked failed (a super admin can retry it).
 */
export const DEFAULT_RETRY_DELAYS_MS = [
  MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  6 * HOUR,
  12 * HOUR,
  24 * HOUR,
] as const;

/**
 * When a message whose `attempts`-th attempt just failed is tried again, or null when it has had them all. An
 * attempt beyond the schedule (a super admin's Reintentar of a failed message) is the last one.
 */
export function nextAttemptAfterFailure(
  attempts: number,
  now: Date,
  delaysMs: readonly number[] = DEFAULT_RETRY_DELAYS_MS,
): Date | null {
  const delay = delaysMs[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/** The error of an attempt as stored and shown: the server's answer, one line, bounded. */
export function describeSendError(error: unknown): string {
  const raw =
    error instanceof Error
      ? // nodemailer's `response` is the server's own line ('550 5.1.1 …'); otherwise the socket's error.
        ((error as { response?: string }).response ?? error.message)
      : String(error);
  const line = raw.replace(/\s+/g, ' ').trim() || 'Error desconocido';
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
}

/**
 * Whether an attempt failed because no server answered (refused connection, timeout, a broken socket) rather than
 * the server refusing this message: only the former is over once another message goes through.
 */
export function isServerUnreachable(error: unknown): boolean {
  return typeof (error as { responseCode?: unknown } | null)?.responseCode !== 'number';
}
