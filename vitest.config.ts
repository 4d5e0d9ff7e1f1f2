import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { POSTGRES_FILES } from './apps/api/test/postgres-files';

// TEST_DB=postgres (`npm run test:pg`) runs again only the files whose answer the engine can change.
const onPostgres = process.env.TEST_DB === 'postgres';
const postgresFiles = Object.keys(POSTGRES_FILES).map((file) => `test/${file}`);
for (const file of postgresFiles)
  if (!existsSync(new URL(`./apps/api/${file}`, import.meta.url)))
    throw new Error(`postgres-files.ts: ${file} no existe`);

export default defineConfig({
  test: {
    // Both cores (Vitest's default leaves one free: on this 2-core machine, one file at a time). The tests are
    // written for a busy machine (no fixed delays, CPU time where time is asserted).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'db',
          root: 'packages/db',
          environment: 'node',
          // On PostgreSQL: the demo history, whose second run there never ran before issue 40.
          include: onPostgres ? ['src/seed/history.test.ts'] : ['src/**/*.test.ts'],
          globalSetup: ['src/test-global-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          environment: 'node',
          include: onPostgres ? postgresFiles : ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['../../packages/db/src/test-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts', 'vite-plugins/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
          css: false,
          // Room for a few waits of up to 5 s each (src/test/setup.ts).
          testTimeout: 20_000,
        },
      },
    ],
  },
});
