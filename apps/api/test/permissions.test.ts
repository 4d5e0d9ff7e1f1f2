import { randomUUID } from 'node:crypto';
import {
  createBranch,
  createCity,
  createCost,
  createDayBlock,
  createOrder,
  createProduct,
  createRoom,
  createRoomBlock,
  createSession,
  createUser,
  FACTORY_PASSWORD,
} from '@sala/db/factories/factories';
import { orders } from '@sala/db/schema/commerce';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { creditLots } from '@sala/db/schema/ledger';
import { checkouts } from '@sala/db/schema/payments';
import { currentVersion, PRIVACY_NOTICE_VERSIONS, TERMS_VERSIONS } from '@sala/shared/legal/legal.rules';
import { EXAMPLE_LEGAL_FACTS } from '@sala/shared/legal/legal-facts';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { addDays, businessDate, businessInstant, weekdayOf } from '@sala/shared/time/business-time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmails } from './outbox';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

type Role = 'anonymous' | 'user' | 'admin' | 'superadmin';
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: () => Promise<unknown> | unknown;
  /** Builds the real URL (and body) for each call, when the route needs fresh data of its own. */
  request?: () => Promise<{ url: string; body?: unknown }>;
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

/** Who may call what: one row per /api route (docs/business-rules.md D§4, docs/business-rules.md §6). */
const table = (): Row[] => [
  { method: 'GET', url: '/api/health', expect: { anonymous: 200, user: 200, admin: 200, superadmin: 200 } },
  { method: 'GET', url: '/api/ready', expect: { anonymous: 200, user: 200, admin: 200, superadmin: 200 } },
  // From another address (every row here is): a super admin only; from this machine, anyone (metrics.test.ts).
  { method: 'GET', url: '/api/metrics', expect: { anonymous: 401, user: 403, admin: 403, superadmin: 200 } },
  // PGlite here: the copy itself (on PostgreSQL the super admin is told to use pg_dump, 409).
  {
    method: 'GET',
    url: '/api/backup',
    expect: {
      anonymous: 401,
      user: 403,
      admin: 403,
      superadmin: process.env.TEST_DB === 'postgres' ? 409 : 200,
    },
  },
  { method: 'GET', url: '/api/catalog', expect: { anonymous: 200, user: 200, admin: 200, superadmin: 200 } },
  {
    method: 'GET',
    url: '/api/catalog/branches',
    expect: { anonymous: 200, user: 200, admin: 200, superadmin: 200 },
  },
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
  {
    method: 'GET',
    url: '/api/me/credit-lots',
    expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
  },
  // Issue 45: the second step of a login needs its first (400 without it, for anyone).
  {
    method: 'POST',
    url: '/api/auth/login/code',
    body: () => ({ code: '123456' }),
    expect: everyone(400),
  },
  // Issue 45: one's own second factor and open logins.
  {
    method: 'GET',
    url: '/api/me/two-factor',
    expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
  },
  {
    method: 'POST',
    url: '/api/me/two-factor/setup',
    expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
  },
  {
    method: 'POST',
    url: '/api/me/two-factor/confirm',
    body: () => ({ code: '123456' }),
    expect: { anonymous: 401, user: 409, admin: 409, superadmin: 409 },
  },
  {
    method: 'POST',
    url: '/api/me/two-factor/recovery-codes',
    body: () => ({ code: '123456' }),
    expect: { anonymous: 401, user: 409, admin: 409, superadmin: 409 },
  },
  {
    method: 'POST',
    url: '/api/me/two-factor/disable',
    body: () => ({ code: '123456' }),
    expect: { anonymous: 401, user: 409, admin: 409, superadmin: 409 },
  },
  {
    method: 'GET',
    url: '/api/me/logins',
    expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
  },
  {
    method: 'DELETE',
    url: '/api/me/logins/:id',
    request: async () => ({ url: `/api/me/logins/${randomUUID()}` }),
    expect: { anonymous: 401, user: 404, admin: 404, superadmin: 404 },
  },
  {
    method: 'POST',
    url: '/api/me/logins/end-others',
    expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
  },
  // Issue 45: another account's logins, second factor and branch are the super admin's.
  {
    method: 'GET',
    url: '/api/users/:id/logins',
    request: async () => ({ url: `/api/users/${(await createUser(t.db)).id}/logins` }),
    expect: superRead,
  },
  {
    method: 'POST',
    url: '/api/users/:id/logins/end',
    request: async () => ({ url: `/api/users/${(await createUser(t.db)).id}/logins/end` }),
    expect: superRead,
  },
  {
    method: 'POST',
    url: '/api/users/:id/two-factor/disable',
    request: async () => ({ url: `/api/users/${(await createUser(t.db)).id}/two-factor/disable` }),
    expect: { anonymous: 401, user: 403, admin: 403, superadmin: 409 },
  },
  {
    method: 'PUT',
    url: '/api/users/:id/branch',
    request: async () => ({
      url: `/api/users/${(await createUser(t.db, { role: 'admin' })).id}/branch`,
      body: { homeBranchId: (await createBranch(t.db)).id, branchOnly: true },
    }),
    expect: superRead,
  },
  { method: 'GET', url: '/api/outbox', expect: { anonymous: 401, user: 403, admin: 403, superadmin: 200 } },
  { method: 'GET', url: '/api/audit', expect: { anonymous: 401, user: 403, admin: 403, superadmin: 200 } },
  {
    method: 'POST',
    url: '/api/outbox/:id/retry',
    // A failed message of its own for each call: Reintentar takes only a failed one.
    request: async () => {
      const [id] = await enqueueEmails(t.db, [
        { to: uniqueEmail(), subject: 'Fallido', html: '<p>x</p>', text: 'x' },
      ]);
      await t.db.update(emailOutbox).set({ status: 'failed' }).where(eq(emailOutbox.id, id!));
      return { url: `/api/outbox/${id}/retry` };
    },
    expect: { anonymous: 401, user: 403, admin: 403, superadmin: 200 },
  },
  // Zones and branches: staff read, the super admin alone writes (docs/business-rules.md §6). Salas and Productos are super admin
  // pages (docs/business-rules.md §2): their tables, inactive rows included, are read by the super admin alone (issue 18).
  ...(['/api/cities', '/api/cities/options', '/api/branches', '/api/branches/options'] as const).map(
    (url): Row => ({ method: 'GET', url, expect: staffRead }),
  ),
  ...(['/api/rooms', '/api/products'] as const).map(
    (url): Row => ({ method: 'GET', url, expect: superRead }),
  ),
  {
    method: 'POST',
    url: '/api/cities',
    body: () => ({ name: uniqueLabel('Zona') }),
    expect: superWrite(201),
  },
  {
    method: 'PATCH',
    url: '/api/cities/:id',
    request: async () => ({
      url: `/api/cities/${(await createCity(t.db)).id}`,
      body: { name: uniqueLabel('Zona') },
    }),
    expect: superWrite(200),
  },
  {
    method: 'DELETE',
    url: '/api/cities/:id',
    request: async () => ({ url: `/api/cities/${(await createCity(t.db)).id}` }),
    expect: superWrite(204),
  },
  {
    method: 'POST',
    url: '/api/branches',
    request: async () => ({ url: '/api/branches', body: await branchBody() }),
    expect: superWrite(201),
  },
  {
    method: 'PATCH',
    url: '/api/branches/:id',
    request: async () => ({
      url: `/api/branches/${(await createBranch(t.db)).id}`,
      body: await branchBody(),
    }),
    expect: superWrite(200),
  },
  {
    method: 'DELETE',
    url: '/api/branches/:id',
    request: async () => {
      const branch = await createBranch(t.db);
      return { url: `/api/branches/${branch.id}`, body: { confirmName: branch.name } };
    },
    expect: superWrite(204),
  },
  {
    method: 'POST',
    url: '/api/rooms',
    request: async () => {
      const branch = await createBranch(t.db);
      return { url: '/api/rooms', body: { cityId: branch.cityId, branchId: branch.id, position: 1 } };
    },
    expect: superWrite(201),
  },
  {
    method: 'PATCH',
    url: '/api/rooms/:id',
    request: async () => {
      const room = await createRoom(t.db);
      return {
        url: `/api/rooms/${room.id}`,
        body: { cityId: room.cityId, branchId: room.branchId, position: 2 },
      };
    },
    expect: superWrite(200),
  },
  {
    method: 'PATCH',
    url: '/api/rooms/:id/active',
    request: async () => ({
      url: `/api/rooms/${(await createRoom(t.db)).id}/active`,
      body: { isActive: false },
    }),
    expect: superWrite(200),
  },
  {
    method: 'DELETE',
    url: '/api/rooms/:id',
    request: async () => ({ url: `/api/rooms/${(await createRoom(t.db)).id}` }),
    expect: superWrite(204),
  },
  { method: 'POST', url: '/api/products', body: () => productBody(), expect: superWrite(201) },
  // Availability is public (docs/business-rules.md D§4); blocks are read by staff and written by the super admin.
  ...(['days', 'hours', 'rooms'] as const).map(
    (what): Row => ({
      method: 'GET',
      url: `/api/availability/${what}`,
      request: async () => {
        const room = await createRoom(t.db);
        return { url: `/api/availability/${what}?branchId=${room.branchId}&date=${aheadDate()}&hour=10:00` };
      },
      expect: everyone(200),
    }),
  ),
  {
    method: 'GET',
    url: '/api/rooms/options',
    request: async () => ({ url: `/api/rooms/options?branchId=${(await createRoom(t.db)).branchId}` }),
    expect: staffRead,
  },
  { method: 'GET', url: '/api/availability/branches', expect: everyone(200) },
  // The live streams never end by themselves (app.inject would wait forever): asked so that they refuse after the
  // access check — an unknown branch for the public one, a malformed date for the staff's. Their answers as streams
  // are in live-availability.test.ts.
  {
    method: 'GET',
    url: '/api/availability/stream',
    request: async () => ({ url: `/api/availability/stream?branchId=${randomUUID()}&date=${aheadDate()}` }),
    expect: everyone(404),
  },
  {
    method: 'GET',
    url: '/api/availability/staff-stream',
    request: async () => ({ url: '/api/availability/staff-stream?date=nope' }),
    expect: { anonymous: 401, user: 403, admin: 400, superadmin: 400 },
  },
  {
    method: 'GET',
    url: '/api/users/clients',
    request: async () => ({ url: '/api/users/clients?q=usuario' }),
    expect: staffRead,
  },
  // Sessions: any signed-in user books and cancels its own (a fresh account has no credits: 409, not 401/403);
  // staff read the days; the super admin books for others and cancels anyone's.
  {
    method: 'POST',
    url: '/api/sessions',
    request: async () => {
      const room = await createRoom(t.db);
      return {
        url: '/api/sessions',
        body: { branchId: room.branchId, roomId: room.id, date: aheadDate(), hour: '10:00' },
      };
    },
    expect: { anonymous: 401, user: 409, admin: 409, superadmin: 409 },
  },
  {
    method: 'POST',
    url: '/api/sessions/:id/cancel',
    request: async () => {
      const room = await createRoom(t.db);
      const session = await createSession(t.db, room, { startsAt: businessInstant(aheadDate(), '10:00') });
      return { url: `/api/sessions/${session.id}/cancel` };
    },
    expect: { anonymous: 401, user: 404, admin: 404, superadmin: 200 },
  },
  {
    method: 'POST',
    url: '/api/sessions/:id/reschedule',
    request: async () => {
      const room = await createRoom(t.db);
      const session = await createSession(t.db, room, { startsAt: businessInstant(aheadDate(), '10:00') });
      return {
        url: `/api/sessions/${session.id}/reschedule`,
        body: { branchId: room.branchId, roomId: room.id, date: aheadDate(), hour: '11:00' },
      };
    },
    expect: { anonymous: 401, user: 404, admin: 404, superadmin: 200 },
  },
  {
    method: 'POST',
    url: '/api/staff/sessions',
    request: async () => {
      const room = await createRoom(t.db);
      return {
        url: '/api/staff/sessions',
        body: {
          branchId: room.branchId,
          roomId: room.id,
          date: aheadDate(),
          hour: '11:00',
          for: 'courtesy',
          courtesyName: 'Visita de prueba',
        },
      };
    },
    expect: superWrite(201),
  },
  // Standing slots (issue 21): the preview reads; a confirmation whose dates changed since is refused (409).
  {
    method: 'POST',
    url: '/api/sessions/series/preview',
    request: async () => ({ url: '/api/sessions/series/preview', body: await seriesBody() }),
    expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
  },
  {
    method: 'POST',
    url: '/api/sessions/series',
    request: async () => {
      const body = await seriesBody();
      return {
        url: '/api/sessions/series',
        body: { ...body, occurrences: [{ date: body.date, roomId: body.roomId }] },
      };
    },
    expect: { anonymous: 401, user: 409, admin: 409, superadmin: 409 },
  },
  {
    method: 'GET',
    url: '/api/me/sessions/:id',
    request: async () => {
      const room = await createRoom(t.db);
      const session = await createSession(t.db, room, { startsAt: businessInstant(aheadDate(), '10:00') });
      return { url: `/api/me/sessions/${session.id}` };
    },
    // Someone else's session, for everyone: not found.
    expect: { anonymous: 401, user: 404, admin: 404, superadmin: 404 },
  },
  // The waitlist (issue 21): a client joins only a full hour (this one has free rooms: 409) and leaves its own.
  {
    method: 'POST',
    url: '/api/waitlist',
    request: async () => {
      const room = await createRoom(t.db);
      return {
        url: '/api/waitlist',
        body: { branchId: room.branchId, date: aheadDate(), hour: '10:00', autoBook: true },
      };
    },
    expect: { anonymous: 401, user: 409, admin: 409, superadmin: 409 },
  },
  {
    method: 'GET',
    url: '/api/me/waitlist',
    expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
  },
  {
    method: 'DELETE',
    url: '/api/me/waitlist/:id',
    request: async () => ({ url: `/api/me/waitlist/${randomUUID()}` }),
    // Nobody's entry, or someone else's: not found for everyone.
    expect: { anonymous: 401, user: 404, admin: 404, superadmin: 404 },
  },
  {
    method: 'GET',
    url: '/api/me/series',
    expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
  },
  {
    method: 'POST',
    url: '/api/me/series/:id/cancel',
    request: async () => ({ url: `/api/me/series/${randomUUID()}/cancel` }),
    expect: { anonymous: 401, user: 404, admin: 404, superadmin: 404 },
  },
  {
    method: 'POST',
    url: '/api/staff/sessions/series/preview',
    request: async () => ({
      url: '/api/staff/sessions/series/preview',
      body: { ...(await seriesBody()), clientId: (await createUser(t.db)).id },
    }),
    expect: superWrite(200),
  },
  {
    method: 'POST',
    url: '/api/staff/sessions/series',
    request: async () => {
      const body = await seriesBody();
      return {
        url: '/api/staff/sessions/series',
        body: {
          ...body,
          clientId: (await createUser(t.db)).id,
          occurrences: [{ date: body.date, roomId: body.roomId }],
        },
      };
    },
    expect: superWrite(409),
  },
  {
    method: 'GET',
    url: '/api/staff/sessions',
    request: async () => ({ url: `/api/staff/sessions?date=${aheadDate()}` }),
    expect: staffRead,
  },
  {
    method: 'GET',
    url: '/api/staff/sessions/grid',
    request: async () => {
      const room = await createRoom(t.db);
      return { url: `/api/staff/sessions/grid?date=${aheadDate()}&branchId=${room.branchId}` };
    },
    expect: staffRead,
  },
  {
    method: 'GET',
    url: '/api/me/sessions/:id/calendar',
    request: async () => {
      const room = await createRoom(t.db);
      const session = await createSession(t.db, room, { startsAt: businessInstant(aheadDate(), '12:00') });
      return { url: `/api/me/sessions/${session.id}/calendar` };
    },
    expect: { anonymous: 401, user: 404, admin: 404, superadmin: 404 },
  },
  // Bloquear hora is a super admin screen (docs/business-rules.md §2): its lists and the clients a block would affect are too.
  { method: 'GET', url: '/api/blocks/days', expect: superRead },
  { method: 'GET', url: '/api/blocks/rooms', expect: superRead },
  {
    method: 'GET',
    url: '/api/blocks/affected-sessions',
    request: async () => {
      const room = await createRoom(t.db);
      return { url: `/api/blocks/affected-sessions?branchId=${room.branchId}&date=${aheadDate()}` };
    },
    expect: superRead,
  },
  {
    method: 'POST',
    url: '/api/blocks/days',
    request: async () => ({ url: '/api/blocks/days', body: await blockBody() }),
    expect: superWrite(201),
  },
  {
    method: 'DELETE',
    url: '/api/blocks/days/:id',
    request: async () => {
      const branch = await createBranch(t.db);
      const block = await createDayBlock(t.db, branch, aheadDate());
      return { url: `/api/blocks/days/${block.id}` };
    },
    expect: superWrite(204),
  },
  {
    method: 'POST',
    url: '/api/blocks/rooms',
    request: async () => ({
      url: '/api/blocks/rooms',
      body: await blockBody((room) => ({ roomId: room.id })),
    }),
    expect: superWrite(201),
  },
  {
    method: 'DELETE',
    url: '/api/blocks/rooms/:id',
    request: async () => {
      const room = await createRoom(t.db);
      const block = await createRoomBlock(t.db, room, businessInstant(aheadDate(), '10:00'));
      return { url: `/api/blocks/rooms/${block.id}` };
    },
    expect: superWrite(204),
  },
  {
    method: 'POST',
    url: '/api/blocks/rooms/remove-day',
    request: async () => {
      const room = await createRoom(t.db);
      await createRoomBlock(t.db, room, businessInstant(aheadDate(), '10:00'));
      return { url: '/api/blocks/rooms/remove-day', body: { roomId: room.id, date: aheadDate() } };
    },
    expect: superWrite(200),
  },
  {
    method: 'PATCH',
    url: '/api/products/:id',
    request: async () => ({ url: `/api/products/${(await createProduct(t.db)).id}`, body: productBody() }),
    expect: superWrite(200),
  },
  {
    method: 'PATCH',
    url: '/api/products/:id/active',
    request: async () => ({
      url: `/api/products/${(await createProduct(t.db)).id}/active`,
      body: { isActive: false },
    }),
    expect: superWrite(200),
  },
  // The online store: any signed-in account pays for its own cart; someone else's checkout is not found.
  {
    method: 'POST',
    url: '/api/checkout',
    request: async () => ({
      url: '/api/checkout',
      body: { checkoutId: randomUUID(), items: [{ productId: (await createProduct(t.db)).id, quantity: 1 }] },
    }),
    expect: { anonymous: 401, user: 201, admin: 201, superadmin: 201 },
  },
  ...(['GET /api/checkout/:id', 'POST /api/checkout/:id/pay', 'POST /api/checkout/:id/confirm'] as const).map(
    (route): Row => {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      return {
        method,
        url,
        request: async () => ({
          url: url.replace(':id', await othersCheckout()),
          body: url.endsWith('/pay')
            ? { number: '4242424242424242', expiry: '12/40', cvc: '123', holder: 'Ana' }
            : undefined,
        }),
        expect: { anonymous: 401, user: 404, admin: 404, superadmin: 404 },
      };
    },
  ),
  {
    method: 'GET',
    url: '/api/payment-methods',
    expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
  },
  {
    method: 'POST',
    url: '/api/orders/:id/simulate-payment',
    request: async () => ({ url: `/api/orders/${await pendingVoucherOrder()}/simulate-payment` }),
    expect: superWrite(200),
  },
  {
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    // Public (Stripe signs it); without Stripe configured there is nothing there.
    body: () => ({ id: 'evt_1', type: 'payment_intent.succeeded' }),
    expect: everyone(404),
  },
  {
    method: 'PATCH',
    url: '/api/me/profile',
    body: () => ({ name: 'Nombre Corregido', phone: '5512345678' }),
    expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
  },
  // Point of sale: staff sell; orders, costs and the corte are the super admin's (docs/business-rules.md §2), a ticket staff's.
  { method: 'GET', url: '/api/pos/products', expect: staffRead },
  {
    method: 'POST',
    url: '/api/pos/orders',
    request: async () => ({ url: '/api/pos/orders', body: await saleBody() }),
    expect: { anonymous: 401, user: 403, admin: 201, superadmin: 201 },
  },
  // The cash drawer (issue 22): staff open and close today's; reopening is the super admin's.
  {
    method: 'GET',
    url: '/api/cash-drawers',
    request: async () => ({ url: `/api/cash-drawers?branchId=${(await createBranch(t.db)).id}` }),
    expect: staffRead,
  },
  {
    method: 'POST',
    url: '/api/cash-drawers',
    request: async () => ({
      url: '/api/cash-drawers',
      body: { branchId: (await createBranch(t.db)).id, openingFloatCents: 50_000 },
    }),
    expect: { anonymous: 401, user: 403, admin: 201, superadmin: 201 },
  },
  {
    method: 'GET',
    url: '/api/cash-drawers/:id',
    request: async () => ({ url: `/api/cash-drawers/${randomUUID()}` }),
    expect: { anonymous: 401, user: 403, admin: 404, superadmin: 404 },
  },
  {
    method: 'POST',
    url: '/api/cash-drawers/:id/close',
    request: async () => ({ url: `/api/cash-drawers/${randomUUID()}/close`, body: { countedCents: 0 } }),
    expect: { anonymous: 401, user: 403, admin: 404, superadmin: 404 },
  },
  {
    method: 'POST',
    url: '/api/cash-drawers/:id/reopen',
    request: async () => ({
      url: `/api/cash-drawers/${randomUUID()}/reopen`,
      body: { reason: 'Faltó una venta' },
    }),
    expect: { anonymous: 401, user: 403, admin: 403, superadmin: 404 },
  },
  {
    method: 'POST',
    url: '/api/orders/:id/send-ticket',
    request: async () => ({
      url: `/api/orders/${(await createOrder(t.db)).id}/send-ticket`,
      body: { email: 'ticket@example.test' },
    }),
    expect: { anonymous: 401, user: 403, admin: 204, superadmin: 204 },
  },
  // A client's account for the staff (issue 22); adjusting the balance is the super admin's.
  ...(['ledger', 'sessions', 'orders', 'credit-lots'] as const).map((part) => ({
    method: 'GET' as const,
    url: `/api/users/:id/${part}`,
    request: async () => ({ url: `/api/users/${(await createUser(t.db)).id}/${part}` }),
    expect: staffRead,
  })),
  // Issue 44: extending a lot's last day is the super admin's.
  {
    method: 'POST',
    url: '/api/users/:id/credit-lots/:lotId/extend',
    request: async () => {
      const { userId, lotId } = await lotToExtend();
      const today = businessDate(new Date());
      return {
        url: `/api/users/${userId}/credit-lots/${lotId}/extend`,
        body: { expiresOn: addDays(today, 60), reason: 'Incapacidad médica' },
      };
    },
    expect: { anonymous: 401, user: 403, admin: 403, superadmin: 200 },
  },
  {
    method: 'POST',
    url: '/api/users/:id/credits',
    request: async () => ({
      url: `/api/users/${(await createUser(t.db)).id}/credits`,
      body: { delta: 1, reason: 'Cortesía' },
    }),
    expect: { anonymous: 401, user: 403, admin: 403, superadmin: 200 },
  },
  // /admin's panels and the reports (issue 22): staff see today and occupancy; money is the super admin's.
  { method: 'GET', url: '/api/dashboard/today', expect: staffRead },
  { method: 'GET', url: '/api/dashboard/occupancy', expect: staffRead },
  { method: 'GET', url: '/api/dashboard/money', expect: superWrite(200) },
  {
    method: 'GET',
    url: '/api/reports',
    request: async () => ({
      url: `/api/reports?from=${businessDate(new Date())}&to=${businessDate(new Date())}`,
    }),
    expect: superWrite(200),
  },
  { method: 'GET', url: '/api/orders', expect: superWrite(200) },
  {
    method: 'GET',
    url: '/api/orders/:id',
    request: async () => ({ url: `/api/orders/${(await createOrder(t.db)).id}` }),
    expect: staffRead,
  },
  {
    method: 'POST',
    url: '/api/orders/:id/cancel',
    request: async () => ({
      url: `/api/orders/${(await createOrder(t.db)).id}/cancel`,
      body: { confirmation: 'cancelar orden' },
    }),
    expect: superWrite(200),
  },
  { method: 'GET', url: '/api/costs', expect: superWrite(200) },
  // Issue 41: a spreadsheet of clients, previewed and then imported (a new e-mail each time, so each 200 imports).
  {
    method: 'POST',
    url: '/api/imports/clients/preview',
    request: async () => ({ url: '/api/imports/clients/preview', body: { csv: clientSheet() } }),
    expect: superWrite(200),
  },
  {
    method: 'POST',
    url: '/api/imports/clients',
    request: async () => ({ url: '/api/imports/clients', body: { csv: clientSheet() } }),
    expect: superWrite(200),
  },
  {
    method: 'POST',
    url: '/api/costs',
    request: async () => ({ url: '/api/costs', body: await costBody() }),
    expect: superWrite(201),
  },
  {
    method: 'PATCH',
    url: '/api/costs/:id',
    request: async () => ({ url: `/api/costs/${(await createCost(t.db)).id}`, body: await costBody() }),
    expect: superWrite(200),
  },
  {
    method: 'DELETE',
    url: '/api/costs/:id',
    request: async () => ({ url: `/api/costs/${(await createCost(t.db)).id}` }),
    expect: superWrite(204),
  },
  {
    method: 'GET',
    url: '/api/cash-summary',
    request: async () => ({ url: `/api/cash-summary?date=${businessDate(new Date())}` }),
    expect: superWrite(200),
  },
  // Issue 27: the legal facts are public and the super admin's to write; every person handles its own data; the
  // privacy requests are the super admin's.
  { method: 'GET', url: '/api/legal', expect: { anonymous: 200, user: 200, admin: 200, superadmin: 200 } },
  {
    method: 'PUT',
    url: '/api/legal',
    body: () => EXAMPLE_LEGAL_FACTS,
    expect: superWrite(200),
  },
  // Issue 39: the business's phone, WhatsApp and social links, beside the legal facts.
  {
    method: 'PUT',
    url: '/api/legal/contact',
    body: () => ({ phone: '5512345678', whatsapp: null, instagramUrl: null, facebookUrl: null }),
    expect: superWrite(200),
  },
  {
    method: 'POST',
    url: '/api/me/consents',
    body: () => ({
      privacyVersion: currentVersion(PRIVACY_NOTICE_VERSIONS).version,
      termsVersion: currentVersion(TERMS_VERSIONS).version,
    }),
    expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
  },
  ...(['/api/me/privacy', '/api/me/data-export'] as const).map(
    (url): Row => ({
      method: 'GET',
      url,
      expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
    }),
  ),
  {
    method: 'PATCH',
    url: '/api/me/preferences',
    body: () => ({ remindersEnabled: false }),
    expect: { anonymous: 401, user: 200, admin: 200, superadmin: 200 },
  },
  {
    method: 'POST',
    url: '/api/me/email',
    body: () => ({ email: uniqueEmail(), password: FACTORY_PASSWORD }),
    expect: { anonymous: 401, user: 200, admin: 403, superadmin: 403 },
  },
  {
    method: 'POST',
    url: '/api/me/email/confirm',
    body: () => ({ token: 'x'.repeat(43) }),
    expect: { anonymous: 400, user: 400, admin: 400, superadmin: 400 },
  },
  {
    method: 'POST',
    url: '/api/me/account/close',
    body: () => ({ password: FACTORY_PASSWORD }),
    expect: { anonymous: 401, user: 200, admin: 403, superadmin: 403 },
  },
  {
    method: 'POST',
    url: '/api/unsubscribe/reminders',
    body: () => ({ token: `${randomUUID()}.${'x'.repeat(43)}` }),
    expect: { anonymous: 400, user: 400, admin: 400, superadmin: 400 },
  },
  {
    method: 'POST',
    url: '/api/users',
    body: () => ({
      name: 'Cliente De Recepción',
      email: uniqueEmail(),
      phone: '5512345678',
      noticeGiven: true,
    }),
    expect: { anonymous: 401, user: 403, admin: 201, superadmin: 201 },
  },
  { method: 'GET', url: '/api/privacy/requests', expect: superRead },
  {
    method: 'POST',
    url: '/api/privacy/requests',
    body: () => ({
      userId: target.id,
      kind: 'access',
      channel: 'email',
      detail: 'Pidió sus datos por correo.',
    }),
    expect: superWrite(201),
  },
  ...(
    [
      ['resolve', 'rectification', { status: 'done', resolution: 'Se corrigió su teléfono.' }],
      ['close-account', 'cancellation', undefined],
      ['opt-out', 'opposition', undefined],
    ] as const
  ).map(
    ([action, kind, body]): Row => ({
      method: 'POST',
      url: `/api/privacy/requests/:id/${action}`,
      // A request of its own (about a client of its own) for each call: each can be carried out once.
      request: async () => ({ url: `/api/privacy/requests/${await privacyRequest(kind)}/${action}`, body }),
      expect: superWrite(200),
    }),
  ),
  {
    method: 'GET',
    url: '/api/privacy/requests/:id/export',
    request: async () => ({ url: `/api/privacy/requests/${await privacyRequest('access')}/export` }),
    expect: superWrite(200),
  },
  // Invoicing (issue 42). This app has no FACTURAPI_KEY: asking for an invoice answers that invoicing is off.
  { method: 'GET', url: '/api/me/fiscal-profile', expect: { ...everyone(200), anonymous: 401 } },
  {
    method: 'PUT',
    url: '/api/me/fiscal-profile',
    body: () => fiscalProfile,
    expect: { ...everyone(200), anonymous: 401 },
  },
  { method: 'GET', url: '/api/users/:id/fiscal-profile', expect: staffRead },
  { method: 'PUT', url: '/api/users/:id/fiscal-profile', body: () => fiscalProfile, expect: staffRead },
  {
    method: 'GET',
    url: '/api/me/invoices',
    request: async () => ({ url: `/api/me/invoices?orderIds=` }),
    expect: { ...everyone(200), anonymous: 401 },
  },
  {
    method: 'POST',
    url: '/api/me/orders/:id/invoice',
    request: async () => ({ url: `/api/me/orders/${(await createOrder(t.db)).id}/invoice` }),
    expect: { ...everyone(409), anonymous: 401 },
  },
  {
    method: 'GET',
    url: '/api/orders/:id/invoice',
    request: async () => ({ url: `/api/orders/${(await createOrder(t.db)).id}/invoice` }),
    expect: staffRead,
  },
  {
    method: 'POST',
    url: '/api/orders/:id/invoice',
    request: async () => ({
      url: `/api/orders/${(await createOrder(t.db)).id}/invoice`,
      body: { profile: fiscalProfile },
    }),
    expect: { anonymous: 401, user: 403, admin: 409, superadmin: 409 },
  },
  {
    method: 'GET',
    url: '/api/invoices/:id/:file',
    request: async () => ({ url: `/api/invoices/${randomUUID()}/pdf` }),
    expect: { ...everyone(404), anonymous: 401 },
  },
  {
    method: 'POST',
    url: '/api/invoices/:id/cancel',
    request: async () => ({ url: `/api/invoices/${randomUUID()}/cancel`, body: { motive: '02' } }),
    expect: { anonymous: 401, user: 403, admin: 403, superadmin: 409 },
  },
  { method: 'GET', url: '/api/invoicing/globals', expect: superRead },
  {
    method: 'POST',
    url: '/api/invoicing/globals',
    body: () => ({ periodStart: '2026-01-01' }),
    expect: superWrite(409),
  },
  {
    method: 'GET',
    url: '/api/invoicing/globals/:id/sales',
    request: async () => ({ url: `/api/invoicing/globals/${randomUUID()}/sales` }),
    expect: superRead,
  },
  { method: 'GET', url: '/api/invoicing/settings', expect: superRead },
  { method: 'PUT', url: '/api/invoicing/settings', body: () => issuerSettings, expect: superWrite(200) },
  // Calendar feeds (issue 43): a client's own address; a branch's staff address is the super admin's.
  { method: 'GET', url: '/api/me/calendar-feed', expect: { ...everyone(200), anonymous: 401 } },
  { method: 'POST', url: '/api/me/calendar-feed', expect: { ...everyone(200), anonymous: 401 } },
  { method: 'DELETE', url: '/api/me/calendar-feed', expect: { ...everyone(200), anonymous: 401 } },
  { method: 'GET', url: '/api/branches/calendar-feeds', expect: superRead },
  ...(['POST', 'DELETE'] as const).map(
    (method): Row => ({
      method,
      url: '/api/branches/:id/calendar-feed',
      request: async () => ({ url: `/api/branches/${(await createBranch(t.db)).id}/calendar-feed` }),
      expect: superWrite(200),
    }),
  ),
  // WhatsApp (issue 43). This app has no WHATSAPP_* settings: turning it on answers that it is off, and the
  // webhook is no route at all.
  { method: 'GET', url: '/api/me/whatsapp', expect: { ...everyone(200), anonymous: 401 } },
  {
    method: 'PUT',
    url: '/api/me/whatsapp',
    body: () => ({ enabled: true }),
    expect: { ...everyone(409), anonymous: 401 },
  },
  { method: 'GET', url: '/api/whatsapp/messages', expect: superRead },
  { method: 'GET', url: '/api/whatsapp/webhook', expect: everyone(404) },
  { method: 'POST', url: '/api/whatsapp/webhook', body: () => ({}), expect: everyone(404) },
];

const fiscalProfile = {
  rfc: 'COSC8001137NA',
  legalName: 'COSME FULANITO',
  taxSystem: '612',
  zip: '06700',
  cfdiUse: 'G03',
  email: 'facturas@example.test',
};
const issuerSettings = {
  rfc: 'EKU9003173C9',
  legalName: 'ESCUELA KEMPER URGATE',
  taxSystem: '601',
  zip: '06700',
  series: 'F',
  nextFolio: 1,
  defaultProductKey: '80131502',
  defaultUnitKey: 'E48',
  globalPeriodicity: 'month',
  requestWindowDays: null,
  productKeys: [],
};

/** An open privacy request of a kind, about a fresh client, as the super admin logs one that came by e-mail. */
async function privacyRequest(kind: 'access' | 'rectification' | 'cancellation' | 'opposition') {
  const client = await createUser(t.db, { role: 'user' });
  const { cookie } = await loginAs(t, 'superadmin');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/privacy/requests',
    headers: { cookie },
    payload: { userId: client.id, kind, channel: 'email', detail: 'Llegó por correo.' },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id as string;
}

const saleBody = async () => ({
  idempotencyKey: randomUUID(),
  clientId: (await createUser(t.db)).id,
  branchId: (await createBranch(t.db)).id,
  items: [
    { productId: (await createProduct(t.db, { isDigital: false, priceCents: 20_000 })).id, quantity: 1 },
  ],
  cashCents: 20_000,
  openingFloatCents: 0,
});
/** A one-client sheet with an e-mail never used before (a counter, not chance). */
let sheets = 0;
const clientSheet = () => {
  sheets += 1;
  return `nombre,correo,telefono,creditos\nHoja Cliente,hoja-${sheets}@permisos.test,5512345678,2\n`;
};
const costBody = async () => ({
  name: 'Papelería',
  total: 150.5,
  branchId: (await createBranch(t.db)).id,
  date: businessDate(new Date()),
});

/** A pending checkout of another client. */
async function othersCheckout() {
  const owner = await createUser(t.db);
  const id = randomUUID();
  await t.db.insert(checkouts).values({
    id,
    userId: owner.id,
    items: [],
    amountCents: 0,
    totalCredits: 0,
    gateway: 'test',
    paymentRef: `test_pi_${id}`,
  });
  return id;
}

/** A client's OXXO order of the test gateway waiting for its payment (issue 24), with its checkout. */
async function pendingVoucherOrder() {
  const owner = await createUser(t.db);
  const id = randomUUID();
  const paymentRef = `test_pi_${id}`;
  const order = await createOrder(t.db, {
    userId: owner.id,
    branchId: null,
    isPos: false,
    status: 'pending',
    paidCashCents: 0,
    paidTransferCents: 50_000,
    paymentRef,
  });
  await t.db.update(orders).set({ method: 'oxxo', paidTransferCents: 0 }).where(eq(orders.id, order.id));
  await t.db.insert(checkouts).values({
    id,
    userId: owner.id,
    items: [],
    amountCents: 50_000,
    totalCredits: 0,
    gateway: 'test',
    method: 'oxxo',
    paymentRef,
    orderId: order.id,
  });
  return order.id;
}

/** A client holding 2 credits that expire in 30 days: a lot the super admin may extend. */
async function lotToExtend() {
  const user = await createUser(t.db, { credits: 2 });
  const [lot] = await t.db
    .update(creditLots)
    .set({ expiresOn: addDays(businessDate(new Date()), 30) })
    .where(eq(creditLots.userId, user.id))
    .returning({ id: creditLots.id });
  return { userId: user.id, lotId: lot!.id };
}

const staffRead = { anonymous: 401, user: 403, admin: 200, superadmin: 200 };
const superRead = { anonymous: 401, user: 403, admin: 403, superadmin: 200 };
const everyone = (status: number) => ({ anonymous: status, user: status, admin: status, superadmin: status });
/** A weekday a few days ahead (the block forms refuse Sundays and past days). */
/** Two weeks of a standing slot from a day of the booking window, in a room of its own. */
const seriesBody = async () => {
  const room = await createRoom(t.db);
  return {
    branchId: room.branchId,
    roomId: room.id,
    date: aheadDate(),
    hour: '12:00',
    everyWeeks: 1,
    count: 2,
  };
};
const aheadDate = () => {
  const date = addDays(businessDate(new Date()), 3);
  return weekdayOf(date) === 0 ? addDays(date, 1) : date;
};
const blockBody = async (extra: (room: { id: string }) => object = () => ({})) => {
  const room = await createRoom(t.db);
  return {
    cityId: room.cityId,
    branchId: room.branchId,
    date: aheadDate(),
    wholeDay: false,
    hour: '10:00',
    ...extra(room),
  };
};
const superWrite = (status: number) => ({ anonymous: 401, user: 403, admin: 403, superadmin: status });
const uniqueLabel = (prefix: string) => `${prefix} ${Date.now().toString(36)} ${n++}`;
const branchBody = async () => ({
  name: uniqueLabel('Sucursal'),
  cityId: (await createCity(t.db)).id,
  sessionCost: 1,
  schedule: DEFAULT_WEEKLY_SCHEDULE,
  address: 'Av. Insurgentes Sur 1235, Col. Del Valle',
  phone: '5552123456',
  whatsapp: '5512340001',
  mapUrl: 'https://maps.example.mx/valle',
  description: 'Cinco salas con sala de espera; café de cortesía.',
});
const productBody = () => ({
  name: uniqueLabel('Paquete'),
  description: 'Cinco sesiones',
  price: 1000,
  credits: 5,
  extra: 0,
  isDigital: true,
  isService: false,
});

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
        const prepared = row.request
          ? await row.request()
          : { url: row.url.replace(':id', target.id), body: row.body ? await row.body() : undefined };
        const res = await t.app.inject({
          method: row.method,
          url: prepared.url,
          headers: cookie ? { cookie } : {},
          ...(prepared.body !== undefined ? { payload: prepared.body as object } : {}),
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

  it('answers every GET that depends on the session with Cache-Control: no-store (issue 18, point 9)', async () => {
    const rows = new Map(table().map((row) => [`${row.method} ${row.url}`, row]));
    const cookies = new Map<string, string>();
    const missing: string[] = [];
    for (const [route, access] of t.app.routeAccess) {
      if (!route.startsWith('GET ') || access === 'public') continue;
      const row = rows.get(route)!;
      if (!cookies.has(access)) cookies.set(access, (await loginAs(t, access)).cookie);
      const prepared = row.request ? await row.request() : { url: row.url.replace(':id', target.id) };
      const res = await t.app.inject({
        method: 'GET',
        url: prepared.url,
        headers: { cookie: cookies.get(access)! },
      });
      expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(500);
      if (res.headers['cache-control'] !== 'no-store')
        missing.push(`${route} (${res.headers['cache-control']})`);
    }
    expect(missing).toEqual([]);

    // A refusal of a private route is not cached either; public answers keep their own caching.
    const refused = await t.app.inject({ method: 'GET', url: '/api/me/orders' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const { cookie } = await loginAs(t, 'user');
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.headers['cache-control']).toBe('no-store');
    const catalog = await t.app.inject({ method: 'GET', url: '/api/catalog', headers: { cookie } });
    expect(catalog.headers['cache-control']).toBe('no-cache');
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie } });
    expect(health.headers['cache-control']).toBeUndefined();
  });

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
