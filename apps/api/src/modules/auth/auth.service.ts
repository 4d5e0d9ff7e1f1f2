import type { Db } from '@sala/db/client';
import { hashPassword, verifyPassword } from '@sala/db/password';
import type {
  TForgotPasswordRequest,
  TLoginRequest,
  TRegisterRequest,
  TResetPasswordRequest,
} from '@sala/shared/auth/auth.contract';
import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { AppError } from '../../lib/app-error';
import { addHit, countHits } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import { enqueueEmails } from '../mail/mail.service';
import { newClientRegisteredEmail, passwordResetEmail } from '../mail/templates';
import { toSessionUser } from '../users/user-views';
import {
  createClientAccount,
  findAccountByEmail,
  setPasswordHash,
  staffNoticeRecipients,
} from '../users/users.service';
import {
  clearThrottles,
  consumeResetToken,
  createResetToken,
  createTrustedDevice,
  findTrustedDevice,
  reserveAttempt,
  revokeResetTokens,
  undoAttempt,
} from './auth.repository';
import { describeWait, retryAfterSeconds, THROTTLE_RULES, throttleKeys } from './login-throttle';
import { closeSession, endSessionsOf, openSession } from './sessions.service';

const RESET_WINDOW_MS = 60_000;
const MAX_RESET_REQUESTS = 5;
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** A browser where the account logged in stays trusted this long (docs/decisions/006). */
export const TRUSTED_DEVICE_TTL_MS = 180 * 24 * 3_600_000;

type Deps = { db: Db; publicUrl: string; adminEmail?: string };

/** Self-registration: always an inactive client with no credits, whatever the request says (spec §4). */
export async function register({ db, publicUrl, adminEmail }: Deps, input: TRegisterRequest) {
  if (await findAccountByEmail(db, input.email)) throw new AppError('aborted', m.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const recipients = await staffNoticeRecipients(db, adminEmail);
  await db.transaction(async (tx) => {
    await createClientAccount(tx, { name: input.name, email: input.email, phone: input.phone, passwordHash });
    await enqueueEmails(
      tx,
      recipients.map((to) => newClientRegisteredEmail(to, input, `${publicUrl}/admin/usuarios`)),
    );
  });
}

type LoginClient = { ip: string; userAgent?: string; deviceToken?: string };

/**
 * Spec §8 answers ('Usuario no encontrado', 'Contraseña incorrecta', the inactive-account modal) behind the
 * throttle of docs/decisions/006: every attempt is counted before the password is checked, so parallel guesses
 * cannot slip past a lock, and the right password clears what only its owner could clear.
 */
export async function login({ db }: Deps, input: TLoginRequest & { remember: boolean }, client: LoginClient) {
  const now = new Date();
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
      const seconds = retryAfterSeconds(result.lockedUntil, now);
      throw new AppError('resource-exhausted', m.tooManyLoginAttempts(describeWait(seconds)), undefined, {
        'retry-after': String(seconds),
      });
    }
    reserved.push(entry);
  }

  if (!user) throw new AppError('not-found', m.userNotFound);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('unauthenticated', m.wrongPassword);
  }

  // The right password: its owner's counts go, and the shared address gets this attempt back.
  await clearThrottles(
    db,
    keys.filter((k) => k.scope !== 'address').map((k) => k.key),
  );
  for (const entry of keys.filter((k) => k.scope === 'address')) {
    await undoAttempt(db, entry.key, THROTTLE_RULES.address);
  }
  if (!user.isActive) throw new AppError('permission-denied', m.accountDisabled, { account: 'inactive' });

  const token = await openSession(db, {
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
  return { token, deviceToken, user: toSessionUser(user) };
}

export async function logout({ db }: Deps, tokenHash: string | null) {
  if (tokenHash) await closeSession(db, tokenHash);
}

export async function requestPasswordReset(
  { db, publicUrl }: Deps,
  input: TForgotPasswordRequest,
  clientIp: string,
) {
  const key = `reset:ip:${clientIp}`;
  if ((await countHits(db, key, RESET_WINDOW_MS)) >= MAX_RESET_REQUESTS) {
    throw new AppError('resource-exhausted', m.tooManyAttempts);
  }
  await addHit(db, key, RESET_WINDOW_MS);
  const user = await findAccountByEmail(db, input.email);
  if (!user) throw new AppError('not-found', m.userNotFound);

  const token = newToken();
  const resetUrl = `${publicUrl}/registro/restablecer?token=${token}`;
  await db.transaction(async (tx) => {
    await createResetToken(tx, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    await enqueueEmails(tx, [passwordResetEmail(user.email, user.name, resetUrl)]);
  });
}

/**
 * A reset link works once, within 30 minutes. Using it ends every other open link of the account and every open
 * session (the password they were issued under is gone).
 */
export async function resetPassword({ db }: Deps, input: TResetPasswordRequest) {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const now = new Date();
    const consumed = await consumeResetToken(tx, hashToken(input.token), now);
    if (!consumed) throw new AppError('invalid-argument', m.resetInvalid);
    await setPasswordHash(tx, consumed.userId, passwordHash);
    await revokeResetTokens(tx, consumed.userId, now);
    await endSessionsOf(tx, consumed.userId);
  });
}
