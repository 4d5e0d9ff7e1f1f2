/**
 * Issue 45: a staff account with "Solo su sucursal" works only at its home branch. The API refuses the rest; the
 * screens offer only that branch. Imports nothing, so the web can use it anywhere.
 */
export type BranchScoped = { homeBranchId: string | null; branchOnly: boolean };

/** Whether this account may work at the branch (sell, run its drawer, book, list its reservations). */
export function mayWorkAt(user: BranchScoped, branchId: string): boolean {
  return !user.branchOnly || user.homeBranchId === branchId;
}

/** The branches of a list this account may pick: all, or its own. */
export function branchesFor<B extends { id: string }>(user: BranchScoped, branches: readonly B[]): B[] {
  return branches.filter((branch) => mayWorkAt(user, branch.id));
}

/** The branch a staff screen starts on: its home branch when it has one among those shown, else the first. */
export function startingBranch<B extends { id: string }>(user: BranchScoped, branches: readonly B[]) {
  return branches.find((branch) => branch.id === user.homeBranchId) ?? branchesFor(user, branches)[0];
}
