import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmptyPostgresDatabase } from '@sala/db/scratch';
import { addDays, businessDate, weekdayOf } from '@sala/shared/time/business-time';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, startServer, waitForReady } from '../harness/processes';

afterAll(() => {
  killAllServers();
});

// One process and its configuration: the same on either engine, so on the PGlite run only (postgres-files.ts).
describe.skipIf(process.env.TEST_DB === 'postgres')('server process', () => {
  it('refuses a second process on the same PGlite directory while the first keeps serving', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sala-two-'));
    const first = startServer({ PORT: '3291', DATA_DIR: dataDir });
    await waitForReady(3291);
    expect(first.output()).toContain('superadmin@example.com');
    // Issue 27: the lived-in demo is seeded on a first start, within 15 s, and says how long it took.
    const seededIn = first.output().match(/se cargaron los datos de demostración en (\d+),(\d) s\./);
    expect(seededIn, first.output()).not.toBeNull();
    expect(Number(`${seededIn![1]}.${seededIn![2]}`)).toBeLessThan(15);
    // Today's Reservaciones and the last days' corte have rows on a first start.
    const login = await fetch('http://127.0.0.1:3291/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3291' },
      body: JSON.stringify({ email: 'superadmin@example.com', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const staffGet = async (url: string) =>
      (await (await fetch(`http://127.0.0.1:3291${url}`, { headers: { cookie } })).json()) as {
        total?: number;
        movements?: unknown[];
      };
    const today = businessDate(new Date());
    // On a Sunday the branches close: the next day's Reservaciones (the demo books the coming days too).
    const openDay = weekdayOf(today) === 0 ? addDays(today, 1) : today;
    expect((await staffGet(`/api/staff/sessions?date=${openDay}&pageSize=5`)).total).toBeGreaterThan(0);
    // Yesterday, or Saturday when yesterday was a Sunday (the branches close; the online store may not sell).
    const yesterday = addDays(today, weekdayOf(today) === 1 ? -2 : -1);
    expect((await staffGet(`/api/cash-summary?date=${yesterday}`)).movements?.length).toBeGreaterThan(0);

    const second = startServer({ PORT: '3292', DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/ya está en uso por otro proceso/);

    const health = await fetch('http://127.0.0.1:3291/api/ready');
    expect(health.status).toBe(200);

    // Graceful shutdown: SIGTERM closes the server and the database and exits cleanly.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // The directory is free again and the demo data is not seeded twice.
    const third = startServer({ PORT: '3293', DATA_DIR: dataDir });
    await waitForReady(3293);
    expect(third.output()).not.toContain('se cargaron los datos de demostración');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 180_000);

  // Every rule of the configuration is proven in-process (src/config.test.ts); this proves what the process does
  // with a refusal: the message as its one line of output, and exit code 1.
  it('exits with one clear line on bad configuration', async () => {
    const server = startServer({
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sala-cfg-')),
      NODE_ENV: 'production',
      PAYMENTS_MODE: 'test',
    });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^Configuración inválida: SMTP_URL: falta SMTP_URL .*MAIL_MODE=outbox\.$/),
    ]);
  }, 30_000);

  it('runs production on test cards and the outbox only when told to, and says so at boot', async () => {
    const server = startServer({
      NODE_ENV: 'production',
      PAYMENTS_MODE: 'test',
      MAIL_MODE: 'outbox',
      // Asked for, and still never loaded in production (issue 27): no demo accounts.
      SEED_DEMO: 'true',
      PORT: '3296',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sala-prod-')),
    });
    await waitForReady(3296);
    const demo = await fetch('http://127.0.0.1:3296/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3296' },
      body: JSON.stringify({ email: 'superadmin@example.com', password: 'demo1234' }),
    });
    // No such account (the login answers it as it answers any unknown e-mail).
    expect(demo.status).not.toBe(200);
    expect(((await demo.json()) as { error?: { code: string } }).error?.code).toMatch(
      /not-found|unauthenticated/,
    );
    expect(server.output()).not.toContain('datos de demostración');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/"level":40.*MODO DE PRUEBAS/);
    expect(server.output()).toContain('Correo: sin SMTP_URL');
  }, 150_000);
});

describe.runIf(process.env.TEST_DB === 'postgres')('several processes on one PostgreSQL', () => {
  it('start together on an empty database (one migrates, the others wait) and serve the same data', async () => {
    const empty = await createEmptyPostgresDatabase();
    try {
      const env = { DATABASE_URL: empty.url, SEED_DEMO: 'true' };
      const a = startServer({ ...env, PORT: '3294' });
      const b = startServer({ ...env, PORT: '3295' });
      await Promise.all([waitForReady(3294), waitForReady(3295)]);
      const [fromA, fromB] = await Promise.all(
        [3294, 3295].map(
          async (port) =>
            (await (await fetch(`http://127.0.0.1:${port}/api/catalog`)).json()) as { packages: unknown[] },
        ),
      );
      expect(fromA?.packages.length).toBeGreaterThan(0);
      expect(fromB).toEqual(fromA);
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
    } finally {
      await empty.drop();
    }
  }, 180_000);
});
