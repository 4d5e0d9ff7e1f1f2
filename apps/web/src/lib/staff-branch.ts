import { type BranchScoped, branchesFor, startingBranch } from '@sala/shared/auth/branch-scope';

/**
 * ?sucursal=todas: every branch, asked for by someone whose screens start on their home branch (without it, no
 * ?sucursal= would bring them back there).
 */
export const EVERY_BRANCH_PARAM = 'todas';

/** The branches a staff screen offers (issue 45): all, or only its own to an account with "Solo su sucursal". */
export function offeredBranches<B extends { id: string }>(
  user: BranchScoped | null,
  branches: readonly B[] | undefined,
): B[] {
  if (!branches) return [];
  return user ? branchesFor(user, branches) : [...branches];
}

/**
 * The branch a staff screen starts on: the account's home branch (issue 45), or '' as before for an account
 * without one. While the branches load, the home branch itself, so the first request already asks for it.
 */
export function startingBranchId<B extends { id: string }>(
  user: BranchScoped | null,
  branches: readonly B[] | undefined,
): string {
  if (!user?.homeBranchId) return '';
  if (!branches) return user.homeBranchId;
  return startingBranch(user, branches)?.id ?? '';
}

/**
 * A branch filter kept in the address (?sucursal=), with "every branch" as '': what it shows now, the branches it
 * offers, whether it offers every branch, and the ?sucursal= value that keeps a choice.
 */
export function staffBranchFilter<B extends { id: string }>(
  user: BranchScoped | null,
  branches: readonly B[] | undefined,
  asked: string | null,
) {
  const offered = offeredBranches(user, branches);
  const everyBranch = !user?.branchOnly;
  const start = startingBranchId(user, branches);
  const param = (branchId: string) => (branchId === '' && start !== '' ? EVERY_BRANCH_PARAM : branchId);
  const shown = (): string => {
    if (asked === EVERY_BRANCH_PARAM && everyBranch) return '';
    if (!asked) return start;
    // While the branches load, the address is believed, except by an account that may work at one branch only.
    if (!branches) return everyBranch ? asked : start;
    // An unknown branch, or one this account may not see, reads as where the screen starts.
    return offered.some((branch) => branch.id === asked) ? asked : start;
  };
  return { branches: offered, branchId: shown(), everyBranch, param };
}
