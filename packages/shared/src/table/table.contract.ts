import { plainText } from '../common/fields';
import { z } from '../common/zod';

/** docs/business-rules.md §2: tables offer 5, 10, 30, 50 rows (users: 10, 20, 30, 50; purchase history: 5, 10, 30). */
export const DEFAULT_PAGE_SIZES = [5, 10, 30, 50] as const;
export const MAX_PAGE_SIZE = 50;
const SEARCH_INVALID = 'La búsqueda debe ser un texto.';

/** Query string of every server-side paged, sorted and searched table. */
export const pageQuery = <const TSort extends readonly [string, ...string[]]>(
  sortable: TSort,
  defaultSort: TSort[number],
) =>
  z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
    sort: z.enum(sortable).default(defaultSort),
    dir: z.enum(['asc', 'desc']).default('asc'),
    q: plainText(SEARCH_INVALID, 100).trim().optional(),
  });

export const pageResponse = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.int().nonnegative(),
    page: z.int().positive(),
    pageSize: z.int().positive(),
  });

export type TPage<T> = { rows: T[]; total: number; page: number; pageSize: number };
export type TPageState = { page: number; pageSize: number; sort: string; dir: 'asc' | 'desc'; q?: string };

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
