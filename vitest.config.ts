import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { POSTGRES_FILES } from './apps/api/test/postgres-files';

// TEST_DB=postgres (`npm run test:pg`) runs again only the files whose answer the engine can change.
const onPostgres = process.env.TEST_DB === 'postgres';
const postgresFiles = Object.keys(POSTGRES_FILES).map((file) => `test/${file}`);
for (const file of postgresFiles)
  if (!existsSync(new URL(`./apps/api/${file}`, import.meta.url)))
    throw new Error(`postgres-files.ts: ${file} no existe`);

/**
 * The test files of a package that replace a module (vi.mock, vi.doMock, vi.resetModules): they run isolated, each
 * with modules of its own. The api and web projects share one module graph per worker, where a mock would reach the
 * files after it, or miss.
 */
const mocking = (root: string, dirs: string[], test: RegExp) => {
  const base = new URL(root, import.meta.url);
  return dirs.flatMap((dir) =>
    readdirSync(new URL(dir, base), { recursive: true, encoding: 'utf8' })
      .map((file) => `${dir}/${file}`)
      .filter(
        (file) =>
          test.test(file) &&
          readFileSync(new URL(file, base), 'utf8').match(/\bvi\.(?:mock|doMock|resetModules)\(/),
      ),
  );
};
const MOCKING_FILES = mocking('./apps/api/', ['src', 'test'], /\.test\.ts$/);
const WEB_TESTS = ['src/**/*.test.tsx', 'src/**/*.test.ts', 'vite-plugins/**/*.test.ts'];
const WEB_MOCKING_FILES = mocking('./apps/web/', ['src', 'vite-plugins'], /\.test\.tsx?$/);

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
          // Pure rules: one module graph per worker, not one per file (an import cost 20 times the tests' own time).
          isolate: false,
          setupFiles: ['src/test-each-file.ts'],
        },
      },
      {
        test: {
          name: 'db',
          root: 'packages/db',
          environment: 'node',
          // On PostgreSQL: the demo history, whose second run there never ran before issue 40, and the named statements.
          include: onPostgres
            ? ['src/seed/history.test.ts', 'src/prepared-statements.test.ts']
            : ['src/**/*.test.ts'],
          globalSetup: ['src/test-global-setup.ts'],
          isolate: false,
          setupFiles: ['../../packages/shared/src/test-each-file.ts'],
          // As the api project: an engine opened fresh (PGlite.create, its files restored in WASM) took over 10 s
          // in a hook beside the other phases of `npm test` on this 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          environment: 'node',
          include: onPostgres ? postgresFiles : ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: MOCKING_FILES,
          globalSetup: ['../../packages/db/src/test-global-setup.ts'],
          // One module graph per worker, not per file: the API's import (≈ 3 s a file) is paid twice, not 54
          // times. Each file still builds its own app on its own database; no file mocks a module (those below).
          isolate: false,
          setupFiles: [
            '../../packages/shared/src/test-each-file.ts',
            // On PostgreSQL, a query sent on a busy connection fails its test (pg 9 refuses it).
            ...(onPostgres ? ['test/one-query-at-a-time.ts'] : []),
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Files that replace a module (vi.mock) get modules of their own.
        test: {
          name: 'api-mocks',
          root: 'apps/api',
          environment: 'node',
          include: onPostgres ? postgresFiles.filter((file) => MOCKING_FILES.includes(file)) : MOCKING_FILES,
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
          include: WEB_TESTS,
          exclude: WEB_MOCKING_FILES,
          // As the api project: one module graph and one jsdom per worker; src/test/setup.ts clears what a test
          // leaves in the page (the DOM, storage, the address, timers and mocks).
          isolate: false,
          setupFiles: ['src/test/setup.ts'],
          css: false,
          // Room for a few waits of up to 5 s each (src/test/setup.ts).
          testTimeout: 20_000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web-mocks',
          root: 'apps/web',
          environment: 'jsdom',
          include: WEB_MOCKING_FILES,
          setupFiles: ['src/test/setup.ts'],
          css: false,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
