import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Channels, localChannels, postgresChannels } from './channels';
import { acquireDataDirLock } from './data-dir-lock';
import { takeTurns } from './fair-turns';
import { preparePgliteStatementsOnce } from './pglite-statements';
import { prepareStatementsOnce } from './prepared-statements';
/**
 * The common surface of the PGlite and node-postgres drivers; repositories take this (or a transaction). Built without
 * the schema: the app writes its queries with the query builder and never used Drizzle's relational queries
 * (`db.query.<table>`: with this type, one would not compile), and with the schema every transaction built a
 * relational query builder for each of the 65 tables (issue 46: 1–2 % of an API process's CPU in the money storm).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** A transaction (its one connection), not the database (a pool, or PGlite's one engine taken in turns). */
export const isTransaction = (db: DbOrTx): db is Tx => is(db, PgTransaction);

/**
 * How the connections are used: PostgreSQL's pool (connections open, idle, requests waiting for one) or PGlite's
 * one engine (busy or not, operations waiting for their turn); `acquired` counts every query or transaction that
 * took a connection (or a turn) since the database was opened, and `statements` every statement sent (a
 * transaction's BEGIN and its end are two): a request's cost in round trips to the database (issue 46).
 */
export type PoolStats = { size: number; idle: number; waiting: number; acquired: number; statements: number };

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping: () => Promise<void>;
  close: () => Promise<void>;
  pool: () => PoolStats;
  /** Messages to every process that shares this database, after a commit (channels.ts). */
  channels: Channels;
  /**
   * PGlite only: a consistent copy of the whole database (a tar of its data directory, gzipped unless told
   * otherwise), taken in a turn of its own (no query or transaction in between) right after a checkpoint.
   * PostgreSQL has pg_dump.
   */
  dump?: (compression?: 'gzip' | 'none') => Promise<Uint8Array>;
};

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Any constant will do: it only has to be the same in every process that migrates. */
const MIGRATION_LOCK_KEY = 7_310_041;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * dataDir undefined: in memory (tests). snapshot: a dump of a migrated database to start from (scratch.ts), so
   * the migrations are not replayed.
   */
  | { kind: 'pglite'; dataDir?: string; snapshot?: Uint8Array };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize)
    : openPglite(options.dataDir, options.snapshot);
}

async function openPglite(dataDir: string | undefined, snapshot?: Uint8Array): Promise<DatabaseHandle> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    // PGlite ignores the options object when the first argument is undefined: pass dataDir inside it.
    const loadDataDir = snapshot ? new Blob([snapshot as Uint8Array<ArrayBuffer>]) : undefined;
    const client = new PGlite({ dataDir, loadDataDir, extensions: { pg_trgm } });
    await client.waitReady;
    // One query or transaction per turn of the event loop: requests arriving in a burst are read and served in
    // order, never starved by the engine's own hand-offs (fair-turns.ts).
    const checkpoint = client.exec.bind(client);
    // Each statement parsed once (decision 039); before the turns, which then take one for each.
    const statements = preparePgliteStatementsOnce(client);
    const turns = takeTurns(client);
    const db = drizzlePglite({ client }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    const channels = localChannels();
    return {
      db,
      kind: 'pglite',
      channels,
      ping: async () => {
        await client.query('select 1');
      },
      pool: () => {
        const { busy, waiting, taken } = turns.stats();
        return { size: 1, idle: busy ? 0 : 1, waiting, acquired: taken, statements: statements() };
      },
      dump: (compression = 'gzip') =>
        turns(async () => {
          await checkpoint('checkpoint');
          const tar = await client.dumpDataDir(compression);
          return new Uint8Array(await tar.arrayBuffer());
        }),
      close: async () => {
        try {
          await channels.close();
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  // A connection idle for 5 minutes closes (node-postgres' default: 10 s). Each connection prepares the app's
  // statements once (decision 039) and PostgreSQL plans them for it: one dropped after a lull of seconds made the
  // next burst parse and plan everything again (issue 46: 6 % less CPU a request in the money storm).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 5 * 60_000,
  });
  // A pool error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const statements = prepareStatementsOnce(pool);
  let acquired = 0;
  pool.on('acquire', () => {
    acquired++;
  });
  const db = drizzlePg({ client: pool }) as unknown as Db;
  // Several API processes may start together: one migrates while the others wait on the advisory lock.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
  const channels = postgresChannels(pool, url);
  return {
    db,
    kind: 'postgres',
    channels,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    pool: () => ({
      size: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      acquired,
      statements: statements(),
    }),
    close: async () => {
      await channels.close();
      await pool.end();
    },
  };
}
