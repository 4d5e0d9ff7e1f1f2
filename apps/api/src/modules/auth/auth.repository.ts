import type { DbOrTx } from '@sala/db/client';
import {
  authSessions,
  loginChallenges,
  loginThrottles,
  passwordResetTokens,
  recoveryCodes,
  trustedDevices,
} from '@sala/db/schema/auth';
import { users } from '@sala/db/schema/users';
import { and, eq, gt, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { preparedOnce } from '../../lib/prepared';
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
    createdAt: Date;
    lastSeenAt: Date;
  },
) {
  return db.insert(authSessions).values(session);
}

/** Every signed-in request asks this. */
const sessionLookup = preparedOnce((db) =>
  db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.tokenHash, sql.placeholder('tokenHash')),
        gt(authSessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    ),
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

// ——— Issue 45: the second factor, its login step, its recovery codes and the open logins ———

export function createLoginChallenge(
  db: DbOrTx,
  challenge: { tokenHash: string; userId: string; persistent: boolean; expiresAt: Date },
) {
  return db.insert(loginChallenges).values(challenge);
}

/** A login waiting for its code, while it lasts. */
export function findLoginChallenge(db: DbOrTx, tokenHash: string, now: Date) {
  return db
    .select()
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, tokenHash), gt(loginChallenges.expiresAt, now)))
    .then((rows) => rows[0]);
}

/** Ends a login step once: of two parallel right codes, one finishes the login. */
export function consumeLoginChallenge(db: DbOrTx, tokenHash: string) {
  return db
    .delete(loginChallenges)
    .where(eq(loginChallenges.tokenHash, tokenHash))
    .returning({ userId: loginChallenges.userId })
    .then((rows) => rows[0]);
}

export function deleteExpiredChallenges(db: DbOrTx, now: Date) {
  return db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
}

export function setPendingTotpSecret(db: DbOrTx, userId: string, secret: string) {
  return db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, userId));
}

/** Puts the pending secret in force, if it is still the one the code was checked against. */
export function enableTotp(db: DbOrTx, userId: string, secret: string, step: number, now: Date) {
  return db
    .update(users)
    .set({ totpSecret: secret, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step })
    .where(and(eq(users.id, userId), eq(users.totpPendingSecret, secret), isNull(users.totpSecret)))
    .returning({ id: users.id })
    .then((rows) => rows.length > 0);
}

export function disableTotp(db: DbOrTx, userId: string) {
  return db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
}

/**
 * Takes a code's step for the account, once: only a step later than the last one accepted, in one statement, so
 * the same code (or an older one) sent twice, even in parallel, passes once.
 */
export function acceptTotpStep(db: DbOrTx, userId: string, step: number) {
  return db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id })
    .then((rows) => rows.length > 0);
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0)
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses one recovery code, once (a used code never matches again). */
export function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string, now: Date) {
  return db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id })
    .then((rows) => rows.length > 0);
}

export function countRecoveryCodesLeft(db: DbOrTx, userId: string) {
  return db
    .select({ left: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .then((rows) => rows[0]?.left ?? 0);
}

/** "Confiar en este navegador": this browser's device record skips the code until `until`. */
export function trustDeviceForSecondFactor(db: DbOrTx, tokenHash: string, userId: string, until: Date) {
  return db
    .update(trustedDevices)
    .set({ secondFactorUntil: until })
    .where(and(eq(trustedDevices.tokenHash, tokenHash), eq(trustedDevices.userId, userId)));
}

/** Whether the browser's device record spares this account the code now. */
export function isDeviceTrustedForSecondFactor(db: DbOrTx, tokenHash: string, userId: string, now: Date) {
  return db
    .select({ userId: trustedDevices.userId })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.tokenHash, tokenHash),
        eq(trustedDevices.userId, userId),
        gt(trustedDevices.secondFactorUntil, now),
        gt(trustedDevices.expiresAt, now),
      ),
    )
    .then((rows) => rows.length > 0);
}

/** A factor turned off (or replaced) trusts no browser any more. */
export function forgetSecondFactorTrust(db: DbOrTx, userId: string) {
  return db.update(trustedDevices).set({ secondFactorUntil: null }).where(eq(trustedDevices.userId, userId));
}

/** The open logins of an account, newest activity first, with the id /perfil ends them by. */
export function openLoginsOf(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({
      id: authSessions.id,
      tokenHash: authSessions.tokenHash,
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
      persistent: authSessions.persistent,
      ip: authSessions.ip,
      userAgent: authSessions.userAgent,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, now)))
    .orderBy(sql`${authSessions.lastSeenAt} desc`, authSessions.id);
}

/** Ends one login of an account by its id (never another account's). */
export function deleteLoginById(db: DbOrTx, userId: string, id: string) {
  return db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), eq(authSessions.id, id)))
    .returning({ tokenHash: authSessions.tokenHash })
    .then((rows) => rows.length);
}

/** Ends every login of an account but one (the browser that asks), or all of them. */
export function deleteLoginsExcept(db: DbOrTx, userId: string, keepTokenHash: string | null) {
  const others = keepTokenHash
    ? and(eq(authSessions.userId, userId), ne(authSessions.tokenHash, keepTokenHash))
    : eq(authSessions.userId, userId);
  return db
    .delete(authSessions)
    .where(others)
    .returning({ tokenHash: authSessions.tokenHash })
    .then((rows) => rows.length);
}
