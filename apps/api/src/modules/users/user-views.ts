import type { users } from '@sala/db/schema/users';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { TUser } from '@sala/shared/users/users.contract';

export type UserRow = typeof users.$inferSelect;

/** The API's view of a user: the role plus the isAdmin/isSuperAdmin flags the spec speaks of. */
export function toSessionUser(user: UserRow): TSessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    credits: user.credits,
    role: user.role,
    isAdmin: user.role === 'admin' || user.role === 'superadmin',
    isSuperAdmin: user.role === 'superadmin',
    isActive: user.isActive,
    homeBranchId: user.homeBranchId,
    branchOnly: user.branchOnly,
    twoFactorEnabled: user.totpEnabledAt !== null,
  };
}

export const toUser = (row: UserRow): TUser => ({
  ...toSessionUser(row),
  createdAt: row.createdAt.toISOString(),
});
