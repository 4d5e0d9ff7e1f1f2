import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function orderBy(column: PgColumn | SQL, dir: 'asc' | 'desc'): SQL {
  return dir === 'desc' ? sql`${column} desc` : sql`${column} asc`;
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/** The total row count, computed in the same query as the page (one round trip). */
export const totalCount = () => sql<number>`(count(*) over ())::int`;

/**
 * A page response from rows that carry the window-function `total` (see totalCount): strips it from each row
 * and maps the row to its contract shape.
 */
export function toPage<TRow extends { total: number }, TOut>(
  rows: TRow[],
  { page, pageSize }: { page: number; pageSize: number },
  map: (row: Omit<TRow, 'total'>) => TOut,
) {
  return {
    rows: rows.map(({ total: _total, ...row }) => map(row)),
    total: rows[0]?.total ?? 0,
    page,
    pageSize,
  };
}
