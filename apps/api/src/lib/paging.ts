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
