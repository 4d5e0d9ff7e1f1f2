import type { DbOrTx } from '@sala/db/client';
import { authSessions, loginThrottles, passwordResetTokens, trustedDevices } from '@sala/db/schema/auth';
import { users } from '@sala/db/schema/users';
import { and, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../lib/prepared';
import { lockDelayMs, type ThrottleRule } from './login-throttle';

export function createSession(
  db: DbOrTx,
  session: {
    tokenHash: string;
    userId: string;
    persistent: boolean;
    expiresAt: Date;
    userAgent?: string;
    ip?: string;
  },
) {
  return db.insert(authSessions).values(session);
}

/** Every signed-in request asks this: prepared once per database handle. */
const sessionLookup = preparedPerDatabase((db: DbOrTx) =>
  db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.tokenHash, sql.placeholder('tokenHash')),
        gt(authSessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .prepare('auth_session_lookup'),
);

/** The session and its user in one query (a read of users); expired sessions never match. */
export function findSessionWithUser(db: DbOrTx, tokenHash: string, now: Date) {
  return sessionLookup(db)
    .execute({ tokenHash, now: now.toISOString() })
    .then((rows) => rows[0]);
}

export function touchSession(db: DbOrTx, tokenHash: string, now: Date, expiresAt: Date) {
  return db
    .update(authSessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(eq(authSessions.tokenHash, tokenHash));
}

export function deleteSession(db: DbOrTx, tokenHash: string) {
  return db.delete(authSessions).where(eq(authSessions.tokenHash, tokenHash));
}

export function deleteUserSessions(db: DbOrTx, userId: string) {
  return db.delete(authSessions).where(eq(authSessions.userId, userId));
}

export function createResetToken(db: DbOrTx, token: { tokenHash: string; userId: string; expiresAt: Date }) {
  return db.insert(passwordResetTokens).values(token);
}

const openResetToken = (tokenHash: string, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );

/** Whether a reset token is open (unused, unexpired): a cheap read before the password is hashed. */
export function isResetTokenOpen(db: DbOrTx, tokenHash: string, now: Date) {
  return db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(openResetToken(tokenHash, now))
    .then((rows) => rows.length > 0);
}

/** Marks the token used and returns its user, only if it was unused and unexpired (single use under races). */
export function consumeResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  return db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(openResetToken(tokenHash, now))
    .returning({ userId: passwordResetTokens.userId })
    .then((rows) => rows[0]);
}

/**
 * Ends every reset link of a user that is still open: a new link voids the older ones, a used one every other,
 * and a changed e-mail those sent to the old address.
 */
export function revokeResetTokens(db: DbOrTx, userId: string, now: Date) {
  return db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** The lock a count sets, in SQL, as lockDelayMs computes it (login-throttle.ts). */
const lockAfter = (count: SQL, rule: ThrottleRule, now: Date) =>
  sql`case when ${count} >= ${rule.free} then ${now.toISOString()}::timestamptz + least(${rule.baseDelayMs}::float8 * power(2, least(${count} - ${rule.free}, 30)), ${rule.maxDelayMs}::float8) * interval '1 millisecond' else null end`;

/**
 * Counts one login attempt against a throttle key in one statement, unless the key is locked: then nothing
 * changes and the lock's end comes back. A count whose last failure is older than the rule's quiet period starts
 * again at 1. The lock the new count earns is written by the same statement, so parallel attempts cannot slip
 * past it.
 */
export async function reserveAttempt(
  db: DbOrTx,
  key: string,
  rule: ThrottleRule,
  now: Date,
): Promise<{ ok: true } | { ok: false; lockedUntil: Date }> {
  const forgetBefore = new Date(now.getTime() - rule.forgetAfterMs).toISOString();
  const count = sql`(case when ${loginThrottles.lastFailureAt} < ${forgetBefore}::timestamptz then 1 else ${loginThrottles.failures} + 1 end)`;
  const first = lockDelayMs(rule, 1);
  const [row] = await db
    .insert(loginThrottles)
    .values({
      key,
      failures: 1,
      lastFailureAt: now,
      lockedUntil: first > 0 ? new Date(now.getTime() + first) : null,
    })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: { failures: count, lastFailureAt: now, lockedUntil: lockAfter(count, rule, now) },
      setWhere: or(isNull(loginThrottles.lockedUntil), lte(loginThrottles.lockedUntil, now)),
    })
    .returning({ key: loginThrottles.key });
  if (row) return { ok: true };
  const [locked] = await db
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.key, key));
  return { ok: false, lockedUntil: locked?.lockedUntil ?? now };
}

/** A successful login forgets the failures of keys only the right password could clear (account, pair). */
export async function clearThrottles(db: DbOrTx, keys: string[]) {
  if (keys.length > 0) await db.delete(loginThrottles).where(inArray(loginThrottles.key, keys));
}

/**
 * A successful login takes its own count back from a key others share (an address), and lifts the lock that
 * count may have set.
 */
export async function undoAttempt(db: DbOrTx, key: string, rule: ThrottleRule) {
  const count = sql`greatest(${loginThrottles.failures} - 1, 0)`;
  await db
    .update(loginThrottles)
    .set({
      failures: count,
      lockedUntil: sql`case when ${count} >= ${rule.free} then ${loginThrottles.lockedUntil} else null end`,
    })
    .where(eq(loginThrottles.key, key));
}

export function deleteStaleThrottles(db: DbOrTx, before: Date) {
  return db.delete(loginThrottles).where(lt(loginThrottles.lastFailureAt, before));
}

export function createTrustedDevice(
  db: DbOrTx,
  device: { tokenHash: string; userId: string; expiresAt: Date },
) {
  return db.insert(trustedDevices).values(device).onConflictDoNothing();
}

export function findTrustedDevice(db: DbOrTx, tokenHash: string, now: Date) {
  return db
    .select({ userId: trustedDevices.userId })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.tokenHash, tokenHash), gt(trustedDevices.expiresAt, now)))
    .then((rows) => rows[0]);
}

export function deleteExpiredDevices(db: DbOrTx, now: Date) {
  return db.delete(trustedDevices).where(lt(trustedDevices.expiresAt, now));
}

/** A person's open login sessions, as kept (the data it takes home): when, from where, with which browser. */
export function loginSessionsOfUser(db: DbOrTx, userId: string) {
  return db
    .select({
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
      expiresAt: authSessions.expiresAt,
      persistent: authSessions.persistent,
      ip: authSessions.ip,
      userAgent: authSessions.userAgent,
    })
    .from(authSessions)
    .where(eq(authSessions.userId, userId))
    .orderBy(authSessions.createdAt);
}
