import { createCost, createOrder, createRoom, createSession, createUser } from '@sala/db/factories/factories';
import { businessDate, businessInstant } from '@sala/shared/time/business-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSerially } from '../src/lib/paging';
import { rowsOf } from '../src/lib/sql-rows';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/**
 * The totals of the staff's paged tables (issue 46): each counts in a query of its own (withTotal, countOrders), by
 * one process (countSerially), and must still be the number of rows its filter finds.
 */
let t: TestApp;
let boss: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  t = await createTestApp();
  boss = await loginAs(t, 'superadmin');
});
afterAll(() => t.close());

const setting = async () =>
  rowsOf<{ n: string }>(
    await t.db.execute(sql`select current_setting('max_parallel_workers_per_gather') as n`),
  )[0]!.n;

describe('a count by one process', () => {
  it('turns parallel workers off for its own transaction only', async () => {
    const before = await setting();
    expect(
      await countSerially(t.db, sql`select current_setting('max_parallel_workers_per_gather')::int`),
    ).toBe(0);
    expect(await setting()).toBe(before);
  });

  it('answers the one number of its query, however the column is named', async () => {
    expect(await countSerially(t.db, sql`select 7::int as whatever`)).toBe(7);
    expect(await countSerially(t.db, sql`select count(*) from generate_series(1, 12)`)).toBe(12);
  });
});

describe("each paged staff table's total is the number of its rows", () => {
  it('órdenes, gastos, auditoría, correos and the day of reservaciones', async () => {
    const client = await createUser(t.db, { name: 'Totales Uno' });
    for (let i = 0; i < 3; i++) await createOrder(t.db, { userId: client.id });
    for (let i = 0; i < 2; i++) await createCost(t.db);
    // An audited staff action and a stored e-mail.
    const edited = await t.call('PATCH', `/api/users/${client.id}`, boss.cookie, {
      name: 'Totales Dos',
      email: client.email,
      phone: client.phone,
      credits: client.credits,
      role: 'user',
      isActive: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      (await t.call('POST', '/api/auth/forgot-password', undefined, { email: client.email })).statusCode,
    ).toBe(200);
    const room = await createRoom(t.db);
    const day = businessDate(new Date(Date.now() + 3 * 86_400_000));
    for (const hour of [10, 11])
      await createSession(t.db, room, { startsAt: businessInstant(day, `${hour}:00`) });

    const count = async (query: ReturnType<typeof sql>) =>
      Number(rowsOf<{ n: number | string }>(await t.db.execute(query))[0]!.n);
    const cases: [string, number][] = [
      ['/api/orders?page=1&pageSize=1', await count(sql`select count(*) as n from orders`)],
      ['/api/costs?page=1&pageSize=1', await count(sql`select count(*) as n from costs`)],
      ['/api/audit?page=1&pageSize=1', await count(sql`select count(*) as n from audit_log`)],
      ['/api/outbox?page=1&pageSize=1', await count(sql`select count(*) as n from email_outbox`)],
      [
        `/api/staff/sessions?page=1&pageSize=1&date=${day}&branchId=${room.branchId}`,
        await count(sql`select count(*) as n from room_sessions where room_id = ${room.id}`),
      ],
    ];
    for (const [url, expected] of cases) {
      expect(expected, url).toBeGreaterThanOrEqual(1);
      const res = await t.call('GET', url, boss.cookie);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.json().total, url).toBe(expected);
    }
  });
});
