import { randomUUID } from 'node:crypto';
import {
  createBranch,
  createOrder,
  createRoom,
  createSession,
  createUser,
} from '@sala/db/factories/factories';
import { dailyCredits } from '@sala/db/schema/ledger';
import { dailySessions, roomSessions } from '@sala/db/schema/sessions';
import { businessInstant } from '@sala/shared/time/business-time';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../src/lib/sql-rows';
import { parseDayCounts } from '../src/modules/dashboard/day-counts';
import { checkInvariants } from '../stress/invariants';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/**
 * The rollups of migration 0027 (issue 46): daily_sessions, daily_credits, daily_product_totals and each order's
 * invoice cover with daily_sales' sums by cover. The database keeps them equal to their rows through every write;
 * the stress run's checks (apps/api/stress/invariants.ts) recompute them from the rows and count what differs.
 */
// Monday 6 May 2030, 09:30 in Mexico City: the bookings below fall in the client's 8-day window.
const NOW = new Date('2030-05-06T15:30:00Z');
let t: TestApp;
let boss: { cookie: string };
beforeAll(async () => {
  freezeClock(NOW);
  t = await createTestApp();
  boss = await loginAs(t, 'superadmin');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
beforeEach(() => {
  vi.setSystemTime(NOW);
});

const ROLLUP_CHECKS = [
  'daily sales = Σ completed orders, per day and branch (by method and by invoice cover)',
  'daily product totals = Σ daily product sales of every branch, per day and name',
  'every order’s invoice cover = its live invoices (its own first, else a global one)',
  'daily sessions = the active sessions, per day, branch and hour',
  'daily credits = Σ ledger deltas, per day and reason',
];
async function rollupsHold() {
  const results = await checkInvariants(t.db);
  return results.filter((r) => ROLLUP_CHECKS.includes(r.name));
}
const held = ROLLUP_CHECKS.map((name) => ({ name, violations: 0 }));

async function place(rooms = 3) {
  const branch = await createBranch(t.db);
  const list = [];
  for (let position = 1; position <= rooms; position++)
    list.push(await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position }));
  return { branch, rooms: list };
}

const hoursOf = async (branchId: string, date: string) => {
  const [row] = await t.db
    .select({ byHour: dailySessions.byHour })
    .from(dailySessions)
    .where(and(eq(dailySessions.branchId, branchId), eq(dailySessions.date, date)));
  return row?.byHour;
};

describe('daily_sessions', () => {
  it('follows sessions booked, cancelled, moved and deleted, by the hour of Mexico City', async () => {
    const p = await place();
    const at = (hour: string) => businessInstant('2030-05-06', hour);
    const a = await createSession(t.db, p.rooms[0]!, { startsAt: at('09:00') });
    await createSession(t.db, p.rooms[1]!, { startsAt: at('09:00') });
    const c = await createSession(t.db, p.rooms[2]!, { startsAt: at('20:00') });
    // 20:00 in Mexico City is 02:00 of the next day in UTC: the day and hour are Mexico City's.
    await createSession(t.db, p.rooms[0]!, { startsAt: at('10:00'), cancelledAt: NOW });
    let hours = await hoursOf(p.branch.id, '2030-05-06');
    expect(hours![9]).toBe(2);
    expect(hours![20]).toBe(1);
    expect(hours![10]).toBe(0);

    await t.db.update(roomSessions).set({ cancelledAt: NOW }).where(eq(roomSessions.id, a.id));
    await t.db
      .update(roomSessions)
      .set({ startsAt: at('11:00') })
      .where(eq(roomSessions.id, c.id));
    hours = await hoursOf(p.branch.id, '2030-05-06');
    expect([hours![9], hours![11], hours![20]]).toEqual([1, 1, 0]);
    // A cancelled session brought back counts again; a deleted one no more.
    await t.db.update(roomSessions).set({ cancelledAt: null }).where(eq(roomSessions.id, a.id));
    await t.db.delete(roomSessions).where(eq(roomSessions.id, c.id));
    hours = await hoursOf(p.branch.id, '2030-05-06');
    expect([hours![9], hours![11]]).toEqual([2, 0]);
    expect(await rollupsHold()).toEqual(held);
  });

  it('keeps each row’s text, which the owner’s figures read, equal to its date and counts (migration 0034)', async () => {
    const p = await place(2);
    const at = (hour: string) => businessInstant('2030-05-09', hour);
    await createSession(t.db, p.rooms[0]!, { startsAt: at('09:00') });
    const later = await createSession(t.db, p.rooms[1]!, { startsAt: at('18:00') });
    await createSession(t.db, p.rooms[1]!, { startsAt: at('09:00') });
    await t.db.update(roomSessions).set({ cancelledAt: NOW }).where(eq(roomSessions.id, later.id));
    const [row] = await t.db
      .select({ byHour: dailySessions.byHour, dayText: dailySessions.dayText })
      .from(dailySessions)
      .where(and(eq(dailySessions.branchId, p.branch.id), eq(dailySessions.date, '2030-05-09')));
    expect(row!.byHour[9]).toBe(2);
    expect(row!.byHour[18]).toBe(0);
    expect(row!.dayText).toBe(`2030-05-09 ${row!.byHour.join(',')}`);
    const read = parseDayCounts(row!.dayText!);
    expect(read.at.get('2030-05-09')).toBe(0);
    expect([...read.counts]).toEqual(row!.byHour);
  });

  it('changes only when the transaction commits: a booking rolled back leaves no trace', async () => {
    const p = await place(1);
    const startsAt = businessInstant('2030-05-07', '12:00');
    await t.db
      .transaction(async (tx) => {
        await createSession(tx, p.rooms[0]!, { startsAt });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await hoursOf(p.branch.id, '2030-05-07')).toBeUndefined();
    await createSession(t.db, p.rooms[0]!, { startsAt });
    expect((await hoursOf(p.branch.id, '2030-05-07'))![12]).toBe(1);
  });

  it('stays exact when 10 clients book the rooms of one branch and day at once (through the API)', async () => {
    const p = await place(10);
    const clients = [];
    for (let i = 0; i < 10; i++) clients.push(await loginAs(t, 'user', { credits: 3 }));
    const results = await Promise.all(
      clients.map(({ cookie }, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/sessions',
          headers: { cookie },
          payload: { branchId: p.branch.id, roomId: p.rooms[i]!.id, date: '2030-05-08', hour: '13:00' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
    expect((await hoursOf(p.branch.id, '2030-05-08'))![13]).toBe(10);
    expect(await rollupsHold()).toEqual(held);
  });

  it('sessions moved across days in opposite directions at once never deadlock at their commits (migration 0031)', async () => {
    // Each transaction moves 4 sessions, each to the next of 4 days, in an order of its own (as reschedules do: a day
    // taken, then another): 0027 wrote each day's row at the commit in the order the rows changed, so one commit took
    // day 1 then day 3 while another took day 3 then day 1.
    const p = await place(10);
    const days = ['2030-05-13', '2030-05-14', '2030-05-15', '2030-05-16'];
    const moves = [];
    for (let n = 0; n < 20; n++) {
      const order = n % 2 === 0 ? [0, 1, 2, 3] : [3, 2, 1, 0];
      const list = [];
      for (const i of order) {
        const from = (n + i) % 4;
        // An hour of its own per session: the room is never taken twice while the sessions move one by one.
        const hour = `${10 + i + (n < 10 ? 0 : 4)}:00`;
        const session = await createSession(t.db, p.rooms[n % 10]!, {
          startsAt: businessInstant(days[from]!, hour),
        });
        list.push({ id: session.id, to: businessInstant(days[(from + 1 + (n % 3)) % 4]!, hour) });
      }
      moves.push(list);
    }
    const results = await Promise.allSettled(
      moves.map((list) =>
        t.db.transaction(async (tx) => {
          for (const { id, to } of list)
            await tx.update(roomSessions).set({ startsAt: to }).where(eq(roomSessions.id, id));
        }),
      ),
    );
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
    ).toEqual([]);
    const perDay = await Promise.all(days.map(async (date) => (await hoursOf(p.branch.id, date)) ?? []));
    expect(perDay.flat().reduce((a, b) => a + b, 0)).toBe(80);
    expect(await rollupsHold()).toEqual(held);
  });

  it('a reschedule’s two days, a rolled-back savepoint and a bulk insert all reach the rows exactly', async () => {
    const p = await place(2);
    const first = businessInstant('2030-05-20', '09:00');
    const second = businessInstant('2030-05-21', '17:00');
    const moved = await createSession(t.db, p.rooms[0]!, { startsAt: second });
    await t.db.transaction(async (tx) => {
      // Cancelled on the later day, booked on the earlier one (the order a reschedule writes them in).
      await tx.update(roomSessions).set({ cancelledAt: NOW }).where(eq(roomSessions.id, moved.id));
      await createSession(tx, p.rooms[0]!, { startsAt: first });
      await tx
        .transaction(async (inner) => {
          await createSession(inner, p.rooms[1]!, { startsAt: first });
          throw new Error('savepoint rolled back');
        })
        .catch(() => undefined);
      await tx.insert(roomSessions).values(
        [0, 1, 2].map((i) => ({
          roomId: p.rooms[1]!.id,
          branchId: p.branch.id,
          cityId: p.branch.cityId,
          startsAt: businessInstant('2030-05-22', `${10 + i}:00`),
          creditsCharged: 0,
          isCourtesy: true,
          courtesyName: 'Cortesía',
        })),
      );
    });
    expect((await hoursOf(p.branch.id, '2030-05-20'))![9]).toBe(1);
    expect((await hoursOf(p.branch.id, '2030-05-21'))![17]).toBe(0);
    expect((await hoursOf(p.branch.id, '2030-05-22'))!.slice(10, 13)).toEqual([1, 1, 1]);
    expect(await rollupsHold()).toEqual(held);
  });
});

describe('daily_credits', () => {
  it('sums the ledger per Mexico City day and reason, whatever slot each movement fell in', async () => {
    const user = await createUser(t.db, { credits: 0 });
    const night = businessInstant('2030-05-20', '23:30');
    for (let i = 1; i <= 10; i++) {
      await t.db.execute(sql`
        insert into credit_ledger (id, user_id, delta, balance_after, reason, created_at)
        values (${randomUUID()}, ${user.id}, ${i}, ${i}, 'adjustment', ${night.toISOString()}::timestamptz)`);
    }
    const [row] = rowsOf<{ delta: string; slots: number }>(
      await t.db.execute(sql`
        select sum(delta)::text as delta, count(*)::int as slots from ${dailyCredits}
        where date = '2030-05-20' and reason = 'adjustment'`),
    );
    expect(Number(row!.delta)).toBe(55);
    expect(row!.slots).toBeGreaterThan(1);
    expect(await rollupsHold()).toEqual(held);
  });

  it('one slot per transaction: transactions of many movements never deadlock at their commits (migration 0030)', async () => {
    // Each transaction writes 8 movements of one day and reason (as a standing slot's charges do), in an order of
    // its own; 0027 wrote each to the slot of its id in that order, and two such commits could wait on each other.
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db, { credits: 0 })));
    const day = businessInstant('2030-05-21', '12:00');
    const results = await Promise.allSettled(
      users.map((user, n) =>
        t.db.transaction(async (tx) => {
          for (let i = 0; i < 8; i++)
            await tx.execute(sql`
              insert into credit_ledger (id, user_id, delta, balance_after, reason, created_at)
              values (${randomUUID()}, ${user.id}, ${(i + n) % 8 === 0 ? 2 : 1}, ${i + 1}, 'adjustment',
                      ${day.toISOString()}::timestamptz)`);
        }),
      ),
    );
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
    ).toEqual([]);
    const [row] = rowsOf<{ delta: string }>(
      await t.db.execute(sql`
        select sum(delta)::text as delta from ${dailyCredits} where date = '2030-05-21' and reason = 'adjustment'`),
    );
    expect(Number(row!.delta)).toBe(20 * 9);
    expect(await rollupsHold()).toEqual(held);
  });
});

describe('the report’s invoicing from daily_sales', () => {
  let folio = 0;
  const invoice = async (kind: 'order' | 'global', orderId: string | null, status = 'queued') => {
    const id = randomUUID();
    folio += 1;
    await t.db.execute(sql`
      insert into invoices (id, kind, order_id, status, uuid, customer, payload, total_cents, payment_form, series,
                            folio_number, idempotency_key)
      values (${id}, ${kind}, ${orderId}, ${status}, ${status === 'valid' ? randomUUID() : null}, '{}'::jsonb,
              '{}'::jsonb, 0, '01', 'T', ${folio}, ${randomUUID()})`);
    return id;
  };
  const report = async (branchId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports?from=2030-06-01&to=2030-06-30&branchId=${branchId}`,
      headers: { cookie: boss.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().invoicing;
  };

  it('follows own invoices, global ones, their cancels, and a cancelled sale', async () => {
    const branch = await createBranch(t.db);
    const sale = (totalCents: number) =>
      createOrder(t.db, {
        branchId: branch.id,
        totalCents,
        paidCashCents: totalCents,
        createdAt: businessInstant('2030-06-10', '10:00'),
      });
    const [a, b, c] = [await sale(10_000), await sale(20_000), await sale(40_000)];
    expect(await report(branch.id)).toEqual({ invoicedCents: 0, inGlobalCents: 0, notInvoicedCents: 70_000 });

    const own = await invoice('order', a.id);
    const global = await invoice('global', null, 'valid');
    await t.db.execute(sql`insert into global_invoice_sales (invoice_id, order_id)
      values (${global}, ${a.id}), (${global}, ${b.id})`);
    // a: its own invoice wins over the global; b: in the global; c: none.
    expect(await report(branch.id)).toEqual({
      invoicedCents: 10_000,
      inGlobalCents: 20_000,
      notInvoicedCents: 40_000,
    });

    // a's own invoice cancelled (accepted by the SAT): the global covers it again. The global cancelled: none.
    await t.db.execute(sql`update invoices set cancel_state = 'accepted' where id = ${own}`);
    expect(await report(branch.id)).toEqual({
      invoicedCents: 0,
      inGlobalCents: 30_000,
      notInvoicedCents: 40_000,
    });
    await t.db.execute(sql`update invoices set status = 'cancelled' where id = ${global}`);
    expect(await report(branch.id)).toEqual({ invoicedCents: 0, inGlobalCents: 0, notInvoicedCents: 70_000 });

    // c invoiced, then the sale cancelled: it leaves every figure.
    await invoice('order', c.id, 'valid');
    expect(await report(branch.id)).toEqual({
      invoicedCents: 40_000,
      inGlobalCents: 0,
      notInvoicedCents: 30_000,
    });
    await t.db.execute(sql`update orders set status = 'cancelled' where id = ${c.id}`);
    expect(await report(branch.id)).toEqual({ invoicedCents: 0, inGlobalCents: 0, notInvoicedCents: 30_000 });
    expect(await rollupsHold()).toEqual(held);
  });
});

describe('the sales rollups written at the commit (migrations 0028, 0032)', () => {
  it('the commit writes every column of each rollup, adding each sum to the row already there', async () => {
    // The writing names each rollup's columns (0032, so its statements are planned once): a column added to a
    // rollup and not to owner_figures_flush would be left at its default by every sale. This says which.
    const columns = rowsOf<{ table: string; column: string; key: boolean }>(
      await t.db.execute(sql`
        select c.relname as "table", a.attname as "column",
               exists (select 1 from pg_constraint k
                       where k.conrelid = c.oid and k.contype in ('p', 'u') and a.attnum = any (k.conkey)) as "key"
        from pg_class c join pg_attribute a on a.attrelid = c.oid
        where c.relname in ('daily_sales', 'daily_product_sales', 'daily_product_totals')
          and c.relnamespace = current_schema()::regnamespace and a.attnum > 0 and not a.attisdropped
        order by 1, a.attnum`),
    );
    const [flush] = rowsOf<{ body: string }>(
      await t.db.execute(sql`select prosrc as body from pg_proc where proname = 'owner_figures_flush'`),
    );
    const missing = columns.filter(({ table, column, key }) => {
      const insert = new RegExp(`INSERT INTO "${table}" AS "r" \\(([^)]*)\\)`).exec(flush!.body)?.[1] ?? '';
      const written = insert.includes(`"${column}"`);
      const added = flush!.body.includes(`"${column}" = "r"."${column}" + excluded."${column}"`);
      return !written || (!key && !added);
    });
    expect(columns.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
