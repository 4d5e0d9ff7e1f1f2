import { createRoom } from '@sala/db/factories/factories';
import { orderItems, orders } from '@sala/db/schema/commerce';
import { roomSessions } from '@sala/db/schema/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function orderFor(userId: string, productName: string, totalCents: number) {
  const [order] = await t.db
    .insert(orders)
    .values({ userId, totalCents, isPos: false, method: 'card' })
    .returning();
  await t.db.insert(orderItems).values({
    orderId: order!.id,
    name: productName,
    unitPriceCents: totalCents,
    quantity: 1,
    creditsGranted: 5,
  });
  return order!;
}

describe('a client’s own history', () => {
  it('lists only the signed-in client’s orders, searchable by product', async () => {
    const ana = await loginAs(t, 'user');
    const beto = await loginAs(t, 'user');
    await orderFor(ana.user.id, 'Paquete Básico', 125_000);
    await orderFor(ana.user.id, 'Paquete Profesional', 230_000);
    await orderFor(beto.user.id, 'Paquete Secreto', 999_900);

    const res = await t.app.inject({ method: 'GET', url: '/api/me/orders', headers: { cookie: ana.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect(res.body).not.toContain('Paquete Secreto');
    expect(res.json().rows[0]).toMatchObject({ status: 'completed', creditsGranted: 5 });

    const search = await t.app.inject({
      method: 'GET',
      url: '/api/me/orders?q=profes',
      headers: { cookie: ana.cookie },
    });
    expect(search.json().rows.map((r: { products: string[] }) => r.products)).toEqual([
      ['Paquete Profesional'],
    ]);

    // A user id in the query is not a way into someone else's history.
    const sneaky = await t.app.inject({
      method: 'GET',
      url: `/api/me/orders?userId=${beto.user.id}`,
      headers: { cookie: ana.cookie },
    });
    expect(sneaky.body).not.toContain('Paquete Secreto');
  });

  it('lists only the signed-in client’s sessions, newest first', async () => {
    const ana = await loginAs(t, 'user');
    const other = await loginAs(t, 'user');
    const room = await createRoom(t.db);
    const base = { roomId: room.id, branchId: room.branchId, cityId: room.cityId, creditsCharged: 1 };
    await t.db.insert(roomSessions).values([
      { ...base, userId: ana.user.id, startsAt: new Date('2026-12-01T16:00:00Z') },
      { ...base, userId: ana.user.id, startsAt: new Date('2026-12-02T16:00:00Z'), cancelledAt: new Date() },
      { ...base, userId: other.user.id, startsAt: new Date('2026-12-03T16:00:00Z') },
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/sessions?dir=desc',
      headers: { cookie: ana.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect(res.json().rows.map((r: { startsAt: string }) => r.startsAt)).toEqual([
      '2026-12-02T16:00:00.000Z',
      '2026-12-01T16:00:00.000Z',
    ]);
    expect(res.json().rows[0].cancelledAt).not.toBeNull();
    expect(res.json().rows[1].roomName).toBe('Sala 1');
  });
});
