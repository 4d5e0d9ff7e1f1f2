/**
 * A product's validity in words (issue 44), in a module of its own that imports nothing: the public store's cards
 * show it without loading the credits' date rules.
 */

/** 'Vigencia: 60 días' (a product's validity; none for one whose credits never expire). */
export function validityLabel(validityDays: number | null | undefined): string | null {
  if (!validityDays) return null;
  return `Vigencia: ${validityDays === 1 ? '1 día' : `${validityDays} días`}`;
}
