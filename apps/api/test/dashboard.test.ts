import {
  createBranch,
  createDayBlock,
  createOrder,
  createRoom,
  createRoomBlock,
  createSession,
  createUser,
} from '@sala/db/factories/factories';
import { creditLedger } from '@sala/db/schema/ledger';
import { rooms } from '@sala/db/schema/locations';
import { users } from '@sala/db/schema/users';
import { businessInstant } from '@sala/shared/time/business-time';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

// Wednesday 9 January 2030, 11:30 in Mexico City.
const NOW = new Date('2030-01-09T17:30:00Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof loginAs>>;
let boss: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  freezeClock(NOW);
  t = await createTestApp();
  admin = await loginAs(t, 'admin');
  boss = await loginAs(t, 'superadmin');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
beforeEach(() => {
  vi.setSystemTime(NOW);
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const at = (date: string, hour: string) => businessInstant(date, hour);

/** A branch (the default schedule) with 2 active rooms and an inactive one, and its bookings and blocks. */
async function seededBranch() {
  const branch = await createBranch(t.db);
  const room1 = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 1 });
  const room2 = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 2 });
  const off = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 3 });
  await t.db.update(rooms).set({ isActive: false }).where(eq(rooms.id, off.id));
  await createSession(t.db, room1, { startsAt: at('2030-01-09', '10:00') });
  await createSession(t.db, room2, { startsAt: at('2030-01-09', '10:00') });
  await createSession(t.db, room1, { startsAt: at('2030-01-09', '11:00') });
  await createSession(t.db, room2, {
    startsAt: at('2030-01-09', '12:00'),
    cancelledAt: new Date('2030-01-08T00:00:00Z'),
  });
  await createSession(t.db, room1, { startsAt: at('2030-01-07', '09:00') });
  await createDayBlock(t.db, branch, '2030-01-09', '15:00');
  await createRoomBlock(t.db, room1, at('2030-01-09', '16:00'));
  return { branch, room1, room2 };
}

describe('today’s panel (issue 22)', () => {
  it('counts today’s sessions by hour against what is bookable, marks the hour under way, the rooms free now and the blocks', async () => {
    const { branch } = await seededBranch();
    const res = await get(`/api/dashboard/today?branchId=${branch.id}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const today = res.json();
    expect(today).toMatchObject({
      date: '2030-01-09',
      currentHour: '11:00',
      roomsFreeNow: 1,
      pendingClients: null,
    });
    // 08:00–20:00 less the blocked 15:00: 12 hours; two rooms each, one at 16:00 (a room is blocked).
    expect(today.hours).toHaveLength(12);
    expect(today.hours.find((h: { hour: string }) => h.hour === '10:00')).toEqual({
      hour: '10:00',
      booked: 2,
      bookable: 2,
    });
    expect(today.hours.find((h: { hour: string }) => h.hour === '12:00')).toEqual({
      hour: '12:00',
      booked: 0,
      bookable: 2,
    });
    expect(today.hours.find((h: { hour: string }) => h.hour === '16:00')).toEqual({
      hour: '16:00',
      booked: 0,
      bookable: 1,
    });
    expect(today.blocks).toEqual([
      { branchName: branch.name, hour: '15:00', roomName: null },
      { branchName: branch.name, hour: '16:00', roomName: 'Sala 1' },
    ]);
  });

  it('tells the super admin who waits for activation', async () => {
    await createUser(t.db, { name: 'Nueva Clienta', isActive: false });
    const res = await get('/api/dashboard/today', boss.cookie);
    expect(res.json().pendingClients.count).toBeGreaterThanOrEqual(1);
    expect(res.json().pendingClients.names).toContain('Nueva Clienta');
  });
});

describe('occupancy', () => {
  it('divides booked by bookable hours for the next 7 days and the last 30, and maps the weeks', async () => {
    const { branch } = await seededBranch();
    const res = await get(`/api/dashboard/occupancy?branchId=${branch.id}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { next7, last30, heatmap } = res.json();
    // 9–15 January: 5 weekdays × 13 + Saturday 7 = 72 hours × 2 rooms = 144, less 15:00 today (2) and one room at
    // 16:00 (1): 141; booked today 10:00 × 2 and 11:00.
    expect(next7).toEqual([
      { branchId: branch.id, branchName: branch.name, booked: 3, bookable: 141, rate: 2.1 },
    ]);
    // 10 December – 8 January: 22 weekdays × 13 + 4 Saturdays × 7 = 314 hours × 2 rooms; Monday 7 at 09:00 booked.
    expect(last30).toEqual([
      { branchId: branch.id, branchName: branch.name, booked: 1, bookable: 628, rate: 0.2 },
    ]);
    // The 8 Mondays since 14 November at 09:00: 16 room-hours, 1 booked.
    expect(
      heatmap.find((c: { weekday: number; hour: string }) => c.weekday === 1 && c.hour === '09:00'),
    ).toEqual({
      weekday: 1,
      hour: '09:00',
      booked: 1,
      bookable: 16,
      rate: 6.3,
    });
  });
});

describe('money (the super admin’s)', () => {
  it('adds up the sales per day by method, the credits and the products sold most', async () => {
    const { branch } = await seededBranch();
    const client = await createUser(t.db);
    await createOrder(t.db, {
      userId: client.id,
      branchId: branch.id,
      totalCents: 48_500,
      paidCashCents: 50_000,
      changeCents: 1_500,
      itemName: 'Café',
      quantity: 2,
      createdAt: at('2030-01-09', '10:15'),
    });
    await createOrder(t.db, {
      userId: client.id,
      branchId: branch.id,
      totalCents: 3_500,
      paidCardCents: 3_500,
      itemName: 'Agua',
      quantity: 1,
      createdAt: at('2030-01-08', '18:00'),
    });
    await createOrder(t.db, {
      userId: client.id,
      branchId: branch.id,
      totalCents: 9_900,
      paidCashCents: 9_900,
      status: 'cancelled',
      itemName: 'Café',
      createdAt: at('2030-01-08', '19:00'),
    });
    // An online sale: in no branch's figures, in the all-branches ones.
    await createOrder(t.db, {
      userId: client.id,
      branchId: null,
      isPos: false,
      totalCents: 125_000,
      paidCardCents: 125_000,
      itemName: 'Paquete 5 sesiones',
      createdAt: at('2030-01-09', '09:00'),
    });

    const res = await get(`/api/dashboard/money?branchId=${branch.id}`, boss.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const money = res.json();
    expect(money.days).toHaveLength(30);
    expect(money.days.at(-1)).toEqual({
      date: '2030-01-09',
      cashCents: 48_500,
      cardCents: 0,
      transferCents: 0,
      onlineCents: 0,
    });
    expect(money.days.at(-2)).toEqual({
      date: '2030-01-08',
      cashCents: 0,
      cardCents: 3_500,
      transferCents: 0,
      onlineCents: 0,
    });
    expect(money.topProducts).toEqual([
      { name: 'Café', quantity: 2, totalCents: 48_500 },
      { name: 'Agua', quantity: 1, totalCents: 3_500 },
    ]);
    const all = (await get('/api/dashboard/money', boss.cookie)).json();
    expect(all.days.at(-1).onlineCents).toBe(125_000);
    expect(all.topProducts).toContainEqual({ name: 'Paquete 5 sesiones', quantity: 1, totalCents: 125_000 });
  });

  it('counts credits sold (less cancelled orders’ take-backs), used (less refunds) and owed now', async () => {
    const client = await createUser(t.db);
    const moved = (reason: string, delta: number, date: string) => ({
      userId: client.id,
      delta,
      balanceAfter: 0,
      reason: reason as 'pos',
      createdAt: at(date, '12:00'),
    });
    await t.db.insert(creditLedger).values([
      moved('purchase', 10, '2030-01-02'),
      moved('pos', 5, '2030-01-03'),
      moved('order_cancel', -2, '2030-01-04'),
      moved('booking', -3, '2030-01-05'),
      moved('booking_refund', 1, '2030-01-06'),
      moved('reschedule', -1, '2030-01-07'),
      moved('adjustment', 7, '2030-01-07'),
      // Before the 30 days: left out.
      moved('purchase', 100, '2029-12-01'),
    ]);
    const money = (await get('/api/dashboard/money', boss.cookie)).json();
    const [row] = await t.db.select({ owed: sql<number>`sum(${users.credits})::int` }).from(users);
    expect(money.credits).toEqual({ sold: 13, used: 3, expired: 0, outstanding: row!.owed });
  });

  it('is the super admin’s: an admin gets 403', async () => {
    expect((await get('/api/dashboard/money', admin.cookie)).statusCode).toBe(403);
    expect((await get('/api/reports?from=2030-01-01&to=2030-01-09', admin.cookie)).statusCode).toBe(403);
  });
});

describe('reports', () => {
  it('gives the same figures for any range and branch, with the expenses', async () => {
    const { branch } = await seededBranch();
    const res = await get(`/api/reports?from=2030-01-07&to=2030-01-09&branchId=${branch.id}`, boss.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    // 7–9 January: 3 weekdays × 13 × 2 rooms = 78, less 15:00 today (2) and the room at 16:00 (1): 75.
    expect(report.occupancy).toEqual([
      { branchId: branch.id, branchName: branch.name, booked: 4, bookable: 75, rate: 5.3 },
    ]);
    expect(report.days.map((d: { date: string }) => d.date)).toEqual([
      '2030-01-07',
      '2030-01-08',
      '2030-01-09',
    ]);
  });

  it('reads every figure at one instant, in one read-only transaction on one connection (decision 042)', async () => {
    await seededBranch();
    const transaction = vi.spyOn(t.database.db, 'transaction');
    const before = t.database.pool();
    const res = await get('/api/reports?from=2030-01-01&to=2030-01-09', boss.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const after = t.database.pool();
    // The session's cookie, then the report's ten queries in one transaction (they took ten connections before).
    expect(after.acquired - before.acquired).toBe(2);
    // One snapshot for every figure, and nothing written.
    expect(transaction).toHaveBeenCalledTimes(1);
    expect(transaction.mock.calls[0]![1]).toEqual({
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    transaction.mockRestore();
  });

  it('refuses a range backwards or longer than a year, in Spanish', async () => {
    const backwards = await get('/api/reports?from=2030-01-09&to=2030-01-01', boss.cookie);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe('La fecha inicial debe ser anterior o igual a la final.');
    const long = await get('/api/reports?from=2028-01-01&to=2030-01-01', boss.cookie);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Un reporte abarca a lo más 366 días.');
  });
});
