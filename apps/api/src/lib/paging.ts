import type { DbOrTx } from '@sala/db/client';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { rowsOf } from './sql-rows';

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function orderBy(column: PgColumn | SQL, dir: 'asc' | 'desc'): SQL {
  return dir === 'desc' ? sql`${column} desc` : sql`${column} asc`;
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/**
 * Where a page of `limit` rows at `offset` of `total` is read: a page past the middle from the other end (the sort
 * reversed, then the rows reversed back), so the last page of a long list costs what the first does (issue 46).
 */
export function pageWindow(offset: number, limit: number, total: number) {
  const rows = Math.max(0, Math.min(limit, total - offset));
  return offset > total / 2
    ? { offset: Math.max(0, total - offset - rows), limit: rows, fromEnd: true }
    : { offset, limit: rows, fromEnd: false };
}

export const reversed = (dir: 'asc' | 'desc') => (dir === 'asc' ? 'desc' : 'asc');

/** The total row count, computed in the same query as the page (one round trip): for tables that stay small. */
export const totalCount = () => sql<number>`(count(*) over ())::int`;

/** `count(*)` as a number: the count query of withTotal. */
export const rowCount = () => sql<number>`count(*)::int`;

/**
 * The number a count query (`select count(*) from …`: one row, one column) finds, counted by one process. PostgreSQL would
 * count a large table with parallel workers, and on a small server those take longer to start than the count takes
 * alone: on this project's 2-core machine, 300 000 orders count in 11–27 ms by one process and in 60–80 ms with two
 * workers, and the audit log's first page went from p95 73 to 35 ms (issue 46, docs/performance.md). Serial is also
 * what a busy server wants: the cores go to the other requests. Only the count is told so, for its transaction.
 */
export async function countSerially(db: DbOrTx, count: SQLWrapper): Promise<number> {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return rowsOf<Record<string, number | string>>(await tx.execute(count.getSQL()));
  });
  // Its one column, however the query names it (a built query's SQL leaves its fields unnamed).
  return Number(Object.values(rows[0] ?? {})[0] ?? 0);
}

/**
 * A page and its total as two queries sent together, for tables that grow without end (the log, the outbox, the
 * orders; issue 46): the page stops at its LIMIT and the count (countSerially) reads only what its filter needs,
 * where `count(*) over ()` read every match — every column — before the LIMIT. Each row carries the total, as toPage
 * expects.
 */
export async function withTotal<TRow>(
  db: DbOrTx,
  page: PromiseLike<TRow[]>,
  count: SQLWrapper,
): Promise<(TRow & { total: number })[]> {
  const [rows, total] = await Promise.all([page, countSerially(db, count)]);
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
