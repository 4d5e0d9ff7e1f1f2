import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareScratchTemplates } from './scratch';

/**
 * Vitest's global setup for the projects that open databases: migrate once per run (a PGlite snapshot, and with
 * TEST_DB=postgres a template database), so each test file starts from a copy instead of replaying every migration.
 */
export default async function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sala-scratch-'));
  const teardown = await prepareScratchTemplates({
    snapshotFile: path.join(dir, 'migrated.tar.gz'),
    postgres: process.env.TEST_DB === 'postgres',
  });
  return async () => {
    await teardown();
    rmSync(dir, { recursive: true, force: true });
  };
}
