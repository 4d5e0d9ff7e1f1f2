import type { Db } from '@sala/db/client';
import { hashPassword, verifyPassword } from '@sala/db/password';
import { users } from '@sala/db/schema/users';
import type {
  TForgotPasswordRequest,
  TLoginRequest,
  TRegisterRequest,
  TResetPasswordRequest,
} from '@sala/shared/auth/auth.contract';
import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { addHit, countHits } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import { BROWSER_SESSION_IDLE_MS, PERSISTENT_SESSION_MS } from '../../plugins/auth';
import { enqueueEmails } from '../mail/outbox.repository';
import { newClientRegisteredEmail, passwordResetEmail } from '../mail/templates';
import {
  consumeResetToken,
  createResetToken,
  createSession,
  deleteSession,
  deleteUserSessions,
  findUserByEmail,
} from './auth.repository';
import { toSessionUser } from './session-user';

const ATTEMPT_WINDOW_MS = 60_000;
/** Failed logins allowed per minute: per account, and per client address (a clinic's staff may share one). */
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 10;
const MAX_RESET_REQUESTS = 5;
export const RESET_TOKEN_TTL_MS = 30 * 60_000;

type Deps = { db: Db; publicUrl: string; adminEmail?: string };

async function staffRecipients(db: Db, adminEmail: string | undefined) {
  if (adminEmail) return [adminEmail];
  const superAdmins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'superadmin'), eq(users.isActive, true)));
  return superAdmins.map((u) => u.email);
}

/** Self-registration: always an inactive client with no credits, whatever the request says (spec §4). */
export async function register(
  { db, publicUrl, adminEmail }: Deps,
  input: TRegisterRequest & { email: string },
) {
  if (await findUserByEmail(db, input.email)) throw new AppError('aborted', m.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const recipients = await staffRecipients(db, adminEmail);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone,
      passwordHash,
      role: 'user',
      credits: 0,
      isActive: false,
    });
    await enqueueEmails(
      tx,
      recipients.map((to) => newClientRegisteredEmail(to, input, `${publicUrl}/admin/usuarios`)),
    );
  });
}

export async function login(
  { db }: Deps,
  input: TLoginRequest & { remember: boolean },
  client: { ip: string; userAgent?: string },
) {
  const emailKey = `login:email:${input.email.toLowerCase()}`;
  const ipKey = `login:ip:${client.ip}`;
  const [emailFailures, ipFailures] = await Promise.all([
    countHits(db, emailKey, ATTEMPT_WINDOW_MS),
    countHits(db, ipKey, ATTEMPT_WINDOW_MS),
  ]);
  if (emailFailures >= MAX_FAILURES_PER_EMAIL || ipFailures >= MAX_FAILURES_PER_IP) {
    throw new AppError('resource-exhausted', m.tooManyAttempts);
  }
  const fail = async (error: AppError) => {
    await Promise.all([addHit(db, emailKey, ATTEMPT_WINDOW_MS), addHit(db, ipKey, ATTEMPT_WINDOW_MS)]);
    throw error;
  };

  const user = await findUserByEmail(db, input.email);
  if (!user) return fail(new AppError('not-found', m.userNotFound));
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    return fail(new AppError('unauthenticated', m.wrongPassword));
  }
  if (!user.isActive) throw new AppError('permission-denied', m.accountDisabled, { account: 'inactive' });

  const token = newToken();
  const now = Date.now();
  await createSession(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    persistent: input.remember,
    expiresAt: new Date(now + (input.remember ? PERSISTENT_SESSION_MS : BROWSER_SESSION_IDLE_MS)),
    userAgent: client.userAgent?.slice(0, 300),
    ip: client.ip,
  });
  return { token, user: toSessionUser(user) };
}

export async function logout({ db }: Deps, tokenHash: string | null) {
  if (tokenHash) await deleteSession(db, tokenHash);
}

export async function requestPasswordReset(
  { db, publicUrl }: Deps,
  input: TForgotPasswordRequest,
  clientIp: string,
) {
  const key = `reset:ip:${clientIp}`;
  if ((await countHits(db, key, ATTEMPT_WINDOW_MS)) >= MAX_RESET_REQUESTS) {
    throw new AppError('resource-exhausted', m.tooManyAttempts);
  }
  await addHit(db, key, ATTEMPT_WINDOW_MS);
  const user = await findUserByEmail(db, input.email);
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

/** A reset link works once, within 30 minutes; it also ends every open session of the account. */
export async function resetPassword({ db }: Deps, input: TResetPasswordRequest) {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const consumed = await consumeResetToken(tx, hashToken(input.token), new Date());
    if (!consumed) throw new AppError('invalid-argument', m.resetInvalid);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, consumed.userId));
    await deleteUserSessions(tx, consumed.userId);
  });
}
