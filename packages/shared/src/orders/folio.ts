/**
 * An order's folio for people (issue 39): the database hands out one number per order from one sequence
 * (orders.folio); people read and type it as "A-00123". The order's UUID stays internal.
 */

/** The letter every folio starts with (one series: the business's only one). */
export const FOLIO_PREFIX = 'A';
/** Digits shown at least: "A-00123"; a longer number keeps all of its own ("A-123456"). */
const FOLIO_DIGITS = 5;

/** 123 → "A-00123"; 123456 → "A-123456". */
export function formatFolio(folio: number): string {
  return `${FOLIO_PREFIX}-${String(folio).padStart(FOLIO_DIGITS, '0')}`;
}

/** Nine digits at most: every such number fits the column (int4), and a ten-digit phone is never read as one. */
const FOLIO_QUERY = /^(a\s*-?\s*)?(\d{1,9})$/i;

/**
 * What a search box's text says of a folio: "A-00123", "a-123" or "A00123" name one (prefixed); "00123" or "123"
 * may be one, or part of a phone. Null for anything else (a name, an e-mail, a whole phone, folio 0).
 */
export function parseFolioQuery(query: string): { folio: number; prefixed: boolean } | null {
  const match = FOLIO_QUERY.exec(query.trim());
  if (!match) return null;
  const folio = Number(match[2]);
  return folio > 0 ? { folio, prefixed: match[1] !== undefined } : null;
}
