import { openScratchDatabase } from '@sala/db/scratch';
import type { HTTPMethods } from 'fastify';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the PostgreSQL server when
 * TEST_DB=postgres (TEST_DATABASE_URL, default the local server), dropped afterwards. Either starts migrated, as a
 * copy of the run's template (packages/db/src/scratch.ts).
 */
export const openTestDatabase = () =>
  openScratchDatabase(process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

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
    /** The API test client: one request, as the holder of `cookie` sends it (none: a visitor), with its JSON body. */
    call: (method: HTTPMethods, url: string, cookie?: string, payload?: object) =>
      app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) }),
    db: database.db,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
