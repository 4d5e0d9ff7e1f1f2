import { randomUUID } from 'node:crypto';
import { createBranch, createCost, createProduct, createUser } from '@sala/db/factories/factories';
import { auditLog } from '@sala/db/schema/audit';
import { cashDrawers, orders } from '@sala/db/schema/commerce';
import { drawerMessages as m } from '@sala/shared/cash-drawer/drawer.messages';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

// Wednesday 9 January 2030, 11:00 in Mexico City, for every test.
const NOW = new Date('2030-01-09T17:00:00Z');
const TODAY = '2030-01-09';
let t: TestApp;
let cashier: Awaited<ReturnType<typeof loginAs>>;
let boss: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  freezeClock(NOW);
  t = await createTestApp();
  cashier = await loginAs(t, 'admin');
  boss = await loginAs(t, 'superadmin');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
beforeEach(() => {
  vi.setSystemTime(NOW);
});

const call: TestApp['call'] = (...request) => t.call(...request);

/** A branch with a $35 coffee (no credits) and a client. */
async function counter() {
  const branch = await createBranch(t.db);
  const coffee = await createProduct(t.db, { priceCents: 3_500, credits: 0, extra: 0, isDigital: false });
  const client = await createUser(t.db);
  const sell = (payment: { cashCents?: number; cardCents?: number; transferCents?: number }, extra = {}) =>
    call('POST', '/api/pos/orders', cashier.cookie, {
      idempotencyKey: randomUUID(),
      clientId: client.id,
      branchId: branch.id,
      items: [{ productId: coffee.id, quantity: 1 }],
      ...payment,
      ...extra,
    });
  return { branch, coffee, client, sell };
}
type Counter = Awaited<ReturnType<typeof counter>>;

const drawerRows = (branchId: string) =>
  t.db.select().from(cashDrawers).where(eq(cashDrawers.branchId, branchId));
const drawerOf = async (c: Counter, cookie = cashier.cookie) =>
  (await call('GET', `/api/cash-drawers?branchId=${c.branch.id}`, cookie)).json().drawer;

describe('opening the drawer (issue 22)', () => {
  it('asks the first sale of the day for the float, opens with it, and later sales need none', async () => {
    const c = await counter();
    const refused = await c.sell({ cashCents: 5_000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      message: m.notOpen,
      fields: { openingFloatCents: m.notOpen },
    });
    expect(await t.db.$count(orders, eq(orders.branchId, c.branch.id))).toBe(0);

    expect((await c.sell({ cashCents: 5_000 }, { openingFloatCents: 50_000 })).statusCode).toBe(201);
    expect((await c.sell({ cashCents: 3_500 })).statusCode).toBe(201);
    const drawer = await drawerOf(c);
    expect(drawer).toMatchObject({
      date: TODAY,
      status: 'open',
      openingFloatCents: 50_000,
      openedByName: cashier.user.name,
      sales: { orders: 2, cashReceivedCents: 8_500, changeCents: 1_500, cardCents: 0 },
      // 500 + 85 − 15
      expectedCents: 57_000,
    });
  });

  it('opens once when many first sales come at once (the unique index decides), and every sale is in it', async () => {
    const c = await counter();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.sell({ cashCents: 3_500 }, { openingFloatCents: 10_000 * (i + 1) }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const rows = await drawerRows(c.branch.id);
    expect(rows).toHaveLength(1);
    expect((await drawerOf(c)).sales.orders).toBe(10);
  });

  it('opens explicitly with a float, once', async () => {
    const c = await counter();
    const first = await call('POST', '/api/cash-drawers', cashier.cookie, {
      branchId: c.branch.id,
      openingFloatCents: 80_000,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'open', openingFloatCents: 80_000, expectedCents: 80_000 });
    const again = await call('POST', '/api/cash-drawers', cashier.cookie, {
      branchId: c.branch.id,
      openingFloatCents: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadyOpen);
  });
});

describe('closing the drawer', () => {
  async function dayWithSales() {
    const c = await counter();
    await c.sell({ cashCents: 5_000 }, { openingFloatCents: 50_000 }); // $50 cash for $35: $15 change
    await c.sell({ cardCents: 3_500 });
    await c.sell({ cashCents: 2_000, transferCents: 1_500 });
    await createCost(t.db, { branchId: c.branch.id, date: TODAY, totalCents: 12_000 });
    // Another branch's expense and another day's of this branch count in neither.
    await createCost(t.db, { date: TODAY, totalCents: 99_900 });
    await createCost(t.db, { branchId: c.branch.id, date: '2030-01-08', totalCents: 99_900 });
    const drawer = await drawerOf(c);
    return { c, drawer };
  }

  it('compares the count with float + cash received − change − cash expenses, and records a short one with its note', async () => {
    const { c, drawer } = await dayWithSales();
    // 500 + (50 + 20) − 15 − 120 = 435
    expect(drawer.expectedCents).toBe(43_500);
    expect(drawer.sales).toMatchObject({ orders: 3, cardCents: 3_500, transferCents: 1_500 });
    expect(drawer.cashExpensesCents).toBe(12_000);

    const noNote = await call('POST', `/api/cash-drawers/${drawer.id}/close`, cashier.cookie, {
      countedCents: 41_500,
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.message).toBe(m.noteRequired);

    const res = await call('POST', `/api/cash-drawers/${drawer.id}/close`, cashier.cookie, {
      countedCents: 41_500,
      note: 'Faltan $20: un cambio mal dado.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'closed',
      expectedCents: 43_500,
      countedCents: 41_500,
      differenceCents: -2_000,
      note: 'Faltan $20: un cambio mal dado.',
      closedByName: cashier.user.name,
    });
    // A closed drawer takes no sale.
    const late = await c.sell({ cashCents: 3_500 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(m.closed);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cash_drawer.close'), eq(auditLog.entityId, drawer.id)));
    expect(audit).toBeTruthy();

    // The corte of the branch shows the drawer's float, count and difference.
    const corte = await call('GET', `/api/cash-summary?date=${TODAY}&branchId=${c.branch.id}`, boss.cookie);
    expect(corte.json().drawers).toMatchObject([
      {
        id: drawer.id,
        openingFloatCents: 50_000,
        expectedCents: 43_500,
        countedCents: 41_500,
        differenceCents: -2_000,
      },
    ]);
    // The terminal's card stays the card line; no online sale is in a branch's corte.
    expect(corte.json().totals).toMatchObject({ cardCents: 3_500, onlineCents: 0, cashCents: 5_500 });
  });

  it('adds up a bill-and-coin count, and needs no note when it squares', async () => {
    const { drawer } = await dayWithSales();
    // $435 = 2 × $200 + 1 × $20 + 1 × $10 + 1 × $5
    const res = await call('POST', `/api/cash-drawers/${drawer.id}/close`, cashier.cookie, {
      pieces: { '20000': 2, '2000': 1, '1000': 1, '500': 1, '100': 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      countedCents: 43_500,
      differenceCents: 0,
      countDetail: { '20000': 2, '2000': 1, '1000': 1, '500': 1 },
    });
  });

  it('is closed once: a second closing is refused', async () => {
    const { drawer } = await dayWithSales();
    const closing = { countedCents: 43_500 };
    const answers = await Promise.all([
      call('POST', `/api/cash-drawers/${drawer.id}/close`, cashier.cookie, closing),
      call('POST', `/api/cash-drawers/${drawer.id}/close`, cashier.cookie, closing),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('counts exactly the sales that got in before it: sales and a closing at once', async () => {
    const c = await counter();
    await c.sell({ cashCents: 3_500 }, { openingFloatCents: 20_000 });
    const { id } = await drawerOf(c);
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => c.sell({ cashCents: 3_500 })),
      call('POST', `/api/cash-drawers/${id}/close`, cashier.cookie, {
        countedCents: 0,
        note: 'Conteo de prueba',
      }),
      ...Array.from({ length: 8 }, () => c.sell({ cashCents: 3_500 })),
    ]);
    expect(answers[8]!.statusCode, answers[8]!.body).toBe(200);
    for (const answer of answers.filter((_, i) => i !== 8)) expect([201, 409]).toContain(answer.statusCode);
    const sold = await t.db.$count(
      orders,
      and(eq(orders.branchId, c.branch.id), eq(orders.status, 'completed')),
    );
    const [row] = await drawerRows(c.branch.id);
    // Every completed sale is in the closing's expected cash; every refused one is refused as closed.
    expect(row!.expectedCents).toBe(20_000 + sold * 3_500);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().error.message === m.closed),
    ).toBe(true);
  });
});

describe('reopening and reading', () => {
  it('only the super admin reopens a closed drawer, with the reason, in the audit log; then it sells again', async () => {
    const c = await counter();
    await c.sell({ cashCents: 3_500 }, { openingFloatCents: 0 });
    const { id } = await drawerOf(c);
    await call('POST', `/api/cash-drawers/${id}/close`, cashier.cookie, { countedCents: 3_500 });
    const byAdmin = await call('POST', `/api/cash-drawers/${id}/reopen`, cashier.cookie, {
      reason: 'Falta una venta',
    });
    expect(byAdmin.statusCode).toBe(403);
    const res = await call('POST', `/api/cash-drawers/${id}/reopen`, boss.cookie, {
      reason: 'Falta una venta',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', reopenings: 1, countedCents: null });
    expect((await call('GET', `/api/cash-drawers/${id}`, cashier.cookie)).json()).toMatchObject({
      id,
      status: 'open',
    });
    expect((await c.sell({ cashCents: 3_500 })).statusCode).toBe(201);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cash_drawer.reopen'), eq(auditLog.entityId, id)));
    expect(audit!.after).toMatchObject({ status: 'open', reason: 'Falta una venta' });
    const open = await call('POST', `/api/cash-drawers/${id}/reopen`, boss.cookie, { reason: 'Otra vez' });
    expect(open.statusCode).toBe(409);
  });

  it('staff read today’s drawer; another day’s is the super admin’s', async () => {
    const c = await counter();
    const other = await call(
      'GET',
      `/api/cash-drawers?branchId=${c.branch.id}&date=2030-01-08`,
      cashier.cookie,
    );
    expect(other.statusCode).toBe(403);
    const forBoss = await call(
      'GET',
      `/api/cash-drawers?branchId=${c.branch.id}&date=2030-01-08`,
      boss.cookie,
    );
    expect(forBoss.json()).toEqual({ drawer: null });
  });
});
