import { randomUUID } from 'node:crypto';
import { createBranch, createProduct, createRoom, createUser } from '@sala/db/factories/factories';
import { auditLog } from '@sala/db/schema/audit';
import { creditLedger } from '@sala/db/schema/ledger';
import { users } from '@sala/db/schema/users';
import { addDays, businessDate } from '@sala/shared/time/business-time';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof loginAs>>;
let boss: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t, 'admin');
  boss = await loginAs(t, 'superadmin');
});
afterAll(() => t.close());

const call: TestApp['call'] = (...request) => t.call(...request);
const ledgerSum = async (userId: string) =>
  (
    await t.db
      .select({ sum: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
  )[0]!.sum;

/** A client with 5 credits who bought at the counter and booked a session, as the API records them. */
async function clientWithHistory() {
  const client = await loginAs(t, 'user', { credits: 5 });
  const branch = await createBranch(t.db);
  const coffee = await createProduct(t.db, { priceCents: 3_500, credits: 2, extra: 0, isDigital: false });
  const sale = await call('POST', '/api/pos/orders', admin.cookie, {
    idempotencyKey: randomUUID(),
    clientId: client.user.id,
    branchId: branch.id,
    items: [{ productId: coffee.id, quantity: 1 }],
    cashCents: 3_500,
    openingFloatCents: 0,
  });
  expect(sale.statusCode, sale.body).toBe(201);
  const room = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId });
  // Two weekdays ahead, at 10:00 (the booking window is today and the next 7 days).
  let date = addDays(businessDate(new Date()), 2);
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) date = addDays(date, 1);
  const booked = await call('POST', '/api/sessions', client.cookie, {
    branchId: branch.id,
    roomId: room.id,
    date,
    hour: '10:00',
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return {
    ...client,
    orderId: sale.json().order.id as string,
    sessionId: booked.json().session.id as string,
  };
}

describe('a client’s account for the staff (issue 22)', () => {
  it('lists the balance’s movements newest first, with who made each and what it belongs to', async () => {
    const c = await clientWithHistory();
    const res = await call('GET', `/api/users/${c.user.id}/ledger`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { rows, total } = res.json();
    expect(total).toBe(3);
    expect(rows).toMatchObject([
      {
        reason: 'booking',
        delta: -1,
        balanceAfter: 6,
        actorName: c.user.name,
        reference: { kind: 'session', id: c.sessionId },
      },
      {
        reason: 'pos',
        delta: 2,
        balanceAfter: 7,
        actorName: admin.user.name,
        reference: { kind: 'order', id: c.orderId },
      },
      { reason: 'adjustment', delta: 5, balanceAfter: 5, reference: null },
    ]);
    // The search looks in each movement's note.
    const found = await call(
      'GET',
      `/api/users/${c.user.id}/ledger?q=${encodeURIComponent('punto de venta')}`,
      admin.cookie,
    );
    expect(found.json().rows.map((r: { reason: string }) => r.reason)).toEqual(['pos']);
  });

  it('lists the client’s sessions and orders, for staff', async () => {
    const c = await clientWithHistory();
    const sessions = await call('GET', `/api/users/${c.user.id}/sessions?pageSize=5`, admin.cookie);
    // An admin reads; only the super admin could cancel.
    expect(sessions.json().rows).toMatchObject([{ id: c.sessionId, canCancel: false, timing: 'beyond' }]);
    const forBoss = await call('GET', `/api/users/${c.user.id}/sessions?pageSize=5`, boss.cookie);
    expect(forBoss.json().rows).toMatchObject([{ id: c.sessionId, canCancel: true }]);
    const orders = await call('GET', `/api/users/${c.user.id}/orders?pageSize=5`, admin.cookie);
    expect(orders.json().rows).toMatchObject([{ id: c.orderId, isPos: true, creditsGranted: 2 }]);
  });

  it('the super admin adjusts the balance with a reason, through the ledger and the audit log; never below zero', async () => {
    const c = await clientWithHistory();
    const noReason = await call('POST', `/api/users/${c.user.id}/credits`, boss.cookie, { delta: 3 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe('Escribe el motivo del ajuste.');
    const byAdmin = await call('POST', `/api/users/${c.user.id}/credits`, admin.cookie, {
      delta: 3,
      reason: 'Cortesía',
    });
    expect(byAdmin.statusCode).toBe(403);

    const res = await call('POST', `/api/users/${c.user.id}/credits`, boss.cookie, {
      delta: -2,
      reason: 'Sesión no tomada por error del consultorio',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ balance: 4 });
    const [row] = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, c.user.id), eq(creditLedger.delta, -2)));
    expect(row).toMatchObject({
      reason: 'adjustment',
      note: 'Sesión no tomada por error del consultorio',
      actorId: boss.user.id,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'credits.adjust'), eq(auditLog.entityId, c.user.id)));
    expect(audit!.after).toMatchObject({ credits: 4 });

    const tooMuch = await call('POST', `/api/users/${c.user.id}/credits`, boss.cookie, {
      delta: -5,
      reason: 'Error',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe('El saldo no puede quedar en negativo: tiene 4 créditos.');
    const [account] = await t.db.select().from(users).where(eq(users.id, c.user.id));
    expect(account!.credits).toBe(4);
    expect(await ledgerSum(c.user.id)).toBe(4);
  });

  it('20 adjustments taking 1 credit at once from a balance of 5: five go through, never below zero', async () => {
    const client = await createUser(t.db, { credits: 5 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', `/api/users/${client.id}/credits`, boss.cookie, {
          delta: -1,
          reason: 'Prueba de carrera',
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(15);
    expect(await ledgerSum(client.id)).toBe(0);
  });

  it('is nobody’s for an unknown account', async () => {
    const res = await call('GET', `/api/users/${randomUUID()}/ledger`, admin.cookie);
    expect(res.statusCode).toBe(404);
  });
});
