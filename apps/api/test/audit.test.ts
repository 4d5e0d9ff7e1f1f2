import {
  createBranch,
  createCity,
  createOrder,
  createRoom,
  createSession,
  createUser,
} from '@sala/db/factories/factories';
import { auditLog } from '@sala/db/schema/audit';
import type { TAuditEntry } from '@sala/shared/audit/audit.contract';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/** Issue 20 point 11: every listed staff action leaves one row (who, when, what, before → after), in its transaction. */
// Monday 7 January 2030, 09:30 in Mexico City.
const NOW = new Date('2030-01-07T15:30:00Z');
let t: TestApp;
let boss: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  freezeClock(NOW);
  t = await createTestApp();
  boss = await loginAs(t, 'superadmin', { name: 'Dirección General' });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
beforeEach(() => {
  vi.setSystemTime(NOW);
});

/** One request; the clock moves a second on after it, so the log's rows of one test keep their order. */
async function call(
  method: 'POST' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  payload?: object,
  cookie = boss.cookie,
) {
  const res = await t.call(method, url, cookie, payload);
  vi.setSystemTime(Date.now() + 1_000);
  return res;
}

/** The rows the log holds for one record, oldest first. */
const trail = (entityId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.at, auditLog.id);

describe('the audit log', () => {
  it('a client edited by the super admin: e-mail, credits, role and status, before → after, and who did it', async () => {
    const client = await createUser(t.db, { name: 'Rosa Medina', credits: 2, email: 'rosa@example.test' });
    const res = await call('PATCH', `/api/users/${client.id}`, {
      name: 'Rosa Medina',
      email: 'rosa.medina@example.test',
      phone: client.phone,
      credits: 5,
      role: 'user',
      isActive: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await trail(client.id);
    expect(row).toMatchObject({
      action: 'user.update',
      entity: 'user',
      actorId: boss.user.id,
      actorName: 'Dirección General',
      label: 'Rosa Medina',
      before: { email: 'rosa@example.test', credits: 2 },
      after: { email: 'rosa.medina@example.test', credits: 5 },
    });
    expect(row!.at.toISOString()).toBe(NOW.toISOString());

    expect((await call('PATCH', `/api/users/${client.id}/active`, { isActive: false })).statusCode).toBe(200);
    expect((await trail(client.id)).at(-1)).toMatchObject({
      action: 'user.status',
      before: { isActive: true },
      after: { isActive: false },
    });
  });

  it('an edit that changed nothing leaves no row; a refused edit leaves none either', async () => {
    const client = await createUser(t.db);
    const same = { name: client.name, email: client.email, phone: client.phone };
    expect((await call('PATCH', `/api/users/${client.id}`, same)).statusCode).toBe(200);
    const admin = await loginAs(t, 'admin');
    const refused = await call('PATCH', `/api/users/${client.id}`, { ...same, credits: 99 }, admin.cookie);
    expect(refused.statusCode).toBe(403);
    expect(await trail(client.id)).toEqual([]);
  });

  it('zones, branches (its session cost: the price of a session), rooms and products: created, edited, removed', async () => {
    const city = await call('POST', '/api/cities', { name: 'Zona Auditada' });
    expect(city.statusCode).toBe(201);
    const cityId = city.json().id;
    await call('PATCH', `/api/cities/${cityId}`, { name: 'Zona Revisada' });

    const branch = await call('POST', '/api/branches', {
      name: 'Sucursal Auditada',
      cityId,
      sessionCost: 1,
      schedule: DEFAULT_WEEKLY_SCHEDULE,
      address: 'Av. Reforma 10',
      phone: '5550001111',
      whatsapp: null,
      mapUrl: null,
      description: 'Dos salas.',
    });
    expect(branch.statusCode, branch.body).toBe(201);
    const branchId = branch.json().id;
    const edited = await call('PATCH', `/api/branches/${branchId}`, {
      ...branch.json(),
      sessionCost: 2,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const room = await call('POST', '/api/rooms', { cityId, branchId, position: 3 });
    expect(room.statusCode, room.body).toBe(201);
    const roomId = room.json().id;
    await call('PATCH', `/api/rooms/${roomId}/active`, { isActive: false });
    expect((await call('DELETE', `/api/rooms/${roomId}`)).statusCode).toBe(204);
    expect(
      (await call('DELETE', `/api/branches/${branchId}`, { confirmName: 'Sucursal Auditada' })).statusCode,
    ).toBe(204);
    expect((await call('DELETE', `/api/cities/${cityId}`)).statusCode).toBe(204);

    const product = await call('POST', '/api/products', {
      name: 'Paquete Auditado',
      description: 'Cinco sesiones',
      price: 1000,
      credits: 5,
      extra: 0,
      isDigital: true,
      isService: false,
    });
    expect(product.statusCode, product.body).toBe(201);
    const productId = product.json().id;
    await call('PATCH', `/api/products/${productId}`, {
      name: 'Paquete Auditado',
      description: 'Cinco sesiones',
      price: 1200,
      credits: 5,
      extra: 1,
      isDigital: true,
      isService: false,
    });
    await call('PATCH', `/api/products/${productId}/active`, { isActive: false });

    expect((await trail(cityId)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['city.create', null, { name: 'Zona Auditada' }],
      ['city.update', { name: 'Zona Auditada' }, { name: 'Zona Revisada' }],
      ['city.delete', { name: 'Zona Revisada' }, null],
    ]);
    const branchTrail = await trail(branchId);
    expect(branchTrail.map((r) => r.action)).toEqual(['branch.create', 'branch.update', 'branch.delete']);
    expect(branchTrail[1]).toMatchObject({ before: { sessionCost: 1 }, after: { sessionCost: 2 } });
    expect(Object.keys(branchTrail[1]!.after!)).toEqual(['sessionCost']);
    expect((await trail(roomId)).map((r) => r.action)).toEqual(['room.create', 'room.status', 'room.delete']);
    const productTrail = await trail(productId);
    expect(productTrail.map((r) => r.action)).toEqual(['product.create', 'product.update', 'product.status']);
    expect(productTrail[1]).toMatchObject({
      before: { priceCents: 100_000, extra: 0 },
      after: { priceCents: 120_000, extra: 1 },
    });
  });

  it('blocks created and removed (an hour, a room hour, a room’s whole day)', async () => {
    const branch = await createBranch(t.db, { name: 'Sucursal Bloqueos' });
    const room = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 1 });
    const period = {
      cityId: branch.cityId,
      branchId: branch.id,
      date: '2030-01-08',
      wholeDay: false,
      hour: '10:00',
    };
    const day = await call('POST', '/api/blocks/days', period);
    expect(day.statusCode, day.body).toBe(201);
    expect((await call('DELETE', `/api/blocks/days/${day.json().id}`)).statusCode).toBe(204);
    expect((await trail(day.json().id)).map((r) => [r.action, r.label])).toEqual([
      ['day_block.create', 'Sucursal Bloqueos · 2030-01-08 10:00'],
      ['day_block.delete', 'Sucursal Bloqueos · 2030-01-08 10:00'],
    ]);

    const blocked = await call('POST', '/api/blocks/rooms', { ...period, roomId: room.id });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const [first] = blocked.json().created as { id: string }[];
    expect((await call('DELETE', `/api/blocks/rooms/${first!.id}`)).statusCode).toBe(204);
    expect((await trail(first!.id)).map((r) => r.action)).toEqual(['room_block.create', 'room_block.delete']);

    const again = await call('POST', '/api/blocks/rooms', { ...period, hour: '12:00', roomId: room.id });
    const removed = await call('POST', '/api/blocks/rooms/remove-day', {
      roomId: room.id,
      date: '2030-01-08',
    });
    expect(removed.json()).toEqual({ deleted: 1 });
    expect((await trail(again.json().created[0].id)).map((r) => r.action)).toEqual([
      'room_block.create',
      'room_block.delete',
    ]);
  });

  it('a session cancelled and an order cancelled', async () => {
    const branch = await createBranch(t.db, { name: 'Sucursal Cancelaciones' });
    const room = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 1 });
    const client = await createUser(t.db, { name: 'Luis Prieto', credits: 0 });
    const session = await createSession(t.db, room, {
      userId: client.id,
      startsAt: new Date('2030-01-09T16:00:00Z'),
      creditsCharged: 1,
    });
    expect((await call('POST', `/api/sessions/${session.id}/cancel`)).statusCode).toBe(200);
    expect(await trail(session.id)).toMatchObject([
      {
        action: 'session.cancel',
        label: 'Luis Prieto · Sala 1 · Sucursal Cancelaciones · 2030-01-09 10:00',
        before: { status: 'active' },
        after: { status: 'cancelled', refunded: 1 },
      },
    ]);

    const order = await createOrder(t.db, { userId: client.id, branchId: branch.id, totalCents: 50_000 });
    const cancelled = await call('POST', `/api/orders/${order.id}/cancel`, {
      confirmation: 'cancelar orden',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await trail(order.id)).toMatchObject([
      {
        action: 'order.cancel',
        before: { status: 'completed' },
        after: { status: 'cancelled', refund: null },
      },
    ]);
  });

  it('GET /api/audit: newest first, searched by who or what, filtered by action and date', async () => {
    const city = await createCity(t.db, { name: 'Zona Buscada' });
    await call('PATCH', `/api/cities/${city.id}`, { name: 'Zona Encontrada' });
    const list = await call(
      'GET',
      '/api/audit?q=Encontrada&action=city.update&from=2030-01-07&to=2030-01-07',
    );
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().rows as TAuditEntry[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'city.update',
      actorName: 'Dirección General',
      label: 'Zona Encontrada',
      before: { name: 'Zona Buscada' },
      after: { name: 'Zona Encontrada' },
    });
    const all = (await call('GET', '/api/audit?pageSize=50')).json().rows as TAuditEntry[];
    expect(all.length).toBeGreaterThan(5);
    const times = all.map((row) => row.at);
    expect(times).toEqual([...times].sort().reverse());
    const otherDay = await call('GET', '/api/audit?from=2030-01-08');
    expect(otherDay.json().rows).toEqual([]);
    const bad = await call('GET', '/api/audit?action=borrar.todo');
    expect(bad.statusCode).toBe(400);
  });
});
