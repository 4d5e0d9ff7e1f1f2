import { randomUUID } from 'node:crypto';
import { type DatabaseHandle, openDatabase } from '@sala/db/client';
import pg from 'pg';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the PostgreSQL server
 * when TEST_DB=postgres (TEST_DATABASE_URL, default the local server), dropped afterwards.
 */
const serverUrl = () =>
  new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl().toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the test PostgreSQL server, and a way to drop it. */
export async function createEmptyPostgresDatabase() {
  const name = `sala_test_${randomUUID().replaceAll('-', '')}`;
  await onServer(`create database ${name}`);
  const url = serverUrl();
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the PostgreSQL server
 * when TEST_DB=postgres (TEST_DATABASE_URL, default the local server), dropped afterwards.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB !== 'postgres') return openDatabase({ kind: 'pglite' });
  const empty = await createEmptyPostgresDatabase();
  const handle = await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 8 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await empty.drop();
    },
  };
}

export async function createTestApp(
  options: { env?: NodeJS.ProcessEnv; extend?: (app: App) => void | Promise<void> } = {},
) {
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', ...options.env });
  const app = await buildApp({ config, database });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
