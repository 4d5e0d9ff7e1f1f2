import { hashPassword, isForeignHash, verifyPassword } from '@sala/db/password';
import type {
  TForgotPasswordRequest,
  TLoginRequest,
  TRegisterRequest,
  TResetPasswordRequest,
} from '@sala/shared/auth/auth.contract';
import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { privacyMessages as pm } from '@sala/shared/privacy/privacy.messages';
import type { JobContext, RequestContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { takeHit, type WindowLimit } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import { needsConsent, recordConsents } from '../legal/legal.service';
import { toSessionUser } from '../users/user-views';
import {
  createClientAccount,
  findAccountByEmail,
  lockAccount,
  setPasswordHash,
} from '../users/users.service';
import {
  clearThrottles,
  consumeResetToken,
  createResetToken,
  createTrustedDevice,
  deleteExpiredDevices,
  deleteStaleThrottles,
  findTrustedDevice,
  isResetTokenOpen,
  reserveAttempt,
  revokeResetTokens,
  undoAttempt,
} from './auth.repository';
import {
  describeWait,
  retryAfterSeconds,
  THROTTLE_RULES,
  THROTTLE_STALE_AFTER_MS,
  throttleKeys,
} from './login-throttle';
import { closeLogin, endLoginsOf, openLogin } from './logins.service';

const MINUTE = 60_000;
/**
 * What one client address may send to the public account routes, counted in fixed windows (docs/decisions/006):
 * far above what a family at home or a clinic's front desk sends, low enough that nobody can flood the outbox or
 * keep argon2id busy.
 */
const ADDRESS_LIMITS = {
  forgotPassword: { max: 5, windowMs: MINUTE },
  resetPassword: { max: 30, windowMs: 60 * MINUTE },
  // A clinic's front desk on an opening day registers many clients from one address.
  register: { max: 100, windowMs: 60 * MINUTE },
} satisfies Record<string, WindowLimit>;
const limitKeys: Record<keyof typeof ADDRESS_LIMITS, string> = {
  forgotPassword: 'reset:ip',
  resetPassword: 'reset-password:ip',
  register: 'register:ip',
};

/** 429 with the wait in words and in Retry-After. */
function tooMany(message: (wait: string) => string, until: Date, now: Date) {
  const seconds = retryAfterSeconds(until, now);
  return new AppError('resource-exhausted', message(describeWait(seconds)), undefined, {
    'retry-after': String(seconds),
  });
}

/** Counts one request of an address against the route's limit, or refuses it. */
async function limitAddress({ db, ip, now }: RequestContext, route: keyof typeof ADDRESS_LIMITS) {
  const result = await takeHit(db, `${limitKeys[route]}:${ip}`, ADDRESS_LIMITS[route], now);
  if (!result.ok) throw tooMany(m.tooManyAttempts, result.until, now);
}

export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** A browser where the account logged in stays trusted this long (docs/decisions/006). */
export const TRUSTED_DEVICE_TTL_MS = 180 * 24 * 3_600_000;

/** Self-registration: always an inactive client with no credits, whatever the request says (docs/business-rules.md §4). */
export async function register(ctx: RequestContext, input: TRegisterRequest) {
  const { db, notify } = ctx;
  await limitAddress(ctx, 'register');
  const existing = await findAccountByEmail(db, input.email);
  if (existing) throw new AppError('aborted', existing.closedAt ? pm.accountGone : m.emailTaken);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const account = await createClientAccount(tx, {
      name: input.name,
      email: input.email,
      phone: input.phone,
      passwordHash,
    });
    // The form's checkbox accepted today's notice and terms (the contract requires it).
    await recordConsents(tx, { userId: account.id, way: 'registration', at: ctx.now });
    await notify.clientRegistered(tx, { name: input.name, email: input.email, phone: input.phone });
  });
}

type LoginClient = { userAgent?: string; deviceToken?: string };

/**
 * docs/business-rules.md §8 answers ('Usuario no encontrado', 'Contraseña incorrecta', the inactive-account modal) behind the
 * throttle of docs/decisions/006: every attempt is counted before the password is checked, so parallel guesses
 * cannot slip past a lock, and the right password clears what only its owner could clear.
 */
export async function login(
  { db, ip, now }: RequestContext,
  input: TLoginRequest & { remember: boolean } & LoginClient,
) {
  const client = { ...input, ip };
  const user = await findAccountByEmail(db, input.email);
  const device = client.deviceToken ? hashToken(client.deviceToken) : null;
  const trusted = device && user && (await findTrustedDevice(db, device, now))?.userId === user.id;
  const keys = throttleKeys({ email: input.email, ip: client.ip, trustedDevice: trusted ? device : null });

  const reserved: typeof keys = [];
  for (const entry of keys) {
    const result = await reserveAttempt(db, entry.key, THROTTLE_RULES[entry.scope], now);
    if (!result.ok) {
      // A refused attempt tests nothing: take back what it counted elsewhere.
      for (const done of reserved) await undoAttempt(db, done.key, THROTTLE_RULES[done.scope]);
      throw tooMany(m.tooManyLoginAttempts, result.lockedUntil, now);
    }
    reserved.push(entry);
  }

  if (!user) throw new AppError('not-found', m.userNotFound);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('unauthenticated', m.wrongPassword);
  }
  // A password imported from the old app (docs/decisions/029) is checked once that way, then kept as ours.
  if (isForeignHash(user.passwordHash)) {
    await setPasswordHash(db, user.id, await hashPassword(input.password));
  }

  // The right password: its owner's counts go, and the shared address gets this attempt back.
  await clearThrottles(
    db,
    keys.filter((k) => k.scope !== 'address').map((k) => k.key),
  );
  for (const entry of keys.filter((k) => k.scope === 'address')) {
    await undoAttempt(db, entry.key, THROTTLE_RULES.address);
  }
  // A closed account (its owner's cancellation) is gone for good; an inactive one waits for a super admin.
  if (user.closedAt) throw new AppError('permission-denied', pm.accountGone, { account: 'closed' });
  if (!user.isActive) throw new AppError('permission-denied', m.accountDisabled, { account: 'inactive' });

  const token = await openLogin(db, {
    userId: user.id,
    persistent: input.remember,
    userAgent: client.userAgent,
    ip: client.ip,
    now,
  });
  let deviceToken: string | undefined;
  if (!trusted) {
    deviceToken = newToken();
    await createTrustedDevice(db, {
      tokenHash: hashToken(deviceToken),
      userId: user.id,
      expiresAt: new Date(now.getTime() + TRUSTED_DEVICE_TTL_MS),
    });
  }
  return { token, deviceToken, user: toSessionUser(user), consentNeeded: await needsConsent(db, user.id) };
}

export async function logout({ db }: RequestContext, { tokenHash }: { tokenHash: string | null }) {
  if (tokenHash) await closeLogin(db, tokenHash);
}

export async function requestPasswordReset(ctx: RequestContext, input: TForgotPasswordRequest) {
  const { db, now, notify } = ctx;
  await limitAddress(ctx, 'forgotPassword');
  const user = await findAccountByEmail(db, input.email);
  if (!user) throw new AppError('not-found', m.userNotFound);

  const token = newToken();
  await db.transaction(async (tx) => {
    // The account's row lock orders parallel requests: each new link voids every older one.
    await lockAccount(tx, user.id);
    await revokeResetTokens(tx, user.id, now);
    await createResetToken(tx, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    await notify.passwordResetRequested(tx, { name: user.name, email: user.email, token });
  });
}

/**
 * A reset link works once, within 30 minutes. Using it ends every other open link of the account and every open
 * session (the password they were issued under is gone). The link is checked before the new password is hashed,
 * so a bad, used or expired link costs no argon2id; it is consumed again in the transaction, so a race still
 * lets only one use through.
 */
export async function resetPassword(ctx: RequestContext, input: TResetPasswordRequest) {
  const { db, now } = ctx;
  await limitAddress(ctx, 'resetPassword');
  const tokenHash = hashToken(input.token);
  if (!(await isResetTokenOpen(db, tokenHash, now))) {
    throw new AppError('invalid-argument', m.resetInvalid);
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const consumed = await consumeResetToken(tx, tokenHash, now);
    if (!consumed) throw new AppError('invalid-argument', m.resetInvalid);
    await setPasswordHash(tx, consumed.userId, passwordHash);
    await revokeResetTokens(tx, consumed.userId, now);
    await endLoginsOf(tx, consumed.userId);
  });
}

/**
 * The purge job: login-throttle rows that count for nothing any more and trusted browsers past their time go, so
 * neither table grows with every address that ever mistyped a password.
 */
export async function purgeExpiredAccessRecords({ db, now }: Pick<JobContext, 'db' | 'now'>) {
  await deleteStaleThrottles(db, new Date(now.getTime() - THROTTLE_STALE_AFTER_MS));
  await deleteExpiredDevices(db, now);
}
