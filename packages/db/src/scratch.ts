import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from './client';

/**
 * Throw-away databases for tests, benches and the stress run: in-memory PGlite, or a new database on a PostgreSQL
 * server, dropped when closed. Migrations are replayed once per run, not once per database: the test run's global
 * setup (`prepareScratchTemplates`) leaves a migrated PGlite snapshot and a migrated PostgreSQL template database,
 * and every scratch database starts as a copy of them (epic-stack copies a migrated database per worker the same way).
 * Without them (a bench, the stress run) each database is migrated as it opens.
 */

/**
 * The migrated PGlite data directory, written by the global setup: a plain tar (≈ 44 MB), which a new PGlite
 * loads in 0.32 s where the gzipped one (≈ 5 MB) took 0.54 s, once per test file (decision 037).
 */
export const PGLITE_SNAPSHOT_ENV = 'SALA_TEST_PGLITE_SNAPSHOT';
/** The migrated PostgreSQL database that `create database … template` copies, made by the global setup. */
export const POSTGRES_TEMPLATE_ENV = 'SALA_TEST_PG_TEMPLATE';

/** The PostgreSQL server for scratch databases: TEST_DATABASE_URL, or the local server. */
export const scratchServerUrl = () =>
  new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: scratchServerUrl().toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const scratchName = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;

function databaseUrl(name: string) {
  const url = scratchServerUrl();
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new database on the scratch server (a copy of the migrated template when the run made one, else empty), and a
 * way to drop it.
 */
export async function createScratchPostgresDatabase(options: { empty?: boolean } = {}) {
  const name = scratchName('sala_test');
  const template = options.empty ? undefined : process.env[POSTGRES_TEMPLATE_ENV];
  await onServer(template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { url: databaseUrl(name), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

/** A new, empty database on the scratch server (migrated by whoever opens it). */
export const createEmptyPostgresDatabase = () => createScratchPostgresDatabase({ empty: true });

let snapshot: Uint8Array | undefined;
function pgliteSnapshot() {
  const file = process.env[PGLITE_SNAPSHOT_ENV];
  if (!snapshot && file && existsSync(file)) snapshot = new Uint8Array(readFileSync(file));
  return snapshot;
}

/** A migrated scratch database of the given kind; closing it drops it. */
export async function openScratchDatabase(
  kind: 'pglite' | 'postgres',
  options: { poolSize?: number } = {},
): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite', snapshot: pgliteSnapshot() });
  const scratch = await createScratchPostgresDatabase();
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: options.poolSize ?? 8 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * The run's global setup: a migrated PGlite snapshot in `dir`, and with `postgres` a migrated template database on
 * the scratch server. Sets the environment that `openScratchDatabase` reads (workers inherit it) and returns the
 * teardown.
 */
export async function prepareScratchTemplates(options: { snapshotFile: string; postgres: boolean }) {
  const pglite = await openDatabase({ kind: 'pglite' });
  try {
    if (!pglite.dump) throw new Error('PGlite gives no dump');
    writeFileSync(options.snapshotFile, await pglite.dump('none'));
  } finally {
    await pglite.close();
  }
  process.env[PGLITE_SNAPSHOT_ENV] = options.snapshotFile;
  if (!options.postgres) return async () => {};
  const template = scratchName('sala_template');
  await onServer(`create database ${template}`);
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(template), poolSize: 1 });
  await handle.close();
  process.env[POSTGRES_TEMPLATE_ENV] = template;
  return () => onServer(`drop database if exists ${template} with (force)`);
}
