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

/** The total row count, computed in the same query as the page (one round trip): for tables that stay small. */
export const totalCount = () => sql<number>`(count(*) over ())::int`;

/** `count(*)` as a number: the count query of withTotal. */
export const rowCount = () => sql<number>`count(*)::int`;

/**
 * A page and its total as two queries sent together, for tables that grow without end (the log, the outbox, the
 * orders; issue 46): the page stops at its LIMIT and the count reads only what its filter needs, where
 * `count(*) over ()` read every match — every column — before the LIMIT. Each row carries the total, as toPage
 * expects.
 */
export async function withTotal<TRow>(
  page: PromiseLike<TRow[]>,
  count: PromiseLike<{ total: number }[]>,
): Promise<(TRow & { total: number })[]> {
  const [rows, counted] = await Promise.all([page, count]);
  const total = counted[0]?.total ?? 0;
  return rows.map((row) => ({ ...row, total }));
}

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
