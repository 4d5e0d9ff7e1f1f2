import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createBranch, createCity, createRoom } from '@sala/db/factories/factories';
import { rooms } from '@sala/db/schema/locations';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorOf } from '../src/lib/db-errors';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

// A built web app stand-in: the server serves it as it serves apps/web/dist.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'sala-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\n');

let t: TestApp;
let boss: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  t = await createTestApp({
    env: { WEB_DIST_DIR: webDist, PUBLIC_URL: 'https://reservas.example.mx' },
    // A route with no contract that hands a NUL byte to PostgreSQL, which refuses it in text (22021).
    extend: (app) => {
      app.get('/api/__nul', { config: { access: 'public' } }, async () =>
        app.database.db.execute(sql`select ${'a\u0000b'}::text as value`),
      );
    },
  });
  boss = await loginAs(t, 'superadmin');
});
afterAll(async () => {
  await t.close();
});

const expectEnvelope = (body: string, code: string) => {
  const parsed = JSON.parse(body);
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(parsed.error.code).toBe(code);
  expect(parsed.error.message).toMatch(/[a-záéíóúñ]/i);
  expect(parsed.error.message).not.toMatch(/FST_|\/api\/|Fastify/);
  return parsed.error as { code: string; message: string };
};

describe('identifiers are normalised at the contract', () => {
  it('reads a row by its id in any letter case', async () => {
    const { user } = await loginAs(t, 'user');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id.toUpperCase()}`,
      headers: { cookie: boss.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
  });

  it('refuses a super admin demoting or deactivating itself through an upper-case id', async () => {
    const id = boss.user.id.toUpperCase();
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}`,
      headers: { cookie: boss.cookie },
      payload: { name: boss.user.name, email: boss.user.email, phone: boss.user.phone, role: 'user' },
    });
    expect(demote.statusCode).toBe(403);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}/active`,
      headers: { cookie: boss.cookie },
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(403);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: boss.cookie },
    });
    expect(me.json().user).toMatchObject({ role: 'superadmin', isActive: true });
  });

  it('takes upper-case ids in bodies and queries too', async () => {
    const city = await createCity(t.db);
    const branch = await createBranch(t.db, { cityId: city.id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: { cookie: boss.cookie },
      payload: { cityId: city.id.toUpperCase(), branchId: branch.id.toUpperCase(), position: 5 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ cityId: city.id, branchId: branch.id });
    const options = await t.app.inject({
      method: 'GET',
      url: `/api/branches/options?cityId=${city.id.toUpperCase()}`,
      headers: { cookie: boss.cookie },
    });
    expect(options.json()).toEqual([expect.objectContaining({ id: branch.id })]);
  });
});

describe("Fastify's own refusals come in the envelope, in Spanish", () => {
  it('an over-long parameter → 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${'a'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expectEnvelope(res.body, 'invalid-argument');
    expect(res.body).not.toContain('aaaa');
  });

  it('a malformed URL → 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.body, 'invalid-argument');
    expect(res.body).not.toContain('%E0');
  });

  it('a body over the limit → 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(expectEnvelope(res.body, 'invalid-argument').message).toBe('La solicitud es demasiado grande.');
  });

  it('a NUL byte that slips past a contract to the database → 400, not 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__nul' });
    expect(res.statusCode, res.body).toBe(400);
    expectEnvelope(res.body, 'invalid-argument');
  });

  describe('over a real socket', () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as net.AddressInfo).port;
    });
    const raw = (request: string) =>
      new Promise<string>((resolve) => {
        let data = '';
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
        socket.on('data', (chunk) => {
          data += chunk;
        });
        socket.on('close', () => resolve(data));
        socket.on('error', () => resolve(data));
      });
    const split = (response: string) => {
      const [head, ...body] = response.split('\r\n\r\n');
      return { status: Number(head!.split(' ')[1]), body: body.join('\r\n\r\n') };
    };

    it('headers over the size limit → 431', async () => {
      const res = split(
        await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      expect(res.status).toBe(431);
      expectEnvelope(res.body, 'invalid-argument');
    });

    it('a query string over the size limit → 431', async () => {
      const res = split(await raw(`GET /api/users?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
      expect(res.status).toBe(431);
      expectEnvelope(res.body, 'invalid-argument');
    });

    it('garbage instead of HTTP → 400', async () => {
      const res = split(await raw('HOLA MUNDO\r\n\r\n'));
      expect(res.status).toBe(400);
      expectEnvelope(res.body, 'invalid-argument');
    });
  });
});

describe('cross-site writes are refused (defence in depth)', () => {
  const logout = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });

  it('refuses a cross-site text/plain logout and keeps the session', async () => {
    const { cookie } = await loginAs(t, 'user');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://malicioso.example', 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(403);
    expect(expectEnvelope(res.body, 'permission-denied').message).toBe(
      'Solicitud rechazada: viene de otro sitio.',
    );
    const still = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(still.json().user).not.toBeNull();
  });

  it.each([
    ['an Origin of another site', { origin: 'https://malicioso.example' }, 403],
    ['Origin null (a sandboxed frame)', { origin: 'null' }, 403],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }, 403],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }, 403],
    ['the public URL as Origin', { origin: 'https://reservas.example.mx' }, 204],
    ['the host it was sent to as Origin', { origin: 'http://localhost:80', host: 'localhost:80' }, 204],
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }, 204],
    ['no browser headers at all (a server, a webhook)', {}, 204],
  ])('%s → %i', async (_label, headers, status) => {
    expect((await logout(headers as Record<string, string>)).statusCode).toBe(status);
  });

  it('refuses every state-changing method, before authentication', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/cities/0199a2b3-0000-7000-8000-000000000000',
        headers: { origin: 'https://malicioso.example' },
      });
      expect(res.statusCode, method).toBe(403);
    }
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/catalog',
      headers: { origin: 'https://malicioso.example' },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('admin figures', () => {
  it('counts each zone’s branches, and sorts zones by that count', async () => {
    const big = await createCity(t.db, { name: `Zona grande ${Date.now()}` });
    const small = await createCity(t.db, { name: `Zona chica ${Date.now()}` });
    await createBranch(t.db, { cityId: big.id });
    await createBranch(t.db, { cityId: big.id });
    await createBranch(t.db, { cityId: small.id });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/cities?sort=branchCount&dir=desc&pageSize=50&q=Zona',
      headers: { cookie: boss.cookie },
    });
    const rows = res.json().rows as { id: string; branchCount: number }[];
    expect(rows.find((r) => r.id === big.id)?.branchCount).toBe(2);
    expect(rows.find((r) => r.id === small.id)?.branchCount).toBe(1);
    const counts = rows.map((r) => r.branchCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(rows.findIndex((r) => r.id === big.id)).toBeLessThan(rows.findIndex((r) => r.id === small.id));
  });

  it('lists rooms by zone, branch and position, so a branch’s rooms stay together', async () => {
    const city = await createCity(t.db, { name: `AAA Salas ${Date.now()}` });
    const b1 = await createBranch(t.db, { cityId: city.id, name: 'Beta' });
    const b2 = await createBranch(t.db, { cityId: city.id, name: 'Alfa' });
    for (const [branch, position] of [
      [b1, 2],
      [b2, 3],
      [b1, 1],
      [b2, 1],
    ] as const) {
      await createRoom(t.db, { branchId: branch.id, cityId: city.id, position });
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/rooms?q=${encodeURIComponent(city.name)}`,
      headers: { cookie: boss.cookie },
    });
    expect(
      res.json().rows.map((r: { branchName: string; name: string }) => `${r.branchName} ${r.name}`),
    ).toEqual(['Alfa Sala 1', 'Alfa Sala 3', 'Beta Sala 1', 'Beta Sala 2']);
  });
});

describe('the database keeps a room’s zone equal to its branch’s', () => {
  it('refuses a room whose zone is not its branch’s', async () => {
    const branch = await createBranch(t.db);
    const other = await createCity(t.db);
    const error = await t.db
      .insert(rooms)
      .values({ name: 'Sala 1', position: 1, branchId: branch.id, cityId: other.id })
      .catch((e: unknown) => e);
    expect(pgErrorOf(error)).toMatchObject({ code: '23503', constraint: 'rooms_branch_city_fk' });
    expect(await t.db.select().from(rooms).where(eq(rooms.branchId, branch.id))).toEqual([]);
  });
});

describe('unknown paths', () => {
  it('answers a page of the app with 200 and anything else with the app and 404', async () => {
    for (const url of ['/', '/nosotros', '/reserva?zona=1', '/admin/usuarios', '/registro/iniciar-sesion/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    }
    for (const url of ['/no-existe', '/nosotros/otra', '/wp-login.php/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves robots.txt as text and never serves the app for a missing asset', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-123.js' })).statusCode).toBe(200);
    for (const url of ['/assets/app-old.js', '/assets/nada', '/favicon-viejo.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
      expectEnvelope(res.body, 'not-found');
    }
  });
});
