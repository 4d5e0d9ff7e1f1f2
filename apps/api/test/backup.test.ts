import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { restorePgliteBackup } from '@sala/db/backup';
import { openDatabase } from '@sala/db/client';
import { createUser } from '@sala/db/factories/factories';
import { users } from '@sala/db/schema/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupMessages } from '../src/modules/health/backup.routes';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/** Issue 20 point 10: the running app hands out a consistent copy of its embedded database. */
let t: TestApp;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'sala-api-backup-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('GET /api/backup', () => {
  it('gives this machine a copy that restores into a fresh directory with the same rows', async (context) => {
    if (t.database.kind !== 'pglite') {
      const { cookie } = await loginAs(t, 'superadmin');
      const res = await t.app.inject({ method: 'GET', url: '/api/backup', headers: { cookie } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(backupMessages.postgres);
      context.skip();
    }
    await createUser(t.db, { name: 'Paciente Respaldada' });
    const rows = await t.db.select({ id: users.id, email: users.email }).from(users).orderBy(users.id);

    const res = await t.app.inject({ method: 'GET', url: '/api/backup' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="sala-comun-\d{8}-\d{6}\.tar\.gz"$/,
    );

    const dir = path.join(scratch, 'restaurada');
    await restorePgliteBackup(res.rawPayload, dir);
    const restored = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      expect(
        await restored.db.select({ id: users.id, email: users.email }).from(users).orderBy(users.id),
      ).toEqual(rows);
    } finally {
      await restored.close();
    }
  });

  it('refuses another address without a super admin session', async () => {
    const admin = await loginAs(t, 'admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/backup',
      headers: { cookie: admin.cookie },
      remoteAddress: '10.30.0.1',
    });
    expect(res.statusCode).toBe(403);
  });
});
