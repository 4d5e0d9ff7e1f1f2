import type { DbOrTx } from '@sala/db/client';
import type {
  TRecoveryCodes,
  TSecondFactorProof,
  TTwoFactorSetup,
  TTwoFactorStatus,
} from '@sala/shared/auth/staff-security.contract';
import { staffSecurityMessages as m } from '@sala/shared/auth/staff-security.messages';
import { mustEnrolTwoFactor, type StaffTwoFactorPolicy } from '@sala/shared/auth/two-factor.rules';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';
import { type AuditChange, recordAudit } from '../audit/audit.service';
import type { UserRow } from '../users/user-views';
import { findAccount, lockAccount } from '../users/users.service';
import {
  acceptTotpStep,
  countRecoveryCodesLeft,
  disableTotp,
  enableTotp,
  forgetSecondFactorTrust,
  replaceRecoveryCodes,
  setPendingTotpSecret,
  useRecoveryCode,
} from './auth.repository';
import { matchTotp, newRecoveryCodes, newTotpSecret, totpEnrolment } from './totp';

/**
 * Issue 45: the second factor of an account (TOTP, RFC 6238) — set up, confirmed with a first code, ten recovery
 * codes shown once, turned off with a code — and the check a login's second step and those changes share.
 */

const recoveryHash = (code: string) => hashToken(code.toUpperCase());

/** What a change to the factor writes to the log, in its own transaction. */
const factorChange = (
  action: AuditChange['action'],
  user: UserRow,
  before: boolean | null,
  after: boolean | null,
): AuditChange => ({
  action,
  entity: 'user',
  entityId: user.id,
  label: user.name,
  before: before === null ? null : { twoFactor: before },
  after: after === null ? null : { twoFactor: after },
});

/**
 * Whether the proof is the account's: a code of its app (taken once: a reused code of a step already accepted is
 * refused), or one unused recovery code (spent by this call). Returns how, or refuses in Spanish.
 */
export async function checkSecondFactor(
  db: DbOrTx,
  user: UserRow,
  proof: { code?: string; recoveryCode?: string },
  now: Date,
): Promise<'code' | 'recovery'> {
  if (!user.totpSecret) throw new AppError('aborted', m.notEnabled);
  if (proof.recoveryCode !== undefined) {
    if (await useRecoveryCode(db, user.id, recoveryHash(proof.recoveryCode), now)) return 'recovery';
    throw new AppError('unauthenticated', m.recoveryWrong, { recoveryCode: m.recoveryWrong });
  }
  const step = proof.code === undefined ? null : matchTotp(user.totpSecret, proof.code, now);
  if (step !== null && (await acceptTotpStep(db, user.id, step))) return 'code';
  throw new AppError('unauthenticated', m.codeWrong, { code: m.codeWrong });
}

/** The recovery code a login used, in the log (who used one, and when). */
export function auditRecoveryUse(tx: DbOrTx, user: UserRow, now: Date) {
  return recordAudit(tx, { actor: { id: user.id, name: user.name }, now }, [
    { ...factorChange('two_factor.recovery_used', user, null, null), after: { recoveryCode: 'usado' } },
  ]);
}

async function account(db: DbOrTx, userId: string) {
  const user = await findAccount(db, userId);
  if (!user) throw new AppError('not-found', m.loginNotFound);
  return user;
}

/** GET /api/me/two-factor */
export async function twoFactorStatus(
  { db, actor }: ActingContext,
  policy: StaffTwoFactorPolicy,
): Promise<TTwoFactorStatus> {
  const user = await account(db, actor.id);
  return {
    enabled: user.totpEnabledAt !== null,
    enabledAt: user.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: user.totpEnabledAt ? await countRecoveryCodesLeft(db, user.id) : 0,
    required: mustEnrolTwoFactor({ role: user.role, twoFactorEnabled: false }, policy),
  };
}

/** POST /api/me/two-factor/setup: a new secret, kept aside until a code of it confirms it. */
export async function startTwoFactorSetup({ db, actor }: ActingContext): Promise<TTwoFactorSetup> {
  const user = await account(db, actor.id);
  if (user.totpEnabledAt) throw new AppError('aborted', m.alreadyEnabled);
  const secret = newTotpSecret();
  await setPendingTotpSecret(db, user.id, secret);
  return totpEnrolment(secret, user.email);
}

/** Ten new recovery codes for the account, in the caller's transaction; only their hashes are kept. */
async function issueRecoveryCodes(tx: DbOrTx, userId: string): Promise<TRecoveryCodes> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(tx, userId, codes.map(recoveryHash));
  // Shown grouped for reading: ABCDE-FGHJK (the dash is not part of the code).
  return { recoveryCodes: codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`) };
}

/** POST /api/me/two-factor/confirm: the app's first code turns the factor on; the recovery codes, once. */
export async function confirmTwoFactor(
  { db, actor, now }: ActingContext,
  { code }: { code: string },
): Promise<TRecoveryCodes> {
  return db.transaction(async (tx) => {
    const user = await lockAccount(tx, actor.id);
    if (!user) throw new AppError('not-found', m.loginNotFound);
    if (user.totpEnabledAt) throw new AppError('aborted', m.alreadyEnabled);
    const secret = user.totpPendingSecret;
    if (!secret) throw new AppError('aborted', m.setupFirst);
    const step = matchTotp(secret, code, now);
    if (step === null) throw new AppError('invalid-argument', m.codeWrong, { code: m.codeWrong });
    if (!(await enableTotp(tx, user.id, secret, step, now))) throw new AppError('aborted', m.setupFirst);
    const codes = await issueRecoveryCodes(tx, user.id);
    await recordAudit(tx, { actor, now }, [factorChange('two_factor.enable', user, false, true)]);
    return codes;
  });
}

/** POST /api/me/two-factor/recovery-codes: a new set (the old one void), with a code or a recovery code. */
export async function renewRecoveryCodes(
  { db, actor, now }: ActingContext,
  proof: TSecondFactorProof,
): Promise<TRecoveryCodes> {
  return db.transaction(async (tx) => {
    const user = await lockAccount(tx, actor.id);
    if (!user) throw new AppError('not-found', m.loginNotFound);
    await checkSecondFactor(tx, user, proof, now);
    const codes = await issueRecoveryCodes(tx, user.id);
    await recordAudit(tx, { actor, now }, [
      { ...factorChange('two_factor.recovery_codes', user, null, null), after: { recoveryCodes: 'nuevos' } },
    ]);
    return codes;
  });
}

/** Turns the factor off: its secret, its recovery codes and every browser trusted to skip it go. */
async function turnOff(tx: DbOrTx, user: UserRow, who: Pick<ActingContext, 'actor' | 'now'>) {
  await disableTotp(tx, user.id);
  await replaceRecoveryCodes(tx, user.id, []);
  await forgetSecondFactorTrust(tx, user.id);
  await recordAudit(tx, who, [factorChange('two_factor.disable', user, true, false)]);
}

/** POST /api/me/two-factor/disable: with a code of the app or a recovery code. */
export async function disableTwoFactor(ctx: ActingContext, proof: TSecondFactorProof): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await lockAccount(tx, ctx.actor.id);
    if (!user) throw new AppError('not-found', m.loginNotFound);
    await checkSecondFactor(tx, user, proof, ctx.now);
    await turnOff(tx, user, ctx);
  });
}

/** POST /api/users/:id/two-factor/disable (super admin): for a person who lost the phone and the codes. */
export async function disableTwoFactorOf(ctx: ActingContext, { userId }: { userId: string }) {
  // One's own factor goes only with a code (Mi Perfil): a stolen session alone never removes it.
  if (userId === ctx.actor.id) throw new AppError('permission-denied', m.ownFactorInProfile);
  await ctx.db.transaction(async (tx) => {
    const user = await lockAccount(tx, userId);
    if (!user) throw new AppError('not-found', m.loginNotFound);
    if (!user.totpEnabledAt) throw new AppError('aborted', m.notEnabled);
    await turnOff(tx, user, ctx);
  });
}
