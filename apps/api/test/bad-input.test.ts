import { createUser } from '@sala/db/factories/factories';
import { type authSessions, passwordResetTokens, users } from '@sala/db/schema/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let boss: { cookie: string };
let target: { id: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  boss = await loginAs(t, 'superadmin');
  target = await createUser(t.db);
});
afterAll(async () => {
  await t.close();
});

const long = 'a'.repeat(10_000);
const html = '<script>alert("x")</script>';
const sqlText = "'; DROP TABLE users; --";

/** Every form endpoint, with a valid body to spoil one field at a time. */
const endpoints = () => [
  {
    name: 'register',
    method: 'POST' as const,
    url: '/api/auth/register',
    valid: () => ({
      name: 'Ana López',
      email: 'ana-nueva@example.test',
      phone: '5512345678',
      password: 'secreto1',
      passwordConfirmation: 'secreto1',
      acceptTerms: true,
    }),
  },
  {
    name: 'login',
    method: 'POST' as const,
    url: '/api/auth/login',
    valid: () => ({ email: target.email, password: 'x' }),
  },
  {
    name: 'forgot',
    method: 'POST' as const,
    url: '/api/auth/forgot-password',
    valid: () => ({ email: target.email }),
  },
  {
    name: 'reset',
    method: 'POST' as const,
    url: '/api/auth/reset-password',
    valid: () => ({ token: 'x'.repeat(43), password: 'nueva123', passwordConfirmation: 'nueva123' }),
  },
  {
    name: 'edit user',
    method: 'PATCH' as const,
    url: () => `/api/users/${target.id}`,
    valid: () => ({ name: 'Cliente Uno', email: target.email, phone: '5512345678', credits: 3 }),
    optional: ['credits'],
  },
  {
    name: 'toggle user',
    method: 'PATCH' as const,
    url: () => `/api/users/${target.id}/active`,
    valid: () => ({ isActive: true }),
  },
];

function withTarget(stand: { id: string; email: string }, valid: () => object) {
  const real = target;
  target = target ?? stand;
  try {
    return valid();
  } finally {
    target = real;
  }
}

async function snapshot() {
  const count = async (table: typeof users | typeof authSessions | typeof passwordResetTokens) =>
    (await t.db.select({ c: sql<number>`count(*)::int` }).from(table))[0]!.c;
  const [row] = await t.db.select().from(users).where(sql`${users.id} = ${target.id}`);
  return { users: await count(users), resets: await count(passwordResetTokens), target: row };
}

describe('bad input on every form endpoint', () => {
  // Field names are known before the target user exists; bodies are built when each test runs.
  const stand = { id: '00000000-0000-4000-8000-000000000000', email: 'x@example.test' };
  for (const endpoint of endpoints()) {
    const fields = Object.keys(withTarget(stand, endpoint.valid));
    const spoilers: [string, (field: string) => Record<string, unknown>][] = [
      ['missing', (f) => ({ [f]: undefined })],
      [
        'wrong type',
        (f) => ({
          [f]:
            typeof (withTarget(stand, endpoint.valid) as Record<string, unknown>)[f] === 'string'
              ? 12345
              : 'texto',
        }),
      ],
      ['10 000 characters', (f) => ({ [f]: long })],
      ['HTML', (f) => ({ [f]: html })],
      ['SQL', (f) => ({ [f]: sqlText })],
    ];
    for (const field of fields) {
      for (const [kind, spoil] of spoilers) {
        // A free-text password may legitimately contain markup or quotes; those are hashed, never shown.
        if (field.toLowerCase().includes('password') && (kind === 'HTML' || kind === 'SQL')) continue;
        // Leaving out an optional field (credits: "no change") is not bad input.
        if (kind === 'missing' && 'optional' in endpoint && endpoint.optional?.includes(field)) continue;
        it(`${endpoint.name}: ${field} ${kind} → 400 in Spanish, nothing stored`, async () => {
          const before = await snapshot();
          const url = typeof endpoint.url === 'function' ? endpoint.url() : endpoint.url;
          const res = await t.app.inject({
            method: endpoint.method,
            url,
            headers: { cookie: boss.cookie },
            payload: { ...endpoint.valid(), ...spoil(field) },
          });
          expect(res.statusCode, res.body).toBe(400);
          const { error } = res.json();
          expect(error.code).toBe('invalid-argument');
          expect(error.message).toMatch(/[a-záéíóúñ]/i);
          expect(error.message).not.toMatch(/^(Invalid|Expected|Required)/);
          expect(await snapshot()).toEqual(before);
        });
      }
    }
  }
});
