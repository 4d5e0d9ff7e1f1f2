import { randomUUID } from 'node:crypto';
import { createBranch, createOrder, createProduct, createUser } from '@sala/db/factories/factories';
import { dailyProductSales, dailySales, orderItems, orders } from '@sala/db/schema/commerce';
import { businessDate, businessInstant } from '@sala/shared/time/business-time';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../stress/invariants';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/**
 * daily_sales and daily_product_sales (migration 0018): the database keeps them equal to the completed orders'
 * sums through every insert, cancel, line change, branch removal and delete, and under parallel sales.
 */
let t: TestApp;
let cashier: { cookie: string };
let boss: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  cashier = await loginAs(t, 'admin');
  boss = await loginAs(t, 'superadmin');
});
afterAll(() => t.close());

const inject = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

/** The rollup checks of the stress run: 0 rows break them. */
async function rollupViolations() {
  const results = await checkInvariants(t.db);
  return results.filter((r) => r.name.startsWith('daily')).map((r) => [r.name, r.violations]);
}
const held = [
  ['daily sales = Σ completed orders, per day and branch (by method and by invoice cover)', 0],
  ['daily product sales = Σ completed orders’ lines, per day, branch and name', 0],
  ['daily product totals = Σ daily product sales of every branch, per day and name', 0],
  ['daily sessions = the active sessions, per day, branch and hour', 0],
  ['daily credits = Σ ledger deltas, per day and reason', 0],
];

const dayOf = async (date: string, branchId: string | null) => {
  const [row] = await t.db
    .select()
    .from(dailySales)
    .where(
      and(
        eq(dailySales.date, date),
        branchId ? eq(dailySales.branchId, branchId) : sql`${dailySales.branchId} is null`,
      ),
    );
  return row;
};

describe('the daily sums of the owner’s figures', () => {
  it('follow every order: methods apart, change out, online apart, pending and cancelled left out', async () => {
    const branch = await createBranch(t.db);
    const morning = businessInstant('2030-02-04', '09:15');
    // 23:30 in Mexico City is the next day in UTC: the day is Mexico City's.
    const night = businessInstant('2030-02-04', '23:30');
    await createOrder(t.db, {
      branchId: branch.id,
      totalCents: 8_000,
      paidCashCents: 10_000,
      changeCents: 2_000,
      createdAt: morning,
      itemName: 'Café',
      quantity: 2,
    });
    await createOrder(t.db, {
      branchId: branch.id,
      totalCents: 30_000,
      paidCardCents: 30_000,
      createdAt: night,
      itemName: 'Sesión',
      quantity: 1,
    });
    await createOrder(t.db, {
      branchId: branch.id,
      totalCents: 5_000,
      paidTransferCents: 5_000,
      createdAt: morning,
      itemName: 'Café',
      quantity: 1,
    });
    await createOrder(t.db, {
      branchId: branch.id,
      totalCents: 9_999,
      createdAt: morning,
      status: 'pending',
    });
    await createOrder(t.db, {
      branchId: branch.id,
      totalCents: 7_777,
      createdAt: morning,
      status: 'cancelled',
    });
    await createOrder(t.db, {
      branchId: null,
      isPos: false,
      totalCents: 90_000,
      paidCardCents: 90_000,
      createdAt: morning,
      itemName: 'Paquete',
      quantity: 1,
    });

    expect(await dayOf('2030-02-04', branch.id)).toMatchObject({
      cashCents: 8_000,
      cardCents: 30_000,
      transferCents: 5_000,
      onlineCents: 0,
      orders: 3,
    });
    expect(await dayOf('2030-02-04', null)).toMatchObject({ onlineCents: 90_000, cashCents: 0, orders: 1 });
    const coffee = await t.db
      .select()
      .from(dailyProductSales)
      .where(and(eq(dailyProductSales.branchId, branch.id), eq(dailyProductSales.name, 'Café')));
    expect(coffee).toEqual([
      expect.objectContaining({ date: '2030-02-04', quantity: 3, totalCents: expect.any(Number) }),
    ]);
    expect(await rollupViolations()).toEqual(held);
  });

  it('take a cancelled sale out, follow a line changed or removed, a branch removed and an order deleted', async () => {
    const c = { client: await createUser(t.db), branch: await createBranch(t.db) };
    const product = await createProduct(t.db, {
      name: 'Agua de jamaica',
      priceCents: 2_500,
      isDigital: false,
    });
    const sold = await inject('/api/pos/orders', cashier.cookie, {
      idempotencyKey: randomUUID(),
      clientId: c.client.id,
      branchId: c.branch.id,
      items: [{ productId: product.id, quantity: 4 }],
      cashCents: 10_000,
      openingFloatCents: 0,
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const today = businessDate(new Date());
    expect(await dayOf(today, c.branch.id)).toMatchObject({ cashCents: 10_000, orders: 1 });

    const cancelled = await inject(`/api/orders/${sold.json().order.id}/cancel`, boss.cookie, {
      confirmation: 'cancelar orden',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await dayOf(today, c.branch.id)).toMatchObject({ cashCents: 0, orders: 0 });
    expect(await rollupViolations()).toEqual(held);

    // Lines and orders changed by hand (no screen does it; the sums follow anyway).
    const other = await createOrder(t.db, {
      branchId: c.branch.id,
      totalCents: 6_000,
      itemName: 'Galletas',
      quantity: 2,
    });
    await t.db.update(orderItems).set({ quantity: 3 }).where(eq(orderItems.orderId, other.id));
    expect(await rollupViolations()).toEqual(held);
    await t.db
      .insert(orderItems)
      .values({ orderId: other.id, name: 'Té', unitPriceCents: 1_500, quantity: 1 });
    await t.db
      .delete(orderItems)
      .where(and(eq(orderItems.orderId, other.id), eq(orderItems.name, 'Galletas')));
    expect(await rollupViolations()).toEqual(held);
    // A branch removed: its orders keep their amounts in no branch (orders.branch_id set null).
    await t.db.update(orders).set({ branchId: null }).where(eq(orders.branchId, c.branch.id));
    expect(await rollupViolations()).toEqual(held);
    const deleted = await t.db.delete(orders).where(eq(orders.id, other.id)).returning({ id: orders.id });
    expect(deleted).toHaveLength(1);
    expect(await rollupViolations()).toEqual(held);
  });

  it('count an OXXO or SPEI order on the day its payment was confirmed, never the day it was made (issue 24)', async () => {
    const made = businessInstant('2030-03-04', '20:00');
    const confirmed = businessInstant('2030-03-06', '10:30');
    const order = await createOrder(t.db, {
      branchId: null,
      isPos: false,
      status: 'pending',
      totalCents: 70_000,
      itemName: 'Paquete OXXO',
      createdAt: made,
    });
    await t.db
      .update(orders)
      .set({ method: 'oxxo', paidCashCents: 0, paidAt: null })
      .where(eq(orders.id, order.id));
    expect(await dayOf('2030-03-04', null)).toBeUndefined();
    // Confirmed two days later: that day's online figure, not the voucher's.
    await t.db
      .update(orders)
      .set({ status: 'completed', paidAt: confirmed, paidCashCents: 70_000 })
      .where(eq(orders.id, order.id));
    expect(await dayOf('2030-03-04', null)).toBeUndefined();
    expect(await dayOf('2030-03-06', null)).toMatchObject({ onlineCents: 70_000, orders: 1 });
    const [line] = await t.db
      .select()
      .from(dailyProductSales)
      .where(and(eq(dailyProductSales.date, '2030-03-06'), eq(dailyProductSales.name, 'Paquete OXXO')));
    expect(line).toMatchObject({ quantity: 1 });
    expect(await rollupViolations()).toEqual(held);

    // An expired one never counted.
    const expired = await createOrder(t.db, {
      branchId: null,
      isPos: false,
      status: 'pending',
      createdAt: made,
    });
    await t.db.update(orders).set({ status: 'expired', paidAt: null }).where(eq(orders.id, expired.id));
    expect(await dayOf('2030-03-04', null)).toBeUndefined();
    expect(await rollupViolations()).toEqual(held);
  });

  it('stay exact under 30 sales at once in one branch, each counted once', async () => {
    const branch = await createBranch(t.db);
    const product = await createProduct(t.db, { name: 'Pase del día', priceCents: 18_000, isDigital: false });
    const clients = await Promise.all(Array.from({ length: 30 }, () => createUser(t.db)));
    const results = await Promise.all(
      clients.map((client, i) =>
        inject('/api/pos/orders', cashier.cookie, {
          idempotencyKey: randomUUID(),
          clientId: client.id,
          branchId: branch.id,
          items: [{ productId: product.id, quantity: 1 }],
          ...(i % 2 === 0 ? { cashCents: 20_000 } : { cardCents: 18_000 }),
          openingFloatCents: 0,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
    expect(await dayOf(businessDate(new Date()), branch.id)).toMatchObject({
      cashCents: 15 * 18_000,
      cardCents: 15 * 18_000,
      orders: 30,
    });
    const [line] = await t.db
      .select()
      .from(dailyProductSales)
      .where(and(eq(dailyProductSales.branchId, branch.id), eq(dailyProductSales.name, 'Pase del día')));
    expect(line).toMatchObject({ quantity: 30, totalCents: 30 * 18_000 });
    expect(await rollupViolations()).toEqual(held);
  });
});
