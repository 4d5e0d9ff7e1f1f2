import type { DbOrTx } from '@sala/db/client';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { TOpenLogin } from '@sala/shared/auth/staff-security.contract';
import { staffSecurityMessages as m } from '@sala/shared/auth/staff-security.messages';
import { userMessages } from '@sala/shared/users/users.messages';
import Bowser from 'bowser';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { toSessionUser } from '../users/user-views';
import { findAccount } from '../users/users.service';
import {
  createSession,
  deleteLoginById,
  deleteLoginsExcept,
  deleteSession,
  deleteUserSessions,
  findSessionWithUser,
  loginSessionsOfUser,
  openLoginsOf,
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
    // The request's clock, as every rule of the request reads it (the list of open logins shows them).
    createdAt: options.now,
    lastSeenAt: options.now,
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

// ——— Issue 45: the open logins, as their owner (and a super admin) sees and ends them ———

/** 'Chrome 131' and 'Windows 10' from a user agent; an unreadable one says so. */
export function describeUserAgent(userAgent: string | null): { browser: string; system: string } {
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  const major = parsed?.browser.version?.split('.')[0];
  const browser = parsed?.browser.name
    ? `${parsed.browser.name}${major ? ` ${major}` : ''}`
    : 'Navegador desconocido';
  const os = parsed?.os;
  const system = os?.name
    ? `${os.name}${os.versionName ? ` ${os.versionName}` : os.version ? ` ${os.version}` : ''}`
    : 'Sistema desconocido';
  return { browser, system };
}

/** GET /api/me/logins and GET /api/users/:id/logins: the account's open logins, the asking browser's marked. */
export async function listOpenLogins(
  db: DbOrTx,
  userId: string,
  now: Date,
  currentTokenHash: string | null,
): Promise<TOpenLogin[]> {
  const rows = await openLoginsOf(db, userId, now);
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    persistent: row.persistent,
    current: row.tokenHash === currentTokenHash,
  }));
}

/** Logins ended by hand, in the log: how many, by whom, of whose account. */
function auditEnded(tx: DbOrTx, ctx: ActingContext, user: { id: string; name: string }, ended: number) {
  return recordAudit(tx, ctx, [
    {
      action: 'login.end',
      entity: 'user',
      entityId: user.id,
      label: user.name,
      before: { openLogins: ended },
      after: { openLogins: 0 },
    },
  ]);
}

/** DELETE /api/me/logins/:id: one of the person's other logins ends; that browser is out at its next request. */
export async function endOwnLogin(
  ctx: ActingContext,
  { id, currentTokenHash }: { id: string; currentTokenHash: string | null },
) {
  const { db, actor } = ctx;
  const current = (await openLoginsOf(db, actor.id, ctx.now)).find((row) => row.id === id);
  if (!current) throw new AppError('not-found', m.loginNotFound);
  if (current.tokenHash === currentTokenHash) throw new AppError('invalid-argument', m.currentLogin);
  await db.transaction(async (tx) => {
    if ((await deleteLoginById(tx, actor.id, id)) === 0) throw new AppError('not-found', m.loginNotFound);
    await auditEnded(tx, ctx, actor, 1);
  });
}

/** POST /api/me/logins/end-others: "Cerrar sesión en todos los demás". */
export async function endOtherLogins(
  ctx: ActingContext,
  { currentTokenHash }: { currentTokenHash: string | null },
) {
  return ctx.db.transaction(async (tx) => {
    const ended = await deleteLoginsExcept(tx, ctx.actor.id, currentTokenHash);
    if (ended > 0) await auditEnded(tx, ctx, ctx.actor, ended);
    return { ended };
  });
}

/** POST /api/users/:id/logins/end (super admin): every login of the user ends. */
export async function endLoginsOfUser(ctx: ActingContext, { userId }: { userId: string }) {
  const user = await findAccount(ctx.db, userId);
  if (!user) throw new AppError('not-found', userMessages.notFound);
  return ctx.db.transaction(async (tx) => {
    const ended = await deleteLoginsExcept(tx, user.id, null);
    if (ended > 0) await auditEnded(tx, ctx, user, ended);
    return { ended };
  });
}

/** GET /api/users/:id/logins (super admin). */
export async function openLoginsOfUser(ctx: ActingContext, { userId }: { userId: string }) {
  const user = await findAccount(ctx.db, userId);
  if (!user) throw new AppError('not-found', userMessages.notFound);
  return listOpenLogins(ctx.db, user.id, ctx.now, null);
}
