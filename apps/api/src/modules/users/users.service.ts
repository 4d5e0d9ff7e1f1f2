import type { Db } from '@sala/db/client';
import { users } from '@sala/db/schema/users';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { TPage } from '@sala/shared/table/table.contract';
import type { TUpdateUserRequest, TUser, TUserListQuery } from '@sala/shared/users/users.contract';
import { userMessages as m } from '@sala/shared/users/users.messages';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { deleteUserSessions } from '../auth/auth.repository';
import { toSessionUser, type UserRow } from '../auth/session-user';
import { applyCreditChange } from '../credits/credits.repository';
import { emailInUse, findUserById, listUsers } from './users.repository';

type Options<T> = { db: Db; actor: TSessionUser } & T;

const toUser = (row: UserRow): TUser => ({ ...toSessionUser(row), createdAt: row.createdAt.toISOString() });
const isStaffRow = (row: UserRow) => row.role !== 'user';

export async function listUserPage({ db, query }: Options<{ query: TUserListQuery }>): Promise<TPage<TUser>> {
  const { rows, total } = await listUsers(db, query);
  return { rows: rows.map(toUser), total, page: query.page, pageSize: query.pageSize };
}

/** Staff see any profile; a client only its own. */
export async function getUser({ db, actor, id }: Options<{ id: string }>): Promise<TUser> {
  if (actor.role === 'user' && actor.id !== id) throw new AppError('permission-denied', m.notFound);
  const row = await findUserById(db, id);
  if (!row) throw new AppError('not-found', m.notFound);
  return toUser(row);
}

/**
 * Spec §5 user form. Admins edit the contact data of clients; a super admin edits anyone and alone changes
 * credits (as a ledger adjustment), role and status. Staff e-mails are locked. Nobody demotes or deactivates
 * themselves.
 */
export async function updateUser({
  db,
  actor,
  id,
  input,
}: Options<{ id: string; input: TUpdateUserRequest }>): Promise<TUser> {
  const isSuper = actor.role === 'superadmin';
  const touchesPrivileged =
    input.credits !== undefined || input.role !== undefined || input.isActive !== undefined;
  if (touchesPrivileged && !isSuper) throw new AppError('permission-denied', m.superAdminOnly);

  return db.transaction(async (tx) => {
    const current = await findUserById(tx, id, { forUpdate: true });
    if (!current) throw new AppError('not-found', m.notFound);
    if (isStaffRow(current) && !isSuper) throw new AppError('permission-denied', m.staffEditSuperAdminOnly);

    const email = input.email.toLowerCase();
    if (isStaffRow(current) && email !== current.email.toLowerCase()) {
      throw new AppError('invalid-argument', m.emailLocked, { email: m.emailLocked });
    }
    if (actor.id === id && ((input.role && input.role !== current.role) || input.isActive === false)) {
      throw new AppError('permission-denied', m.cannotChangeSelf);
    }
    if (await emailInUse(tx, email, id)) throw new AppError('aborted', m.emailTaken, { email: m.emailTaken });

    await tx
      .update(users)
      .set({
        name: input.name,
        email,
        phone: input.phone,
        ...(input.role ? { role: input.role } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id));

    if (input.credits !== undefined && input.credits !== current.credits) {
      await applyCreditChange(tx, {
        userId: id,
        delta: input.credits - current.credits,
        reason: 'adjustment',
        actorId: actor.id,
        note: `Ajuste por ${actor.name}`,
      });
    }
    // Deactivating ends the user's sessions at once (design.md §4).
    if (input.isActive === false) await deleteUserSessions(tx, id);
    return toUser((await findUserById(tx, id))!);
  });
}

export async function setUserActive({
  db,
  actor,
  id,
  isActive,
}: Options<{ id: string; isActive: boolean }>): Promise<TUser> {
  if (actor.id === id && !isActive) throw new AppError('permission-denied', m.cannotChangeSelf);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isActive, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new AppError('not-found', m.notFound);
    if (!isActive) await deleteUserSessions(tx, id);
    return toUser(row);
  });
}
