import type { BranchScoped } from '@sala/shared/auth/branch-scope';
import { mayWorkAt } from '@sala/shared/auth/branch-scope';
import { staffSecurityMessages as m } from '@sala/shared/auth/staff-security.messages';
import { AppError } from './app-error';

/**
 * Issue 45: a staff account with "Solo su sucursal" sells, runs drawers, books for clients and lists reservations
 * only at its home branch; anything else is refused with 403, whatever the screen offered.
 */
export function assertMayWorkAt(actor: BranchScoped, branchId: string) {
  if (!mayWorkAt(actor, branchId)) throw new AppError('permission-denied', m.onlyHomeBranch);
}
