import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '@sala/db/client';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { staffSecurityMessages as sm } from '@sala/shared/auth/staff-security.messages';
import type { TPage } from '@sala/shared/table/table.contract';
import type {
  TClientOption,
  TCreateClientRequest,
  TUpdateUserRequest,
  TUser,
  TUserListQuery,
} from '@sala/shared/users/users.contract';
import { userMessages as m } from '@sala/shared/users/users.messages';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { ttlCache } from '../../lib/ttl-cache';
import { recordAudit } from '../audit/audit.service';
import { lockBranch } from '../branches/branches.service';
import { grantCredits, takeBackCredits } from '../credits/credits.service';
import { recordConsents } from '../legal/legal.service';
import { lockOrdersOf } from '../orders/orders.service';
import { toSessionUser, toUser, type UserRow } from './user-views';
import {
  activeEmailsWithRole,
  closedBefore,
  emailInUse,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  markClosed,
  searchActiveClients,
  suppressRow,
  updatePasswordHash,
  updateRemindersEnabled,
  updateUserFields,
} from './users.repository';

const isStaffRow = (row: UserRow) => row.role !== 'user';

export async function listUserPage({ db }: ActingContext, query: TUserListQuery): Promise<TPage<TUser>> {
  const { rows, total } = await listUsers(db, query);
  return { rows: rows.map(toUser), total, page: query.page, pageSize: query.pageSize };
}

/** Staff see any profile; a client only its own. Ids arrive normalised (lower case) from the contract. */
export async function getUser({ db, actor }: ActingContext, { id }: { id: string }): Promise<TUser> {
  if (actor.role === 'user' && actor.id !== id) throw new AppError('permission-denied', m.notFound);
  const row = await findUserById(db, id);
  if (!row) throw new AppError('not-found', m.notFound);
  return toUser(row);
}

/**
 * docs/business-rules.md §5 user form. Admins edit the name and phone of clients; a super admin edits anyone and alone changes a
 * client's e-mail, credits (as a ledger adjustment), role and status. Staff e-mails are locked. Nobody demotes or
 * deactivates themselves. A changed e-mail (the login) is told to the old address, in the same transaction, and
 * ends the client's sessions and open reset links: an account cannot be moved to another address unnoticed.
 */
export async function updateUser(
  { db, actor, now, notify, access }: ActingContext,
  { id, values: input }: { id: string; values: TUpdateUserRequest },
): Promise<TUser> {
  const isSuper = actor.role === 'superadmin';
  const touchesPrivileged =
    input.credits !== undefined || input.role !== undefined || input.isActive !== undefined;
  if (touchesPrivileged && !isSuper) throw new AppError('permission-denied', m.superAdminOnly);

  return db.transaction(async (tx) => {
    await lockOrdersBeforeRename(tx, id, input.name);
    const current = await findUserById(tx, id, { forUpdate: true });
    if (!current) throw new AppError('not-found', m.notFound);
    if (current.closedAt) throw new AppError('aborted', m.closedAccount);
    if (isStaffRow(current) && !isSuper) throw new AppError('permission-denied', m.staffEditSuperAdminOnly);

    const email = input.email.toLowerCase();
    const emailChanges = email !== current.email.toLowerCase();
    if (emailChanges && isStaffRow(current)) {
      throw new AppError('invalid-argument', m.emailLocked, { email: m.emailLocked });
    }
    if (emailChanges && !isSuper) {
      throw new AppError('permission-denied', m.emailSuperAdminOnly, { email: m.emailSuperAdminOnly });
    }
    // The row's own id, not the request's spelling of it, decides who "self" is.
    if (
      actor.id === current.id &&
      ((input.role && input.role !== current.role) || input.isActive === false)
    ) {
      throw new AppError('permission-denied', m.cannotChangeSelf);
    }
    if (await emailInUse(tx, email, id)) throw new AppError('aborted', m.emailTaken, { email: m.emailTaken });

    await updateUserFields(tx, id, {
      name: input.name,
      email,
      phone: input.phone,
      ...(input.role ? { role: input.role } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    });

    if (input.credits !== undefined && input.credits !== current.credits) {
      const change = {
        userId: id,
        reason: 'adjustment' as const,
        actorId: actor.id,
        note: `Ajuste por ${actor.name}`,
      };
      // Credits added by hand here never expire; credits taken go from the lots that expire first.
      if (input.credits > current.credits)
        await grantCredits(tx, {
          ...change,
          source: 'adjustment',
          lots: [{ credits: input.credits - current.credits, expiresOn: null }],
          now,
        });
      else await takeBackCredits(tx, { ...change, amount: current.credits - input.credits, now });
    }
    if (emailChanges) {
      await notify.emailChanged(tx, { name: current.name, oldEmail: current.email, newEmail: email });
      await access.endAfterEmailChange(tx, id, now);
    }
    // Deactivating ends the user's sessions at once (docs/business-rules.md D§4): they are refused from now on (and told why);
    // reactivating clears them, so none comes back.
    if (input.isActive === true && !current.isActive) await access.endLogins(tx, id);
    const updated = (await findUserById(tx, id))!;
    await recordAudit(tx, { actor, now }, [
      {
        action: 'user.update',
        entity: 'user',
        entityId: id,
        label: updated.name,
        before: auditedUser(current),
        after: auditedUser(updated),
      },
    ]);
    return toUser(updated);
  });
}

/** What the audit log follows of an account: who it is, how to reach it, its level, status and balance. */
const auditedUser = (row: UserRow) => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  role: row.role,
  isActive: row.isActive,
  credits: row.credits,
});

export async function setUserActive(
  { db, actor, now, access }: ActingContext,
  { id, isActive }: { id: string; isActive: boolean },
): Promise<TUser> {
  if (actor.id === id && !isActive) throw new AppError('permission-denied', m.cannotChangeSelf);
  return db.transaction(async (tx) => {
    const before = await findUserById(tx, id, { forUpdate: true });
    if (before?.closedAt) throw new AppError('aborted', m.closedAccount);
    const row = before && (await updateUserFields(tx, id, { isActive }));
    if (!row) throw new AppError('not-found', m.notFound);
    // Deactivated, the user's logins are refused at once (and told why); reactivated, none comes back.
    if (isActive && !before.isActive) await access.endLogins(tx, id);
    await recordAudit(tx, { actor, now }, [
      {
        action: 'user.status',
        entity: 'user',
        entityId: id,
        label: row.name,
        before: { isActive: before.isActive },
        after: { isActive: row.isActive },
      },
    ]);
    return toUser(row);
  });
}

/**
 * PUT /api/users/:id/branch (super admin, issue 45): a staff account's home branch and "Solo su sucursal". A
 * super admin never limits their own account (they could not undo it).
 */
export async function setStaffBranch(
  { db, actor, now }: ActingContext,
  { id, homeBranchId, branchOnly }: { id: string; homeBranchId: string | null; branchOnly: boolean },
): Promise<TUser> {
  if (branchOnly && actor.id === id) throw new AppError('permission-denied', sm.ownBranchOnly);
  return db.transaction(async (tx) => {
    const before = await findUserById(tx, id, { forUpdate: true });
    if (!before || before.closedAt) throw new AppError('not-found', m.notFound);
    if (before.role === 'user') throw new AppError('invalid-argument', sm.branchForStaff);
    const branch = homeBranchId ? await lockBranch(tx, homeBranchId) : null;
    if (homeBranchId && !branch) {
      throw new AppError('invalid-argument', sm.branchNotFound, { homeBranchId: sm.branchNotFound });
    }
    const row = await updateUserFields(tx, id, { homeBranchId, branchOnly });
    if (!row) throw new AppError('not-found', m.notFound);
    const formerBranch = before.homeBranchId ? await lockBranch(tx, before.homeBranchId) : null;
    await recordAudit(tx, { actor, now }, [
      {
        action: 'staff.branch',
        entity: 'user',
        entityId: id,
        label: row.name,
        before: { sucursal: formerBranch?.name ?? null, soloSuSucursal: before.branchOnly },
        after: { sucursal: branch?.name ?? null, soloSuSucursal: row.branchOnly },
      },
    ]);
    return toUser(row);
  });
}

// For the auth module: accounts by e-mail, self-registration, passwords and who hears of new clients.

export function findAccountByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}

/** Self-registration: always an inactive client with no credits (docs/business-rules.md §4). */
export function createClientAccount(
  db: DbOrTx,
  input: { name: string; email: string; phone: string; passwordHash: string },
): Promise<UserRow> {
  return insertUser(db, {
    ...input,
    email: input.email.toLowerCase(),
    role: 'user',
    credits: 0,
    isActive: false,
  });
}

export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string) {
  await updatePasswordHash(db, userId, passwordHash);
}

/** Who hears of every booking changes rarely; read at most every 30 s per process. */
const noticeRecipients = ttlCache(30_000);

/** The business inbox for staff notices; without one configured, every active super admin. */
export async function staffNoticeRecipients(
  tx: DbOrTx,
  options: { adminEmail: string | undefined; cacheOf: Db },
): Promise<string[]> {
  if (options.adminEmail) return [options.adminEmail];
  // Kept per database, read through the caller's transaction (the embedded database has one connection: a read
  // beside an open transaction would wait for it).
  return noticeRecipients.get(options.cacheOf, 'superadmins', () => activeEmailsWithRole(tx, 'superadmin'));
}

/** The search-as-you-type picker of active clients (booking on behalf, point of sale): at most 10. */
export function searchClients({ db }: ActingContext, { q }: { q: string }): Promise<TClientOption[]> {
  return q.length === 0 ? Promise.resolve([]) : searchActiveClients(db, q, 10);
}

/**
 * For the bookings and sales modules: the account, locked until the transaction ends, so that its balance is
 * read and changed by one transaction at a time (concurrent bookings of one client queue here).
 */
export function lockAccount(tx: DbOrTx, userId: string): Promise<UserRow | undefined> {
  return findUserById(tx, userId, { forUpdate: true });
}

/** For the sales modules: an account as stored (name, e-mail, balance), or undefined. */
export function findAccount(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  return findUserById(db, userId);
}

/**
 * Before an account's name may change: its orders hold the name (migration 0029), so a rename writes every one of
 * them. They are locked first, in the order of their ids and before the account, as a cancel locks the order and then
 * the account: a rename and a cancel at once wait for each other's end instead of deadlocking (decision 035).
 */
export async function lockOrdersBeforeRename(tx: DbOrTx, userId: string, name: string): Promise<void> {
  const seen = await findUserById(tx, userId);
  if (seen && seen.name !== name) await lockOrdersOf(tx, userId);
}

/** PATCH /api/me/profile: a client fixes its own name and phone (the e-mail stays: it is the login). */
export async function updateOwnProfile(
  tx: DbOrTx,
  userId: string,
  input: { name: string; phone: string },
): Promise<TSessionUser> {
  const row = await updateUserFields(tx, userId, { name: input.name, phone: input.phone });
  if (!row) throw new AppError('not-found', m.notFound);
  return toSessionUser(row);
}

/**
 * POST /api/users: staff register a client at the desk (the point of sale), active at once and with no credits.
 * The client was shown the privacy notice and accepted the terms there (the form's checkbox): the account records
 * it, with who recorded it. The client hears that the account exists and chooses a password through the reset link.
 */
export async function createClientAtDesk(ctx: ActingContext, input: TCreateClientRequest): Promise<TUser> {
  const { db, actor, now, notify } = ctx;
  const email = input.email.toLowerCase();
  if (await findUserByEmail(db, email)) throw new AppError('aborted', m.emailTaken, { email: m.emailTaken });
  try {
    return await db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        name: input.name,
        email,
        phone: input.phone,
        role: 'user',
        credits: 0,
        isActive: true,
        // Nobody knows it: the client sets one through "¿Olvidaste tu contraseña?".
        passwordHash: `!desk-${randomUUID()}`,
      });
      await recordConsents(tx, { userId: row.id, way: 'staff', actorId: actor.id, at: now });
      await notify.clientCreatedAtDesk(tx, { name: row.name, email: row.email });
      await recordAudit(tx, ctx, [
        {
          action: 'user.create',
          entity: 'user',
          entityId: row.id,
          label: row.name,
          before: null,
          after: { name: row.name, email: row.email, phone: row.phone },
        },
      ]);
      return toUser(row);
    });
  } catch (error) {
    // The unique index decides between two desks registering one e-mail at once.
    if (isUniqueViolation(error, 'users_email_lower_key')) {
      throw new AppError('aborted', m.emailTaken, { email: m.emailTaken });
    }
    throw error;
  }
}

// For the privacy module (the ARCO rights): opposition, rectification, cancellation, and suppression.

export async function setRemindersEnabled(db: DbOrTx, userId: string, remindersEnabled: boolean) {
  await updateRemindersEnabled(db, userId, remindersEnabled);
}

/** A person's own e-mail, confirmed from the new address; the unique index refuses one another account has. */
export async function changeOwnEmail(
  tx: DbOrTx,
  userId: string,
  email: string,
): Promise<UserRow | undefined> {
  try {
    return await updateUserFields(tx, userId, { email: email.toLowerCase() });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) return undefined;
    throw error;
  }
}

/** Blocks a closing account (the caller holds its row lock and has checked that it may close). */
export function closeAccountRow(tx: DbOrTx, userId: string, at: Date): Promise<UserRow | undefined> {
  return markClosed(tx, userId, at);
}

/** Closed accounts whose retention period has ended. */
export function accountsToSuppress(db: DbOrTx, closedBeforeAt: Date, limit: number) {
  return closedBefore(db, closedBeforeAt, limit);
}

/** Suppresses an account's personal fields; true when this call did it (two processes may race). */
export async function suppressAccount(tx: DbOrTx, userId: string, at: Date): Promise<boolean> {
  // The name changes, so the orders that hold it are locked first (as in updateUser).
  await lockOrdersOf(tx, userId);
  return (await suppressRow(tx, userId, at, `!suppressed-${randomUUID()}`)).length > 0;
}
