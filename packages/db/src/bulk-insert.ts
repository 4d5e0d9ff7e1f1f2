import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client';

/** Rows per statement: one JSON parameter each, a few megabytes at most. */
const CHUNK = 2_000;

/**
 * A multi-row insert as one JSON parameter that json_populate_recordset spreads over the table's columns: one
 * statement per couple of thousand rows, where a VALUES list would bind (and Drizzle map) every field one by one,
 * twice as slow on PGlite. Every row carries its id (the ids are made in JS, not by the database).
 */
export async function insertAll<TTable extends PgTable>(
  tx: Tx,
  table: TTable,
  rows: TTable['$inferInsert'][],
) {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK) as Record<string, unknown>[];
    const used = columns.filter(({ key }) => chunk.some((row) => row[key] !== undefined));
    const json = JSON.stringify(
      chunk.map((row) => Object.fromEntries(used.map(({ key, name }) => [name, row[key] ?? null]))),
    );
    const names = sql.join(
      used.map(({ name }) => sql.identifier(name)),
      sql`, `,
    );
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${json}::json)`,
    );
  }
}
