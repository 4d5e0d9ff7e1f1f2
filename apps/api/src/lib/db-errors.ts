/** The PostgreSQL error behind a failed query (Drizzle wraps it in `cause`), or undefined. */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string } | undefined {
  for (const candidate of [(error as { cause?: unknown } | null)?.cause, error]) {
    if (typeof candidate !== 'object' || candidate === null) continue;
    const { code, constraint } = candidate as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string') {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
  }
  return undefined;
}

/** A unique index refused the row; when a constraint name is given, only that index counts. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

/** A foreign key refused the change (a row still referenced, or a parent that vanished). */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorOf(error)?.code === '23503';
}
