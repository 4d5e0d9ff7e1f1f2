/**
 * Which branches and zones a client can book (issue 39). A branch with no active room has no hour that could ever
 * free up: the wizard does not offer it (nor a zone with no other branch), and the Sucursales page says so.
 */

/** A branch with at least one active room. */
export const isBookableBranch = (branch: { roomCount: number }) => branch.roomCount > 0;

/** The branches the booking wizard offers: a zone appears only through them. */
export function bookableBranches<T extends { roomCount: number }>(branches: readonly T[]): T[] {
  return branches.filter(isBookableBranch);
}
