import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { RestoreTargetNotEmptyError, restorePgliteBackup } from './backup';
import { openDatabase } from './client';
import { createBranch, createOrder, createRoom, createSession, createUser } from './factories/factories';
import { orders } from './schema/commerce';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'sala-backup-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every table's row count, and the users as stored: what "the same rows" means. */
async function snapshot(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const tables = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
  const counts: Record<string, number> = {};
  for (const name of names) {
    const result = await db.execute(sql.raw(`select count(*)::int as n from "${name}"`));
    counts[name] = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }
  const people = await db.execute(sql`select id, email, credits from users order by id`);
  return { counts, people: (people as unknown as { rows: unknown[] }).rows };
}

// Two PGlite databases opened and migrated, a copy and a restore: about 4 s here, over the 5 s default when the
// machine is busy (it failed one run in ten that way).
describe('PGlite backups (issue 20 point 10)', { timeout: 60_000 }, () => {
  it('a copy taken while the database is open restores into a fresh directory with the same rows', async () => {
    const source = await openDatabase({ kind: 'pglite', dataDir: path.join(scratch, 'live') });
    try {
      const branch = await createBranch(source.db);
      const room = await createRoom(source.db, { branchId: branch.id, cityId: branch.cityId });
      for (let i = 0; i < 3; i++)
        await createSession(source.db, room, { userId: (await createUser(source.db)).id });
      const before = await snapshot(source.db);
      expect(before.counts.room_sessions).toBe(3);

      // Taken with the app still running (its lock held), between two of its writes.
      const backup = await source.dump!();
      await createUser(source.db);

      const restoredDir = path.join(scratch, 'restored');
      await restorePgliteBackup(backup, restoredDir);
      expect(readdirSync(restoredDir)).not.toContain('sala.lock');
      const restored = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
      try {
        expect(await snapshot(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }
    } finally {
      await source.close();
    }
  });

  it('keeps the orders’ folios, and the next order after a restore gets the next one (issue 39)', async () => {
    const source = await openDatabase({ kind: 'pglite', dataDir: path.join(scratch, 'folios') });
    let folios: number[];
    let backup: Uint8Array;
    try {
      for (let i = 0; i < 3; i++) await createOrder(source.db);
      folios = (await source.db.select({ folio: orders.folio }).from(orders).orderBy(orders.folio)).map(
        (o) => o.folio,
      );
      backup = await source.dump!();
    } finally {
      await source.close();
    }
    const restoredDir = path.join(scratch, 'folios-restored');
    await restorePgliteBackup(backup, restoredDir);
    const restored = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
    try {
      const kept = await restored.db.select({ folio: orders.folio }).from(orders).orderBy(orders.folio);
      expect(kept.map((o) => o.folio)).toEqual(folios);
      // The sequence came along: no folio is handed out twice.
      expect((await createOrder(restored.db)).folio).toBe(Math.max(...folios) + 1);
    } finally {
      await restored.close();
    }
  });

  it('never restores over a directory that holds data', async () => {
    const used = path.join(scratch, 'used');
    rmSync(used, { recursive: true, force: true });
    await import('node:fs').then((fs) => fs.mkdirSync(used, { recursive: true }));
    writeFileSync(path.join(used, 'PG_VERSION'), '17');
    await expect(restorePgliteBackup(new Uint8Array([1, 2, 3]), used)).rejects.toBeInstanceOf(
      RestoreTargetNotEmptyError,
    );
  });
});
