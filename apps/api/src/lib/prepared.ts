import type { DbOrTx } from '@sala/db/client';
import { getTableColumns, getTableName, type Placeholder, type SQL, sql, type Table } from 'drizzle-orm';

/** What a query builder offers to be prepared: `db.select()…`, `db.insert()…`, `db.update()…`, `db.delete()…`. */
type Preparable<TPrepared> = { prepare(name: string): TPrepared };

/**
 * A query built once and run on whichever database handle or transaction asks: its SQL text, the places of its
 * parameters (`sql.placeholder('name')`, given to `execute`) and how its rows map are made the first time, and each
 * call only fills in the values. Building the same SQL again at every request was the API's largest single cost in the
 * money storm (issue 46: Drizzle's query builders on the stack in a quarter of the samples; 20–70 µs a query).
 *
 * Drizzle's own `.prepare()` binds a query to the handle it was made on, and the money paths run theirs in a
 * transaction of their own request. What it binds is one field, the driver's `client` (the pool, a pooled
 * connection, PGlite or its transaction): each call gets a view of the query with the asking handle's client in its
 * place. The query goes unnamed, so node-postgres names it by its text as every other statement
 * (`packages/db/src/prepared-statements.ts`). One per kind of driver, since a process (a test) may hold both.
 *
 * A placeholder reaches the driver as given, without its column's encoding (Drizzle encodes those of `insert … values`
 * only): give a date as ISO text with a cast (`::timestamptz`), as `findSessionWithUser` does.
 */
export function preparedOnce<TPrepared extends object>(
  build: (db: DbOrTx) => Preparable<TPrepared>,
): (db: DbOrTx) => TPrepared {
  const byDriver = new Map<unknown, TPrepared>();
  return (db) => {
    const session = sessionOf(db);
    let query = byDriver.get(session.constructor);
    if (!query) {
      const builder = build(db);
      refuseFrozenValues(builder);
      // No name: see above. Drizzle's own `execute()` prepares the same way.
      query = builder.prepare(undefined as unknown as string);
      if (!Object.hasOwn(query, 'client')) {
        throw new Error('preparedOnce: this version of Drizzle keeps no `client` in a prepared query');
      }
      byDriver.set(session.constructor, query);
    }
    return Object.create(query, { client: { value: session.client } }) as TPrepared;
  };
}

/**
 * A hand-written statement built once (as `preparedOnce`): `sql` with `sql.placeholder('name')` where its values go.
 * Its `execute(values)` answers what `db.execute` answers for the same statement, on whichever handle asks.
 */
export function preparedSqlOnce(statement: SQL) {
  return preparedOnce((db) => ({
    prepare: () => {
      const session = sessionOf(db);
      return session.prepareQuery(session.dialect.sqlToQuery(statement), undefined, undefined, false);
    },
  }));
}

/**
 * Drizzle makes some values in JavaScript as it builds the SQL: a new row's id (`$defaultFn`) and `updated_at` on an
 * update (`$onUpdate`). Built once, every run would reuse the first one (the same id for every order). An insert or
 * update built once must give those columns itself (a placeholder, or SQL such as `now()`); refused otherwise, at
 * its first run.
 */
function refuseFrozenValues(builder: unknown) {
  const config = (builder as { config?: BuilderConfig }).config;
  if (!config?.table) return;
  const given = config.set ? [config.set] : Array.isArray(config.values) ? config.values : [];
  if (given.length === 0) return;
  for (const [key, column] of Object.entries(getTableColumns(config.table))) {
    const madeInJs = config.set
      ? column.onUpdateFn !== undefined
      : column.defaultFn !== undefined || (!column.default && column.onUpdateFn !== undefined);
    if (madeInJs && given.some((row) => row[key] === undefined)) {
      throw new Error(
        `preparedOnce: give ${getTableName(config.table)}.${key} (made in JavaScript by Drizzle)`,
      );
    }
  }
}

type BuilderConfig = { table?: Table; set?: Record<string, unknown>; values?: Record<string, unknown>[] };

/** The part of Drizzle's session this file reaches: its driver client, and how it prepares a statement. */
type Session = {
  client: unknown;
  constructor: unknown;
  dialect: { sqlToQuery(statement: SQL): unknown };
  prepareQuery(
    query: unknown,
    fields: undefined,
    name: undefined,
    arrayMode: false,
  ): { execute(values?: Record<string, unknown>): Promise<unknown> };
};

function sessionOf(db: DbOrTx): Session {
  return (db as unknown as { _: { session: Session } })._.session;
}

/**
 * The values of a row whose every column is a placeholder of the column's own name, for an insert built once: its
 * `execute` takes the row itself. Drizzle encodes an insert's placeholders as their columns do (dates, json).
 */
export function placeholders<const TKey extends string>(keys: readonly TKey[]): Placeholders<TKey> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as Placeholders<TKey>;
}

type Placeholders<TKey extends string> = { [K in TKey]: Placeholder<K> };
