import type { DbOrTx } from '@sala/db/client';
import { hashPassword, isForeignHash, verifyPassword } from '@sala/db/password';
import type {
  TForgotPasswordRequest,
  TLoginRequest,
  TRegisterRequest,
  TResetPasswordRequest,
} from '@sala/shared/auth/auth.contract';
import { authMessages as m } from '@sala/shared/auth/auth.messages';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { type TLoginCodeRequest, TRUSTED_BROWSER_DAYS } from '@sala/shared/auth/staff-security.contract';
import { staffSecurityMessages as sm } from '@sala/shared/auth/staff-security.messages';
import { privacyMessages as pm } from '@sala/shared/privacy/privacy.messages';
import type { JobContext, RequestContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { takeHit, type WindowLimit } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import { needsConsent, recordConsents } from '../legal/legal.service';
import { toSessionUser, type UserRow } from '../users/user-views';
import {
  createClientAccount,
  findAccount,
  findAccountByEmail,
  lockAccount,
  setPasswordHash,
} from '../users/users.service';
import {
  clearThrottles,
  consumeLoginChallenge,
  consumeResetToken,
  createLoginChallenge,
  createResetToken,
  createTrustedDevice,
  deleteExpiredChallenges,
  deleteExpiredDevices,
  deleteStaleThrottles,
  findLoginChallenge,
  findTrustedDevice,
  forgetSecondFactorTrust,
  isDeviceTrustedForSecondFactor,
  isResetTokenOpen,
  reserveAttempt,
  revokeResetTokens,
  trustDeviceForSecondFactor,
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
import { auditRecoveryUse, checkSecondFactor } from './two-factor.service';

const MINUTE = 60_000;
/**
 * What one client address may send to the public account routes, counted in fixed windows (docs/decisions/006):
 * far above what a family at home or a clinic's front desk sends, low enough that nobody can flood the outbox or
 * keep argon2id busy.
 */
const ADDRESS_LIMITS = {
  forgotPassword: { max: 5, windowMs: MINUTE },
  resetPassword: { max: 30, windowMs: 60 * MINUTE },
} satisfies Record<string, WindowLimit>;
const limitKeys: Record<keyof typeof ADDRESS_LIMITS | 'register', string> = {
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
async function limitAddress(
  { db, ip, now }: RequestContext,
  route: keyof typeof limitKeys,
  limit: WindowLimit = ADDRESS_LIMITS[route as keyof typeof ADDRESS_LIMITS],
  message: (wait: string) => string = m.tooManyAttempts,
) {
  const result = await takeHit(db, `${limitKeys[route]}:${ip}`, limit, now);
  if (!result.ok) throw tooMany(message, result.until, now);
}

export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** A browser where the account logged in stays trusted this long (docs/decisions/006). */
export const TRUSTED_DEVICE_TTL_MS = 180 * 24 * 3_600_000;

/**
 * Self-registration: always an inactive client with no credits, whatever the request says (docs/business-rules.md §4).
 * One address may register `perHour` accounts an hour (REGISTER_LIMIT_PER_HOUR, issue 45): staff register clients
 * at the counter through the point of sale, so the public form needs what a person uses, not what a script does.
 */
export async function register(
  ctx: RequestContext,
  input: TRegisterRequest,
  { perHour }: { perHour: number },
) {
  const { db, notify } = ctx;
  await limitAddress(ctx, 'register', { max: perHour, windowMs: 60 * MINUTE }, sm.tooManyRegistrations);
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
type ThrottleKey = ReturnType<typeof throttleKeys>[number];

/**
 * Counts one attempt in every scope before anything is checked, so parallel guesses cannot slip past a lock; a
 * refused attempt takes back what it counted elsewhere (docs/decisions/006).
 */
async function reserveAttempts(db: DbOrTx, keys: ThrottleKey[], now: Date) {
  const reserved: ThrottleKey[] = [];
  for (const entry of keys) {
    const result = await reserveAttempt(db, entry.key, THROTTLE_RULES[entry.scope], now);
    if (!result.ok) {
      for (const done of reserved) await undoAttempt(db, done.key, THROTTLE_RULES[done.scope]);
      throw tooMany(m.tooManyLoginAttempts, result.lockedUntil, now);
    }
    reserved.push(entry);
  }
}

/** The right answer: its owner's counts go, and the shared address gets this attempt back. */
async function releaseAttempts(db: DbOrTx, keys: ThrottleKey[]) {
  await clearThrottles(
    db,
    keys.filter((k) => k.scope !== 'address').map((k) => k.key),
  );
  for (const entry of keys.filter((k) => k.scope === 'address')) {
    await undoAttempt(db, entry.key, THROTTLE_RULES.address);
  }
}

/** A closed account (its owner's cancellation) is gone for good; an inactive one waits for a super admin. */
function assertMayLogIn(user: UserRow) {
  if (user.closedAt) throw new AppError('permission-denied', pm.accountGone, { account: 'closed' });
  if (!user.isActive) throw new AppError('permission-denied', m.accountDisabled, { account: 'inactive' });
}

/** How long a right password waits for its second factor (issue 45). */
export const LOGIN_CODE_TTL_MS = 10 * MINUTE;

export type LoginResult =
  | { step: 'done'; token: string; deviceToken?: string; user: TSessionUser; consentNeeded: boolean }
  | { step: 'code'; challengeToken: string };

/**
 * docs/business-rules.md §8 answers ('Usuario no encontrado', 'Contraseña incorrecta', the inactive-account modal) behind the
 * throttle of docs/decisions/006: every attempt is counted before the password is checked, so parallel guesses
 * cannot slip past a lock, and the right password clears what only its owner could clear. An account with a
 * second factor then waits for its code (issue 45), unless this browser was trusted with it.
 */
export async function login(
  { db, ip, now }: RequestContext,
  input: TLoginRequest & { remember: boolean } & LoginClient,
): Promise<LoginResult> {
  const user = await findAccountByEmail(db, input.email);
  const device = input.deviceToken ? hashToken(input.deviceToken) : null;
  const trusted = device && user && (await findTrustedDevice(db, device, now))?.userId === user.id;
  const keys = throttleKeys({ email: input.email, ip, trustedDevice: trusted ? device : null });
  await reserveAttempts(db, keys, now);

  if (!user) throw new AppError('not-found', m.userNotFound);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('unauthenticated', m.wrongPassword);
  }
  // A password imported from the old app (docs/decisions/029) is checked once that way, then kept as ours.
  if (isForeignHash(user.passwordHash)) {
    await setPasswordHash(db, user.id, await hashPassword(input.password));
  }
  await releaseAttempts(db, keys);
  assertMayLogIn(user);

  const spared = device !== null && (await isDeviceTrustedForSecondFactor(db, device, user.id, now));
  if (user.totpEnabledAt && !spared) {
    const challengeToken = newToken();
    await createLoginChallenge(db, {
      tokenHash: hashToken(challengeToken),
      userId: user.id,
      persistent: input.remember,
      expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
    });
    return { step: 'code', challengeToken };
  }
  return openLoginFor(db, user, { ...input, ip, now, trusted: Boolean(trusted), persistent: input.remember });
}

/** The login itself: a session, and a device cookie for a browser this account never used. */
async function openLoginFor(
  db: DbOrTx,
  user: UserRow,
  options: LoginClient & { ip: string; now: Date; trusted: boolean; persistent: boolean },
): Promise<Extract<LoginResult, { step: 'done' }> & { deviceHash: string | null }> {
  const { now } = options;
  const token = await openLogin(db, { userId: user.id, ...options });
  let deviceToken: string | undefined;
  let deviceHash = options.deviceToken && options.trusted ? hashToken(options.deviceToken) : null;
  if (!options.trusted) {
    deviceToken = newToken();
    deviceHash = hashToken(deviceToken);
    await createTrustedDevice(db, {
      tokenHash: deviceHash,
      userId: user.id,
      expiresAt: new Date(now.getTime() + TRUSTED_DEVICE_TTL_MS),
    });
  }
  return {
    step: 'done',
    token,
    deviceToken,
    deviceHash,
    user: toSessionUser(user),
    consentNeeded: await needsConsent(db, user.id),
  };
}

/**
 * POST /api/auth/login/code: the second step of a login (issue 45). The code is throttled as the password is
 * (its own counts, per account and address); a right code finishes the login once, and "Confiar en este
 * navegador" spares this browser the code for TRUSTED_BROWSER_DAYS.
 */
export async function loginWithCode(
  { db, ip, now }: RequestContext,
  input: TLoginCodeRequest & LoginClient & { challengeToken: string | undefined },
) {
  const challengeHash = input.challengeToken ? hashToken(input.challengeToken) : null;
  const challenge = challengeHash ? await findLoginChallenge(db, challengeHash, now) : undefined;
  const user = challenge ? await findAccount(db, challenge.userId) : undefined;
  if (!challengeHash || !challenge || !user?.totpSecret) {
    throw new AppError('invalid-argument', sm.challengeExpired, { step: 'password' });
  }
  const device = input.deviceToken ? hashToken(input.deviceToken) : null;
  const trusted = device !== null && (await findTrustedDevice(db, device, now))?.userId === user.id;
  const keys = throttleKeys({ email: user.email, ip, trustedDevice: trusted ? device : null }).map(
    (entry) => ({ ...entry, key: `code:${entry.key}` }),
  );
  await reserveAttempts(db, keys, now);

  return db.transaction(async (tx) => {
    const how = await checkSecondFactor(tx, user, input, now);
    if (!(await consumeLoginChallenge(tx, challengeHash))) {
      throw new AppError('invalid-argument', sm.challengeExpired, { step: 'password' });
    }
    await releaseAttempts(tx, keys);
    const fresh = await findAccount(tx, user.id);
    if (!fresh) throw new AppError('invalid-argument', sm.challengeExpired, { step: 'password' });
    assertMayLogIn(fresh);
    if (how === 'recovery') await auditRecoveryUse(tx, fresh, now);
    const done = await openLoginFor(tx, fresh, {
      ...input,
      ip,
      now,
      trusted,
      persistent: challenge.persistent,
    });
    if (input.trustBrowser && done.deviceHash) {
      await trustDeviceForSecondFactor(
        tx,
        done.deviceHash,
        fresh.id,
        new Date(now.getTime() + TRUSTED_BROWSER_DAYS * 24 * 3_600_000),
      );
    }
    return { ...done, persistent: challenge.persistent };
  });
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
    // A new password trusts no browser with the second factor any more (issue 45): each gives the code again.
    await forgetSecondFactorTrust(tx, consumed.userId);
  });
}

/**
 * The purge job: login-throttle rows that count for nothing any more and trusted browsers past their time go, so
 * neither table grows with every address that ever mistyped a password.
 */
export async function purgeExpiredAccessRecords({ db, now }: Pick<JobContext, 'db' | 'now'>) {
  await deleteStaleThrottles(db, new Date(now.getTime() - THROTTLE_STALE_AFTER_MS));
  await deleteExpiredDevices(db, now);
  await deleteExpiredChallenges(db, now);
}
