import { createUser } from '@sala/db/factories/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

type Role = 'anonymous' | 'user' | 'admin' | 'superadmin';
type Row = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  body?: () => Promise<unknown> | unknown;
  expect: Record<Role, number>;
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let target: { id: string; email: string };
let n = 0;
const uniqueEmail = () => `nuevo-${Date.now()}-${n++}@example.test`;

/** Who may call what: one row per /api route (design.md §4, spec §6). */
const table = (): Row[] => [
  { method: 'GET', url: '/api/health', expect: { anonymous: 200, user: 200, admin: 200, superadmin: 200 } },
  { method: 'GET', url: '/api/ready', expect: { anonymous: 200, user: 200, admin: 200, superadmin: 200 } },
  { method: 'GET', url: '/api/catalog', expect: { anonymous: 200, user: 200, admin: 200, superadmin: 200 } },
  {
    method: 'GET',
    url: '/api/auth/session',
    expect: { anonymous: 200, user: 200, admin: 200, superadmin: 200 },
  },
  {
    method: 'POST',
    url: '/api/auth/register',
    body: () => ({
      name: 'Ana López',
      email: uniqueEmail(),
      phone: '5512345678',
      password: 'secreto1',
      passwordConfirmation: 'secreto1',
      acceptTerms: true,
    }),
    expect: { anonymous: 201, user: 201, admin: 201, superadmin: 201 },
  },
  {
    method: 'POST',
    url: '/api/auth/login',
    body: async () => ({ email: (await createUser(t.db)).email, password: 'secreto123' }),
    expect: { anonymous: 200, user: 200, admin: 200, superadmin: 200 },
  },
  {
    method: 'POST',
    url: '/api/auth/logout',
    expect: { anonymous: 204, user: 204, admin: 204, superadmin: 204 },
  },
  {
    method: 'POST',
    url: '/api/auth/forgot-password',
    body: () => ({ email: target.email }),
    expect: { anonymous: 200, user: 200, admin: 200, superadmin: 200 },
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    body: () => ({ token: 'x'.repeat(43), password: 'nueva123', passwordConfirmation: 'nueva123' }),
    expect: { anonymous: 400, user: 400, admin: 400, superadmin: 400 },
  },
  { method: 'GET', url: '/api/users', expect: { anonymous: 401, user: 403, admin: 200, superadmin: 200 } },
  {
    method: 'GET',
    url: '/api/users/:id',
    expect: { anonymous: 401, user: 403, admin: 200, superadmin: 200 },
  },
  {
    method: 'PATCH',
    url: '/api/users/:id',
    body: () => ({ name: 'Cliente Editado', email: target.email, phone: '5599999999' }),
    expect: { anonymous: 401, user: 403, admin: 200, superadmin: 200 },
  },
  {
    method: 'PATCH',
    url: '/api/users/:id/active',
    body: () => ({ isActive: true }),
    expect: { anonymous: 401, user: 403, admin: 403, superadmin: 200 },
  },
  {
    method: 'GET',
    url: '/api/me/sessions',
    expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
  },
  {
    method: 'GET',
    url: '/api/me/orders',
    expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
  },
  { method: 'GET', url: '/api/outbox', expect: { anonymous: 401, user: 403, admin: 403, superadmin: 200 } },
];

describe('permissions', () => {
  beforeAll(async () => {
    target = await createUser(t.db, { role: 'user' });
  });

  it('has a row for every /api route', () => {
    const covered = table().map((row) => `${row.method} ${row.url}`);
    expect([...t.app.routeAccess.keys()].sort()).toEqual([...new Set(covered)].sort());
  });

  for (const row of table()) {
    it(`${row.method} ${row.url}`, async () => {
      const results: Record<string, number> = {};
      for (const role of ['anonymous', 'user', 'admin', 'superadmin'] as const) {
        const cookie = role === 'anonymous' ? undefined : (await loginAs(t, role)).cookie;
        const res = await t.app.inject({
          method: row.method,
          url: row.url.replace(':id', target.id),
          headers: cookie ? { cookie } : {},
          ...(row.body ? { payload: (await row.body()) as object } : {}),
          remoteAddress: `10.1.${n++ % 250}.1`,
        });
        results[role] = res.statusCode;
        if (res.statusCode >= 400) {
          const body = res.json();
          expect(body.error.code, `${role}: ${res.body}`).toBeTypeOf('string');
          expect(body.error.message).toBeTypeOf('string');
        }
      }
      expect(results).toEqual(row.expect);
    });
  }

  it('lets a client read its own profile but not another client’s', async () => {
    const { user, cookie } = await loginAs(t, 'user');
    const own = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: { cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.json().email).toBe(user.email);
    const other = await t.app.inject({ method: 'GET', url: `/api/users/${target.id}`, headers: { cookie } });
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain(target.email);
  });

  it('never trusts a forged or unknown session cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { cookie: 'sala_session=forjada' },
    });
    expect(res.statusCode).toBe(401);
  });
});
