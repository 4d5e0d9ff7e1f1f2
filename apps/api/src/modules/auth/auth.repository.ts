import type { DbOrTx } from '@sala/db/client';
import { authSessions, passwordResetTokens, users } from '@sala/db/schema/users';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';

export function findUserByEmail(db: DbOrTx, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .then((rows) => rows[0]);
}

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

/** The session and its user in one query; expired sessions never match. */
export function findSessionWithUser(db: DbOrTx, tokenHash: string, now: Date) {
  return db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.tokenHash, tokenHash), gt(authSessions.expiresAt, now)))
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

export function deleteExpiredSessions(db: DbOrTx, now: Date) {
  return db.delete(authSessions).where(lt(authSessions.expiresAt, now));
}

export function createResetToken(db: DbOrTx, token: { tokenHash: string; userId: string; expiresAt: Date }) {
  return db.insert(passwordResetTokens).values(token);
}

/** Marks the token used and returns its user, only if it was unused and unexpired (single use under races). */
export function consumeResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  return db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId })
    .then((rows) => rows[0]);
}
