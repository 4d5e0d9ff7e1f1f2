import { randomUUID } from 'node:crypto';
import {
  createBranch,
  createCost,
  createOrder,
  createProduct,
  createRoom,
  createUser,
} from '@sala/db/factories/factories';
import { passwordResetTokens } from '@sala/db/schema/auth';
import { dayBlocks, roomBlocks } from '@sala/db/schema/blocks';
import { costs, orders, products } from '@sala/db/schema/commerce';
import { creditLedger } from '@sala/db/schema/ledger';
import { branches, cities, rooms } from '@sala/db/schema/locations';
import { checkouts } from '@sala/db/schema/payments';
import { roomSessions } from '@sala/db/schema/sessions';
import { users } from '@sala/db/schema/users';
import { fieldMessages } from '@sala/shared/common/fields';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { addDays, businessDate, weekdayOf } from '@sala/shared/time/business-time';
import { sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/sql-rows';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let boss: { cookie: string };
let target: { id: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  boss = await loginAs(t, 'superadmin');
  target = await createUser(t.db);
  const room = await createRoom(t.db);
  const product = await createProduct(t.db);
  const [branch] = await t.db.select().from(branches).where(sql`${branches.id} = ${room.branchId}`);
  // A second branch without rooms, so a valid delete would go through: only the spoilt field stops it.
  const empty = await createBranch(t.db, { cityId: room.cityId });
  fx = {
    cityId: room.cityId,
    branchId: room.branchId,
    branchName: branch!.name,
    emptyBranchId: empty.id,
    emptyBranchName: empty.name,
    roomId: room.id,
    productId: product.id,
    checkoutId: (
      await t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { cookie: boss.cookie },
        payload: { checkoutId: randomUUID(), items: [{ productId: product.id, quantity: 1 }] },
      })
    ).json().checkoutId,
    posProductId: (await createProduct(t.db, { isDigital: false, priceCents: 5_000 })).id,
    orderId: (await createOrder(t.db, { userId: target.id, branchId: room.branchId })).id,
    costId: (await createCost(t.db, { branchId: room.branchId })).id,
  };
});
afterAll(async () => {
  await t.close();
});

// Stand-ins until beforeAll creates the real rows: field names are read before any test runs.
const standId = '00000000-0000-4000-8000-000000000000';
let fx = {
  cityId: standId,
  branchId: standId,
  branchName: 'x',
  emptyBranchId: standId,
  emptyBranchName: 'x',
  roomId: standId,
  productId: standId,
  checkoutId: standId,
  posProductId: standId,
  orderId: standId,
  costId: standId,
};

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
  { name: 'create zone', method: 'POST' as const, url: '/api/cities', valid: () => ({ name: 'Zona Nueva' }) },
  {
    name: 'edit zone',
    method: 'PATCH' as const,
    url: () => `/api/cities/${fx.cityId}`,
    valid: () => ({ name: 'Zona Editada' }),
  },
  {
    name: 'create branch',
    method: 'POST' as const,
    url: '/api/branches',
    valid: () => branchBody('Nueva'),
    // WhatsApp and the map link may be left out; an address and a description are free text.
    optional: ['whatsapp', 'mapUrl'],
    freeText: ['address', 'description'],
  },
  {
    name: 'edit branch',
    method: 'PATCH' as const,
    url: () => `/api/branches/${fx.branchId}`,
    valid: () => branchBody('Editada'),
    optional: ['whatsapp', 'mapUrl'],
    freeText: ['address', 'description'],
  },
  {
    name: 'delete branch',
    method: 'DELETE' as const,
    url: () => `/api/branches/${fx.emptyBranchId}`,
    valid: () => ({ confirmName: fx.emptyBranchName }),
  },
  {
    name: 'create room',
    method: 'POST' as const,
    url: '/api/rooms',
    valid: () => ({ cityId: fx.cityId, branchId: fx.branchId, position: 2 }),
  },
  {
    name: 'edit room',
    method: 'PATCH' as const,
    url: () => `/api/rooms/${fx.roomId}`,
    valid: () => ({ cityId: fx.cityId, branchId: fx.branchId, position: 3 }),
  },
  {
    name: 'toggle room',
    method: 'PATCH' as const,
    url: () => `/api/rooms/${fx.roomId}/active`,
    valid: () => ({ isActive: false }),
  },
  {
    name: 'create product',
    method: 'POST' as const,
    url: '/api/products',
    valid: () => productBody(),
    freeText: ['description'],
  },
  {
    name: 'edit product',
    method: 'PATCH' as const,
    url: () => `/api/products/${fx.productId}`,
    valid: () => productBody(),
    freeText: ['description'],
  },
  {
    name: 'block a day or hour',
    method: 'POST' as const,
    url: '/api/blocks/days',
    valid: () => ({
      cityId: fx.cityId,
      branchId: fx.branchId,
      date: aheadDate(),
      wholeDay: false,
      hour: '10:00',
    }),
  },
  {
    name: 'block a room',
    method: 'POST' as const,
    url: '/api/blocks/rooms',
    valid: () => ({
      cityId: fx.cityId,
      branchId: fx.branchId,
      roomId: fx.roomId,
      date: aheadDate(),
      wholeDay: false,
      hour: '11:00',
    }),
  },
  {
    name: 'unblock a room for a day',
    method: 'POST' as const,
    url: '/api/blocks/rooms/remove-day',
    valid: () => ({ roomId: fx.roomId, date: aheadDate() }),
  },
  {
    name: 'book a session',
    method: 'POST' as const,
    url: '/api/sessions',
    valid: () => ({ branchId: fx.branchId, roomId: fx.roomId, date: aheadDate(), hour: '15:00' }),
  },
  {
    name: 'book a courtesy session',
    method: 'POST' as const,
    url: '/api/staff/sessions',
    valid: () => ({
      branchId: fx.branchId,
      roomId: fx.roomId,
      date: aheadDate(),
      hour: '16:00',
      for: 'courtesy',
      courtesyName: 'Visita Cortesía',
    }),
  },
  {
    name: 'start a checkout',
    method: 'POST' as const,
    url: '/api/checkout',
    valid: () => ({ checkoutId: randomUUID(), items: [{ productId: fx.productId, quantity: 2 }] }),
  },
  {
    name: 'pay with the test card',
    method: 'POST' as const,
    url: () => `/api/checkout/${fx.checkoutId}/pay`,
    valid: () => ({ number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', holder: 'Ana Prueba' }),
  },
  {
    name: 'fix the own profile',
    method: 'PATCH' as const,
    url: '/api/me/profile',
    valid: () => ({ name: 'Nombre Corregido', phone: '5512345678' }),
  },
  {
    name: 'sell at the point of sale',
    method: 'POST' as const,
    url: '/api/pos/orders',
    valid: () => ({
      idempotencyKey: randomUUID(),
      clientId: target.id,
      branchId: fx.branchId,
      items: [{ productId: fx.posProductId, quantity: 2 }],
      cashCents: 10_000,
      openingFloatCents: 0,
    }),
    // Only the first sale of the day gives the drawer's float.
    optional: ['openingFloatCents'],
  },
  {
    name: 'open a cash drawer',
    method: 'POST' as const,
    url: '/api/cash-drawers',
    valid: () => ({ branchId: fx.branchId, openingFloatCents: 50_000 }),
  },
  {
    name: 'e-mail a ticket',
    method: 'POST' as const,
    url: () => `/api/orders/${fx.orderId}/send-ticket`,
    valid: () => ({ email: 'ticket@example.test' }),
  },
  {
    name: "adjust a client's credits",
    method: 'POST' as const,
    url: () => `/api/users/${target.id}/credits`,
    valid: () => ({ delta: 1, reason: 'Cortesía' }),
    freeText: ['reason'],
  },
  {
    name: 'cancel an order',
    method: 'POST' as const,
    url: () => `/api/orders/${fx.orderId}/cancel`,
    valid: () => ({ confirmation: 'cancelar orden' }),
  },
  {
    name: 'record an expense',
    method: 'POST' as const,
    url: '/api/costs',
    valid: () => ({
      name: 'Luz',
      description: 'Recibo',
      total: 350.5,
      branchId: fx.branchId,
      date: recentDate(),
    }),
    optional: ['description'],
    freeText: ['description'],
  },
  {
    name: 'edit an expense',
    method: 'PATCH' as const,
    url: () => `/api/costs/${fx.costId}`,
    valid: () => ({
      name: 'Agua',
      description: 'Garrafones',
      total: 90,
      branchId: fx.branchId,
      date: recentDate(),
    }),
    optional: ['description'],
    freeText: ['description'],
  },
  {
    name: 'toggle product',
    method: 'PATCH' as const,
    url: () => `/api/products/${fx.productId}/active`,
    valid: () => ({ isActive: false }),
  },
];

/** A day a few days back (an expense's date). */
function recentDate() {
  return addDays(businessDate(new Date()), -3);
}

/** A weekday a few days ahead (the block forms refuse Sundays and past days). */
function aheadDate() {
  const date = addDays(businessDate(new Date()), 3);
  return weekdayOf(date) === 0 ? addDays(date, 1) : date;
}

function branchBody(name: string) {
  return {
    name: `Sucursal ${name}`,
    cityId: fx.cityId,
    sessionCost: 2,
    schedule: DEFAULT_WEEKLY_SCHEDULE,
    address: 'Av. Insurgentes Sur 1235, Col. Del Valle',
    phone: '5552123456',
    whatsapp: '5512340001',
    mapUrl: 'https://maps.example.mx/valle',
    description: 'Cinco salas con sala de espera.',
  };
}

function productBody() {
  return {
    name: 'Paquete Nuevo',
    description: 'Cinco sesiones',
    price: 1000,
    credits: 5,
    extra: 1,
    isDigital: true,
    isService: false,
  };
}

function isText(endpoint: { valid: () => object }, field: string) {
  const stand = { id: '00000000-0000-4000-8000-000000000000', email: 'x@example.test' };
  return typeof (withTarget(stand, endpoint.valid) as Record<string, unknown>)[field] === 'string';
}

function withTarget(stand: { id: string; email: string }, valid: () => object) {
  const real = target;
  target = target ?? stand;
  try {
    return valid();
  } finally {
    target = real;
  }
}

/**
 * Everything a refused request could have written, read in one query (one round trip, not fifteen: this file
 * takes it twice for each of its ~800 cases): the row counts of users, reset tokens and the ledger, the target
 * account, and every row of the tables the forms write, in id order.
 */
async function snapshot() {
  const every = (table: AnyPgTable) =>
    sql`(select coalesce(jsonb_agg(t order by t.id), '[]') from ${table} t)`;
  const [row] = rowsOf<Record<string, unknown>>(
    await t.db.execute(sql`select
      (select count(*)::int from ${users}) as users,
      (select count(*)::int from ${passwordResetTokens}) as resets,
      (select to_jsonb(u) from ${users} u where u.id = ${target.id}) as target,
      ${every(cities)} as cities,
      ${every(branches)} as branches,
      ${every(rooms)} as rooms,
      ${every(products)} as products,
      ${every(dayBlocks)} as day_blocks,
      ${every(roomSessions)} as sessions,
      ${every(roomBlocks)} as room_blocks,
      ${every(checkouts)} as checkouts,
      ${every(orders)} as orders,
      ${every(costs)} as costs,
      (select count(*)::int from ${creditLedger}) as ledger`),
  );
  return row;
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
      ['NUL byte', (f) => ({ [f]: 'texto\u0000oculto' })],
      ['control character', (f) => ({ [f]: 'texto\u001b[31m' })],
      // JSON carries it as the escape \ud800 (JSON.stringify writes it so), and the server reads it back alone.
      ['lone surrogate', (f) => ({ [f]: 'texto\ud800' })],
    ];
    for (const field of fields) {
      for (const [kind, spoil] of spoilers) {
        // A free-text password may legitimately contain markup or quotes; those are hashed, never shown.
        if (field.toLowerCase().includes('password') && (kind === 'HTML' || kind === 'SQL')) continue;
        // Booleans and numbers: a string of any kind is already the 'wrong type' case.
        if (['NUL byte', 'control character', 'lone surrogate'].includes(kind) && !isText(endpoint, field))
          continue;
        // Leaving out an optional field (credits: "no change") is not bad input.
        if (kind === 'missing' && 'optional' in endpoint && endpoint.optional?.includes(field)) continue;
        // A description is free text: quotes and semicolons are fine there (stored as typed, shown escaped).
        if (kind === 'SQL' && 'freeText' in endpoint && endpoint.freeText?.includes(field)) continue;
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
          // zod's English defaults never reach a person.
          expect(error.message).not.toMatch(/^(Invalid|Expected|Required)/);
          expect(await snapshot()).toEqual(before);
        });
      }
    }
  }
});

describe('text that is not well-formed Unicode', () => {
  it.each([
    ['register', 'name'],
    ['create branch', 'name'],
    ['create branch', 'address'],
    ['record an expense', 'description'],
    ['create product', 'description'],
    ['fix the own profile', 'name'],
  ])('%s: a lone surrogate in %s → 400 in Spanish, nothing stored', async (name, field) => {
    const endpoint = endpoints().find((e) => e.name === name)!;
    // A raw body, so the escape reaches the server as written: JSON.parse gives back the lone half of a pair.
    const payload = JSON.stringify({ ...endpoint.valid(), [field]: 'Texto \ud800 suelto' });
    expect(payload).toContain('Texto \\ud800 suelto');
    const before = await snapshot();
    const res = await t.app.inject({
      method: endpoint.method,
      url: typeof endpoint.url === 'function' ? endpoint.url() : endpoint.url,
      headers: { cookie: boss.cookie, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid-argument',
      message: fieldMessages.controlCharacters,
      fields: { [field]: fieldMessages.controlCharacters },
    });
    expect(await snapshot()).toEqual(before);
  });
});

/**
 * Every route of the permission table (app.routeAccess), as a super admin: what no contract of ours can foresee
 * (a JSON null body, an over-long or upper-case id, a body over the limit, a NUL byte in the search) gets a 4xx
 * in the envelope, never a 500, and stores nothing.
 */
describe('bad input on every route', () => {
  const routes = () => [...t.app.routeAccess.keys()].map((key) => key.split(' ') as [string, string]);
  const realUrl = (url: string) =>
    url
      .replace('/api/users/:id', `/api/users/${target.id}`)
      .replace('/api/cities/:id', `/api/cities/${fx.cityId}`)
      .replace('/api/branches/:id', `/api/branches/${fx.emptyBranchId}`)
      .replace('/api/rooms/:id', `/api/rooms/${fx.roomId}`)
      .replace('/api/products/:id', `/api/products/${fx.productId}`)
      .replace(/:id\b/, standId);
  const expectEnvelope = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    const { error } = JSON.parse(res.body);
    expect(error.code).toBeTypeOf('string');
    expect(error.message).toMatch(/[a-záéíóúñ]/i);
    expect(error.message).not.toMatch(/FST_|Fastify|\/api\//);
  };
  // Logging out would end the session the other checks use; it reads no body (see the permission table).
  const writes = () => routes().filter(([method, url]) => method !== 'GET' && url !== '/api/auth/logout');
  const inject = (method: string, url: string, extra: object = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: boss.cookie, 'content-type': 'application/json' },
      remoteAddress: '10.200.0.1',
      ...extra,
    });

  it('covers every route with the checks below', () => {
    expect(routes().length).toBeGreaterThan(20);
  });

  it('answers a JSON null body with 4xx in the envelope, storing nothing', async () => {
    for (const [method, url] of writes()) {
      const before = await snapshot();
      // A delete that reads no body would go through: aim it at a row that does not exist.
      const target = method === 'DELETE' ? url.replace(':id', standId) : realUrl(url);
      const res = await inject(method, target, { payload: 'null' });
      if (res.statusCode >= 300) expectEnvelope(res);
      expect(await snapshot(), `${method} ${url}`).toEqual(before);
    }
  });

  // Writes that read no body at all (making or revoking a calendar address): a missing body is their normal call.
  const bodyless = new Set([
    'POST /api/me/calendar-feed',
    'DELETE /api/me/calendar-feed',
    'POST /api/branches/:id/calendar-feed',
    // Issue 45: a new secret to set up, and ending logins, take no body.
    'POST /api/me/two-factor/setup',
    'POST /api/me/logins/end-others',
    'POST /api/users/:id/logins/end',
  ]);
  it('answers a missing body with 4xx in the envelope', async () => {
    for (const [method, url] of writes().filter(([m, u]) => !bodyless.has(`${m} ${u}`))) {
      const res = await t.app.inject({
        method: method as 'POST',
        url: method === 'DELETE' ? url.replace(':id', standId) : realUrl(url),
        headers: { cookie: boss.cookie },
        remoteAddress: '10.200.0.2',
      });
      expectEnvelope(res);
    }
  });

  it('answers a body over the size limit with 413 in the envelope', async () => {
    const huge = JSON.stringify({ text: 'x'.repeat(1_100_000) });
    for (const [method, url] of writes()) {
      const res = await inject(method, realUrl(url), { payload: huge });
      expect(res.statusCode, `${method} ${url}`).toBe(413);
      expectEnvelope(res);
    }
  });

  it('answers an over-long id with 414 and a malformed one with 400, in the envelope', async () => {
    for (const [method, url] of routes().filter(([, u]) => u.includes(':id'))) {
      const long = await inject(method, url.replace(':id', 'a'.repeat(150)), { payload: '{}' });
      expect(long.statusCode, `${method} ${url}`).toBe(414);
      expectEnvelope(long);
      const nul = await inject(method, url.replace(':id', 'abc%00def'), { payload: '{}' });
      expect(nul.statusCode, `${method} ${url}`).toBe(400);
      expectEnvelope(nul);
    }
  });

  it('reads an upper-case id as the same row', async () => {
    for (const [method, url] of routes().filter(([m, u]) => m === 'GET' && u.includes(':id'))) {
      const lower = await inject(method, realUrl(url));
      const upper = await inject(
        method,
        realUrl(url).replace(/[0-9a-f-]{36}/, (id) => id.toUpperCase()),
      );
      expect(upper.statusCode, `${method} ${url}`).toBe(lower.statusCode);
      expect(upper.body).toBe(lower.body);
    }
  });

  it('refuses a NUL byte or a control character in the search of every paged list', async () => {
    const lists: string[] = [];
    for (const [, url] of routes().filter(([m, u]) => m === 'GET' && !u.includes(':id'))) {
      const ok = await inject('GET', `${url}?q=abc`);
      // Lists answer JSON pages; /api/metrics (Prometheus text) is no list.
      if (ok.statusCode !== 200 || !String(ok.headers['content-type']).includes('json')) continue;
      if (!('rows' in ok.json())) continue;
      lists.push(url);
      for (const q of ['%00', 'a%1Bb', 'a%7Fb']) {
        const res = await inject('GET', `${url}?q=${q}`);
        expect(res.statusCode, `${url}?q=${q}`).toBe(400);
        expectEnvelope(res);
      }
    }
    expect(lists).toEqual(
      expect.arrayContaining(['/api/users', '/api/cities', '/api/branches', '/api/rooms', '/api/products']),
    );
  });
});

describe('the e-mail screen', () => {
  it('refuses an unknown status filter, and an unknown message to retry, in Spanish', async () => {
    const filter = await t.app.inject({
      method: 'GET',
      url: '/api/outbox?status=enviado',
      headers: { cookie: boss.cookie },
    });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().error).toMatchObject({
      code: 'invalid-argument',
      message: expect.stringContaining('El estado debe ser pendiente, enviado o fallido.'),
    });
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/outbox/${randomUUID()}/retry`,
      headers: { cookie: boss.cookie },
    });
    expect(retry.statusCode).toBe(404);
    expect(retry.json().error).toEqual({ code: 'not-found', message: 'El correo no existe.' });
  });
});
