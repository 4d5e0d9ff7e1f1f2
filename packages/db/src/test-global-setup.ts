import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareScratchTemplates } from './scratch';

/** Set on the run's process by the first project that prepares the templates; the projects after it reuse them. */
const PREPARED = Symbol.for('sala.scratch-templates-prepared');

/**
 * Vitest's global setup for the projects that open databases: migrate once per run (a PGlite snapshot, and with
 * TEST_DB=postgres a template database), so each test file starts from a copy instead of replaying every migration.
 * Vitest runs a project's global setup once per project, one after the other, in its own process: db, api and
 * api-mocks all list this file, and only the first one migrates (the environment it sets is the process's).
 */
export default async function setup() {
  const run = globalThis as { [PREPARED]?: boolean };
  if (run[PREPARED]) return async () => {};
  run[PREPARED] = true;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sala-scratch-'));
  const teardown = await prepareScratchTemplates({
    snapshotFile: path.join(dir, 'migrated.tar'),
    postgres: process.env.TEST_DB === 'postgres',
  });
  return async () => {
    await teardown();
    rmSync(dir, { recursive: true, force: true });
    run[PREPARED] = false;
  };
}
