import type { DbOrTx } from '@sala/db/client';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { hashToken, newToken } from '../../lib/tokens';
import { toSessionUser } from '../users/user-views';
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  findSessionWithUser,
  loginSessionsOfUser,
  revokeResetTokens,
  touchSession,
} from './auth.repository';

export const PERSISTENT_LOGIN_MS = 30 * 24 * 3_600_000;
/** A browser-session login lasts while it is used: 12 hours after the last request. */
export const BROWSER_LOGIN_IDLE_MS = 12 * 3_600_000;
const TOUCH_EVERY_MS = 5 * 60_000;

/** Opens a login session; the token goes to the cookie, only its hash to the database. */
export async function openLogin(
  db: DbOrTx,
  options: { userId: string; persistent: boolean; userAgent?: string; ip: string; now: Date },
): Promise<string> {
  const token = newToken();
  await createSession(db, {
    tokenHash: hashToken(token),
    userId: options.userId,
    persistent: options.persistent,
    expiresAt: new Date(
      options.now.getTime() + (options.persistent ? PERSISTENT_LOGIN_MS : BROWSER_LOGIN_IDLE_MS),
    ),
    userAgent: options.userAgent?.slice(0, 300),
    ip: options.ip,
  });
  return token;
}

/** What a session cookie stands for: its active user, a login ended by deactivating the account, or nothing. */
export type ResolvedLogin =
  | { user: TSessionUser; tokenHash: string }
  | { ended: 'account-disabled'; tokenHash: string }
  | null;

/**
 * The active user behind a session cookie, or null (unknown or expired). The login of a deactivated account is
 * refused like no login, but said as such (`ended`), so the person learns why once; see endEndedSession. A
 * browser-session login is extended while it is used.
 */
export async function resolveLogin(db: DbOrTx, token: string, now: Date): Promise<ResolvedLogin> {
  const tokenHash = hashToken(token);
  const found = await findSessionWithUser(db, tokenHash, now);
  if (!found) return null;
  if (!found.user.isActive) return { ended: 'account-disabled', tokenHash };
  if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const expiresAt = found.session.persistent
      ? found.session.expiresAt
      : new Date(now.getTime() + BROWSER_LOGIN_IDLE_MS);
    await touchSession(db, tokenHash, now, expiresAt);
  }
  return { user: toSessionUser(found.user), tokenHash };
}

export async function closeLogin(db: DbOrTx, tokenHash: string) {
  await deleteSession(db, tokenHash);
}

/**
 * Changing the password, or reactivating an account, ends every login of that user at once. (Deactivating keeps
 * the rows: resolveLogin refuses them from that moment, and the first look at the session says why and ends
 * it. A reactivated account starts over, so no login outlives a deactivation.)
 */
export async function endLoginsOf(db: DbOrTx, userId: string) {
  await deleteUserSessions(db, userId);
}

/**
 * A changed e-mail (the login) ends every login of that user and voids the reset links sent to the old address.
 * Trusted browsers stay: they keep nobody signed in, they only spare the owner the login throttle.
 */
export async function endAccessAfterEmailChange(db: DbOrTx, userId: string, now: Date) {
  await deleteUserSessions(db, userId);
  await revokeResetTokens(db, userId, now);
}

/** For the privacy module: the person's open login sessions (when, from which address and browser). */
export function loginsOf(db: DbOrTx, userId: string) {
  return loginSessionsOfUser(db, userId);
}
