import { hoursOn } from '@sala/shared/bookings/availability';
import { COURTESY_PREFIX } from '@sala/shared/bookings/bookings.contract';
import { expectedCashCents } from '@sala/shared/cash-drawer/drawer.rules';
import { checkPosPayment } from '@sala/shared/pos/pos.rules';
import { addDays, businessDate, businessTime, weekdayOf } from '@sala/shared/time/business-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client';
import { openScratchDatabase } from '../scratch';
import { type HistoryReport, seedDemoHistory } from './history';
import { seedDemoData } from './seed';

/** A Wednesday, 11:00 in Mexico City. */
const NOW = new Date('2030-01-09T17:00:00Z');
const TODAY = businessDate(NOW);
const DAY = 86_400_000;

type Db = DatabaseHandle['db'];

/** Raw rows, their instants (`*_at` columns) as dates whichever driver answered. */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => {
    for (const [key, value] of Object.entries(row))
      if (key.endsWith('_at') && typeof value === 'string') row[key] = new Date(value);
    return row as T;
  });
}

/** The demo business, then its history at NOW. */
async function seeded(
  kind: 'pglite' | 'postgres',
): Promise<{ database: DatabaseHandle; report: HistoryReport }> {
  const database = await openScratchDatabase(kind, { poolSize: 2 });
  await seedDemoData(database.db);
  const report = await database.db.transaction((tx) => seedDemoHistory(tx, { now: NOW }));
  console.log(
    `seedDemoHistory on ${kind}: ${report.ms} ms (${report.clients} clients, ${report.sessions} sessions, ` +
      `${report.cancelled} cancelled, ${report.orders} orders, ${report.costs} costs)`,
  );
  return { database, report };
}

type SessionRow = {
  id: string;
  user_id: string | null;
  room_id: string;
  position: number;
  branch: string;
  schedule: Parameters<typeof hoursOn>[0];
  session_cost: number;
  starts_at: Date;
  created_at: Date;
  cancelled_at: Date | null;
  cancelled_by: string | null;
  reminded_at: Date | null;
  credits_charged: number;
  is_courtesy: boolean;
  courtesy_name: string | null;
};

const sessionsOf = (db: Db) =>
  rows<SessionRow>(
    db,
    sql`select s.id, s.user_id, s.room_id, r.position, b.name as branch, b.schedule, b.session_cost, s.starts_at,
          s.created_at, s.cancelled_at, s.cancelled_by, s.reminded_at, s.credits_charged, s.is_courtesy,
          s.courtesy_name
        from room_sessions s join rooms r on r.id = s.room_id join branches b on b.id = s.branch_id`,
  );

/** What determinism means here: the same rooms at the same hours, cancelled or not (ids differ). */
const fingerprint = (sessions: SessionRow[]) =>
  sessions
    .map((s) => `${s.branch}|${s.position}|${s.starts_at.toISOString()}|${s.cancelled_at ? 'x' : '-'}`)
    .sort();

/** The ledger, orders and expenses as text, by what identifies them apart from their ids. */
async function books(db: Db) {
  const ledger = await rows<{
    email: string;
    created_at: Date;
    delta: number;
    balance_after: number;
    reason: string;
  }>(
    db,
    sql`select u.email, l.created_at, l.delta, l.balance_after, l.reason
        from credit_ledger l join users u on u.id = l.user_id where u.email like '%@clientes.example.com'`,
  );
  const sales = await rows<{
    email: string;
    created_at: Date;
    total_cents: number;
    method: string;
    status: string;
    folio: number;
  }>(
    db,
    sql`select u.email, o.created_at, o.total_cents, o.method, o.status, o.folio from orders o join users u on u.id = o.user_id`,
  );
  const drawers = await rows<{ branch: string; date: string; figures: string }>(
    db,
    sql`select b.name as branch, d.date::text as date, concat_ws('|', d.status, d.opening_float_cents,
          d.expected_cents, d.counted_cents, d.note, d.opened_by_name, d.closed_by_name) as figures
        from cash_drawers d join branches b on b.id = d.branch_id`,
  );
  const expenses = await rows<{ date: string; name: string; total_cents: number }>(
    db,
    sql`select date::text as date, name, total_cents from costs`,
  );
  return {
    ledger: ledger
      .map((r) => `${r.email}|${r.created_at.toISOString()}|${r.delta}|${r.balance_after}|${r.reason}`)
      .sort(),
    sales: sales
      .map(
        (r) => `${r.email}|${r.created_at.toISOString()}|${r.total_cents}|${r.method}|${r.status}|${r.folio}`,
      )
      .sort(),
    expenses: expenses.map((r) => `${r.date}|${r.name}|${r.total_cents}`).sort(),
    drawers: drawers.map((r) => `${r.branch}|${r.date}|${r.figures}`).sort(),
  };
}

describe('the lived-in demo history (issue 27, item 7)', { timeout: 60_000 }, () => {
  let first: { database: DatabaseHandle; report: HistoryReport };
  let second: { database: DatabaseHandle; report: HistoryReport };
  let db: Db;
  let sessions: SessionRow[];

  beforeAll(async () => {
    first = await seeded('pglite');
    // With TEST_DB=postgres the second run is on PostgreSQL: the same history on either engine.
    second = await seeded(process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');
    db = first.database.db;
    sessions = await sessionsOf(db);
  }, 120_000);

  afterAll(async () => {
    await first?.database.close();
    await second?.database.close();
  });

  it('is deterministic: the same now and seed give the same history', async () => {
    const { ms: _a, ...counts } = first.report;
    const { ms: _b, ...again } = second.report;
    expect(again).toEqual(counts);
    expect(fingerprint(await sessionsOf(second.database.db))).toEqual(fingerprint(sessions));
    expect(await books(second.database.db)).toEqual(await books(db));
    expect(first.report.ms).toBeLessThan(15_000);
  });

  it('runs once: a second call on the same database adds nothing', async () => {
    const report = await db.transaction((tx) => seedDemoHistory(tx, { now: NOW }));
    expect({ ...report, ms: 0 }).toEqual({
      clients: 0,
      sessions: 0,
      cancelled: 0,
      orders: 0,
      costs: 0,
      drawers: 0,
      ms: 0,
    });
  });

  it('keeps every balance equal to its ledger, never below zero along the way', async () => {
    const mismatched = await rows<{ email: string }>(
      db,
      sql`select u.email from users u left join credit_ledger l on l.user_id = u.id
          group by u.id having u.credits <> coalesce(sum(l.delta), 0)`,
    );
    expect(mismatched).toEqual([]);

    const ledger = await rows<{ user_id: string; delta: number; balance_after: number; created_at: Date }>(
      db,
      sql`select user_id, delta, balance_after, created_at from credit_ledger order by user_id, created_at`,
    );
    let user = '';
    let balance = 0;
    let last = 0;
    for (const row of ledger) {
      if (row.user_id !== user) {
        user = row.user_id;
        balance = 0;
        last = 0;
      }
      // One movement per instant, so the ledger's order is the order things happened in.
      expect(row.created_at.getTime()).toBeGreaterThan(last);
      last = row.created_at.getTime();
      balance += row.delta;
      expect(row.balance_after).toBe(balance);
      expect(row.balance_after).toBeGreaterThanOrEqual(0);
      expect(last).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('charges each session its branch cost through the ledger, and refunds each cancelled one', async () => {
    const moves = await rows<{ reference_id: string; reason: string; delta: number }>(
      db,
      sql`select reference_id, reason, delta from credit_ledger where reason in ('booking', 'booking_refund')`,
    );
    const byRef = new Map<string, number[]>();
    for (const move of moves)
      byRef.set(move.reference_id, [...(byRef.get(move.reference_id) ?? []), move.delta]);
    for (const s of sessions) {
      if (s.is_courtesy) {
        expect(s.user_id).toBeNull();
        expect(s.credits_charged).toBe(0);
        expect(s.courtesy_name?.startsWith(COURTESY_PREFIX)).toBe(true);
        continue;
      }
      expect(s.credits_charged).toBe(s.session_cost);
      const expected = s.cancelled_at ? [-s.session_cost, s.session_cost] : [-s.session_cost];
      expect(byRef.get(s.id)).toEqual(expected);
    }
    expect(sessions.some((s) => s.is_courtesy)).toBe(true);
  });

  it('never books one room, or one client, twice at the same hour', async () => {
    const active = sessions.filter((s) => !s.cancelled_at);
    expect(new Set(active.map((s) => `${s.room_id}|${s.starts_at.getTime()}`)).size).toBe(active.length);
    const held = active.filter((s) => s.user_id);
    expect(new Set(held.map((s) => `${s.user_id}|${s.starts_at.getTime()}`)).size).toBe(held.length);
  });

  it('has a few clients waiting for coming full hours, none for an hour it holds or one with a free room', async () => {
    const lines = await rows<{
      user_id: string;
      branch_id: string;
      starts_at: Date;
      seq: number;
      email: string;
    }>(
      db,
      sql`select w.user_id, w.branch_id, w.starts_at, w.seq, u.email from waitlist_entries w
          join users u on u.id = w.user_id where w.ended_at is null order by w.seq`,
    );
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const rooms = await rows<{ branch_id: string; count: number }>(
      db,
      sql`select branch_id, count(*)::int as count from rooms where is_active group by branch_id`,
    );
    const roomCount = new Map(rooms.map((r) => [r.branch_id, r.count]));
    const active = await rows<{ user_id: string | null; branch_id: string; starts_at: Date }>(
      db,
      sql`select user_id, branch_id, starts_at from room_sessions where cancelled_at is null`,
    );
    for (const line of lines) {
      expect(line.starts_at.getTime()).toBeGreaterThan(NOW.getTime());
      const there = active.filter(
        (s) => s.branch_id === line.branch_id && s.starts_at.getTime() === line.starts_at.getTime(),
      );
      expect(there).toHaveLength(roomCount.get(line.branch_id)!);
      expect(
        active.some((s) => s.user_id === line.user_id && s.starts_at.getTime() === line.starts_at.getTime()),
      ).toBe(false);
    }
    // The same lines on the second run (the same clients, in the same order).
    const again = await rows<{ email: string; starts_at: Date }>(
      second.database.db,
      sql`select u.email, w.starts_at from waitlist_entries w join users u on u.id = w.user_id order by w.seq`,
    );
    expect(again.map((r) => `${r.email}|${r.starts_at.toISOString()}`)).toEqual(
      lines.map((r) => `${r.email}|${r.starts_at.toISOString()}`),
    );
  });

  it('books only bookable hours, never on Sunday, up to the end of the booking window', () => {
    const lastDay = addDays(TODAY, 7);
    for (const s of sessions) {
      const date = businessDate(s.starts_at);
      expect(weekdayOf(date)).not.toBe(0);
      expect(hoursOn(s.schedule, date)).toContain(businessTime(s.starts_at));
      expect(date >= addDays(TODAY, -56) && date <= lastDay).toBe(true);
      // Booked (and cancelled) in the past, before the session.
      expect(s.created_at.getTime()).toBeLessThan(s.starts_at.getTime());
      expect(s.created_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      if (s.cancelled_at) {
        expect(s.cancelled_at.getTime()).toBeGreaterThan(s.created_at.getTime());
        expect(s.cancelled_at.getTime()).toBeLessThan(s.starts_at.getTime());
        expect(s.cancelled_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
        // A client cancels only more than 24 hours ahead.
        if (s.cancelled_by === s.user_id)
          expect(s.starts_at.getTime() - s.cancelled_at.getTime()).toBeGreaterThan(DAY);
      } else if (s.user_id) {
        // Marked as reminded: the reminder worker sends nothing for the seeded sessions.
        expect(s.reminded_at).not.toBeNull();
      }
    }
    const cancelled = sessions.filter((s) => s.cancelled_at).length / sessions.length;
    expect(cancelled).toBeGreaterThan(0.05);
    expect(cancelled).toBeLessThan(0.12);
  });

  it('fills about half of the past eight weeks, busier on weekday mornings and afternoons', async () => {
    const branches = await rows<{ id: string; schedule: SessionRow['schedule']; rooms: number }>(
      db,
      sql`select b.id, b.schedule, count(r.id)::int as rooms from branches b
          join rooms r on r.branch_id = b.id and r.is_active group by b.id`,
    );
    let capacity = 0;
    for (let date = addDays(TODAY, -56); date < TODAY; date = addDays(date, 1))
      for (const branch of branches) capacity += hoursOn(branch.schedule, date).length * branch.rooms;
    const past = sessions.filter((s) => {
      const date = businessDate(s.starts_at);
      return !s.cancelled_at && date >= addDays(TODAY, -56) && date < TODAY;
    });
    const occupancy = past.length / capacity;
    console.log(`occupancy of the past 8 weeks: ${(occupancy * 100).toFixed(1)}% of ${capacity} room-hours`);
    expect(occupancy).toBeGreaterThan(0.35);
    expect(occupancy).toBeLessThan(0.65);

    const hourOf = (s: SessionRow) => Number(businessTime(s.starts_at).slice(0, 2));
    const weekday = past.filter((s) => weekdayOf(businessDate(s.starts_at)) !== 6);
    const at = (hour: number) => weekday.filter((s) => hourOf(s) === hour).length;
    expect(at(10)).toBeGreaterThan(at(8) * 1.5);
    expect(at(17)).toBeGreaterThan(at(14) * 1.3);
  });

  it('has sessions today, and sales and expenses in yesterday’s corte', async () => {
    expect(sessions.some((s) => businessDate(s.starts_at) === TODAY && s.starts_at > NOW)).toBe(true);
    expect(sessions.some((s) => businessDate(s.starts_at) === TODAY && s.starts_at <= NOW)).toBe(true);
    const yesterday = addDays(TODAY, -1);
    const corteDay = weekdayOf(yesterday) === 0 ? addDays(yesterday, -1) : yesterday;
    const [day] = await rows<{ pos: number; costs: number }>(
      db,
      sql`select
            (select count(*)::int from orders where is_pos
              and (created_at at time zone 'America/Mexico_City')::date = ${corteDay}::date) as pos,
            (select count(*)::int from costs where date = ${corteDay}::date) as costs`,
    );
    expect(day!.pos).toBeGreaterThan(0);
    expect(day!.costs).toBeGreaterThan(0);
  });

  it('records orders as the store and the point of sale do', async () => {
    const orders = await rows<{
      id: string;
      is_pos: boolean;
      method: string;
      status: string;
      branch_id: string | null;
      cashier_name: string;
      total_cents: number;
      paid_cash_cents: number;
      paid_card_cents: number;
      paid_transfer_cents: number;
      change_cents: number;
      payment_ref: string | null;
      created_at: Date;
      lines: number;
      credits: number;
      cancelled_at: Date | null;
    }>(
      db,
      sql`select o.*, (select coalesce(sum(i.unit_price_cents * i.quantity), 0)::int from order_items i
            where i.order_id = o.id) as lines,
          (select coalesce(sum(i.credits_granted), 0)::int from order_items i where i.order_id = o.id) as credits
        from orders o`,
    );
    // The sales, and three online orders still waiting for (or past) an OXXO or SPEI payment (issue 24).
    const waiting = orders.filter((order) => order.status === 'pending' || order.status === 'expired');
    expect(waiting.map((order) => `${order.method} ${order.status}`).sort()).toEqual([
      'oxxo expired',
      'oxxo pending',
      'spei pending',
    ]);
    for (const order of waiting) {
      expect(order).toMatchObject({
        is_pos: false,
        branch_id: null,
        paid_cash_cents: 0,
        paid_transfer_cents: 0,
      });
      expect(order.payment_ref).toMatch(/^test_pi_/);
    }
    expect(orders.length - waiting.length).toBe(first.report.orders);
    for (const order of orders.filter((o) => !waiting.includes(o))) {
      expect(order.lines).toBe(order.total_cents);
      expect(order.created_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      const hour = Number(businessTime(order.created_at).slice(0, 2));
      expect(hour).toBeGreaterThanOrEqual(8);
      expect(hour).toBeLessThan(21);
      if (order.is_pos) {
        expect(order.branch_id).not.toBeNull();
        const check = checkPosPayment(order.total_cents, {
          cashCents: order.paid_cash_cents,
          cardCents: order.paid_card_cents,
          transferCents: order.paid_transfer_cents,
        });
        expect(check.ok && check.changeCents === order.change_cents).toBe(true);
      } else {
        expect(order).toMatchObject({ method: 'card', cashier_name: 'Tienda en linea', branch_id: null });
        expect(order.paid_card_cents).toBe(order.total_cents);
        expect(order.payment_ref).toMatch(/^pi_demo_\d+$/);
      }
    }
    // Credits granted by a sale reach the ledger, once, under the sale's reason.
    const granted = await rows<{ id: string; credits: number; moved: number; reason: string | null }>(
      db,
      sql`select o.id, (select coalesce(sum(credits_granted), 0)::int from order_items where order_id = o.id) as credits,
            (select coalesce(sum(delta), 0)::int from credit_ledger where reference_id = o.id and reason in ('purchase', 'pos')) as moved,
            (select min(reason) from credit_ledger where reference_id = o.id and reason in ('purchase', 'pos')) as reason,
            o.is_pos
          from orders o where o.status not in ('pending', 'expired')`,
    );
    for (const row of granted) expect(row.moved).toBe(row.credits);
    // Nothing for an order whose payment never came.
    const unpaid = await rows<{ moved: number }>(
      db,
      sql`select count(*)::int as moved from credit_ledger l join orders o on o.id = l.reference_id
          where o.status in ('pending', 'expired')`,
    );
    expect(unpaid[0]!.moved).toBe(0);
    expect(orders.some((o) => o.is_pos && o.credits > 0)).toBe(true);
    expect(orders.some((o) => o.is_pos && o.credits === 0)).toBe(true);
    expect(orders.some((o) => !o.is_pos && o.credits > 0)).toBe(true);
    expect(orders.filter((o) => o.status === 'cancelled').length).toBeGreaterThanOrEqual(1);
    expect(orders.filter((o) => o.status === 'cancelled').every((o) => o.cancelled_at)).toBe(true);
  });

  it('adds about 40 active clients and 3–4 new ones waiting for activation', async () => {
    const clients = await rows<{
      email: string;
      phone: string;
      is_active: boolean;
      credits: number;
      created_at: Date;
    }>(
      db,
      sql`select email, phone, is_active, credits, created_at from users where email like '%@clientes.example.com'`,
    );
    const activeClients = clients.filter((c) => c.is_active);
    expect(activeClients.length).toBe(40);
    const waiting = clients.filter((c) => !c.is_active);
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    expect(waiting.length).toBeLessThanOrEqual(4);
    for (const c of waiting) {
      expect(c.credits).toBe(0);
      expect(NOW.getTime() - c.created_at.getTime()).toBeLessThanOrEqual(2 * DAY);
      expect(c.created_at.getTime()).toBeLessThan(NOW.getTime());
    }
    for (const c of clients) expect(c.phone).toMatch(/^\d{10}$/);
    const [hash] = await rows<{ same: boolean }>(
      db,
      sql`select bool_and(u.password_hash = d.password_hash) as same from users u, users d
          where u.email like '%@clientes.example.com' and d.email = 'cliente@example.com'`,
    );
    expect(hash!.same).toBe(true);
  });

  it('gives the demo client past and upcoming sessions and keeps it able to book', async () => {
    const [demo] = await rows<{ id: string; credits: number }>(
      db,
      sql`select id, credits from users where email = 'cliente@example.com'`,
    );
    expect(demo!.credits).toBeGreaterThanOrEqual(5);
    const own = sessions.filter((s) => s.user_id === demo!.id && !s.cancelled_at);
    expect(own.filter((s) => s.starts_at < NOW).length).toBeGreaterThanOrEqual(4);
    const ahead = own.filter((s) => s.starts_at > NOW).length;
    expect(ahead).toBeGreaterThanOrEqual(1);
    expect(ahead).toBeLessThanOrEqual(2);
    // Its first ledger row is still the demo credits seed.ts gave it.
    const [firstMove] = await rows<{ reason: string; delta: number }>(
      db,
      sql`select reason, delta from credit_ledger where user_id = ${demo!.id} order by created_at limit 1`,
    );
    expect(firstMove).toEqual({ reason: 'adjustment', delta: 10 });
  });

  it('numbers the orders in the order they were made: folios 1, 2, 3… by time (issue 39)', async () => {
    const numbered = await rows<{ folio: number; created_at: Date }>(
      db,
      sql`select folio, created_at from orders order by folio`,
    );
    expect(numbered.map((o) => o.folio)).toEqual(numbered.map((_, i) => i + 1));
    for (let i = 1; i < numbered.length; i++)
      expect(numbered[i]!.created_at.getTime()).toBeGreaterThanOrEqual(numbered[i - 1]!.created_at.getTime());
    // A cancelled order's audit row names it by its folio.
    const labels = await rows<{ label: string }>(
      db,
      sql`select label from audit_log where action = 'order.cancel'`,
    );
    expect(labels.length).toBeGreaterThan(0);
    for (const { label } of labels) expect(label).toMatch(/^Orden A-\d{5,} · \S/);
  });

  it('opens and closes a cash drawer for every branch-day with sales at the counter (issue 39)', async () => {
    type Drawer = {
      branch_id: string;
      date: string;
      status: string;
      opening_float_cents: number;
      opened_at: Date;
      closed_at: Date | null;
      expected_cents: number | null;
      counted_cents: number | null;
      difference_cents: number | null;
      note: string | null;
    };
    const drawers = await rows<Drawer>(
      db,
      sql`select branch_id, date::text as date, status, opening_float_cents, opened_at, closed_at, expected_cents,
            counted_cents, difference_cents, note from cash_drawers`,
    );
    const sales = await rows<{
      branch_id: string;
      date: string;
      created_at: Date;
      status: string;
      cancelled_at: Date | null;
      paid_cash_cents: number;
      change_cents: number;
    }>(
      db,
      sql`select branch_id, ((created_at at time zone 'America/Mexico_City')::date)::text as date, created_at,
            status, cancelled_at, paid_cash_cents, change_cents from orders where is_pos`,
    );
    const expenses = await rows<{ branch_id: string; date: string; cents: number }>(
      db,
      sql`select branch_id, date::text as date, sum(total_cents)::int as cents from costs group by 1, 2`,
    );
    const days = new Map<string, typeof sales>();
    for (const o of sales)
      days.set(`${o.branch_id}|${o.date}`, [...(days.get(`${o.branch_id}|${o.date}`) ?? []), o]);
    const drawerOf = new Map(drawers.map((d) => [`${d.branch_id}|${d.date}`, d]));
    // One drawer per branch-day with sales at the counter, and none anywhere else.
    expect([...drawerOf.keys()].sort()).toEqual([...days.keys()].sort());

    const closed: Drawer[] = [];
    for (const [key, daySales] of days) {
      const drawer = drawerOf.get(key)!;
      const times = daySales.map((o) => o.created_at.getTime());
      expect(drawer.opened_at.getTime()).toBeLessThanOrEqual(Math.min(...times));
      if (drawer.date === TODAY) {
        // Today's drawers are open: the point of sale no longer calls the next sale the first of the day.
        expect(drawer).toMatchObject({ status: 'open', closed_at: null, expected_cents: null });
        continue;
      }
      closed.push(drawer);
      expect(drawer.status).toBe('closed');
      const closedAt = drawer.closed_at!.getTime();
      expect(closedAt).toBeGreaterThan(Math.max(...times));
      expect(businessDate(drawer.closed_at!)).toBe(drawer.date);
      // The corte's cash arithmetic over the sales that stood at closing (one cancelled later still counted then).
      const standing = daySales.filter(
        (o) => o.status === 'completed' || (o.cancelled_at !== null && o.cancelled_at.getTime() > closedAt),
      );
      const spent = expenses.find((e) => `${e.branch_id}|${e.date}` === key)?.cents ?? 0;
      expect(drawer.expected_cents, key).toBe(
        expectedCashCents({
          openingFloatCents: drawer.opening_float_cents,
          cashReceivedCents: standing.reduce((sum, o) => sum + o.paid_cash_cents, 0),
          changeCents: standing.reduce((sum, o) => sum + o.change_cents, 0),
          cashExpensesCents: spent,
        }),
      );
      expect(drawer.difference_cents).toBe(drawer.counted_cents! - drawer.expected_cents!);
      expect(drawer.counted_cents).toBeGreaterThanOrEqual(0);
    }
    // Every past day with cash sales has its closed drawer (the corte's Cajas table is never empty).
    const pastCash = [...days].filter(([, d]) => d[0]!.date < TODAY && d.some((o) => o.paid_cash_cents > 0));
    expect(pastCash.length).toBeGreaterThan(100);
    for (const [key] of pastCash) expect(drawerOf.get(key)?.status, key).toBe('closed');

    // Most drawers square; a few are off by a little, each with a note saying why.
    const off = closed.filter((d) => d.difference_cents !== 0);
    expect(off.length).toBeGreaterThanOrEqual(2);
    expect(off.length).toBeLessThan(closed.length * 0.15);
    for (const drawer of off) {
      expect(Math.abs(drawer.difference_cents!)).toBeLessThanOrEqual(10_000);
      expect(drawer.note).toMatch(/^(Faltaron|Sobraron) \$\d+/);
    }
    for (const drawer of closed.filter((d) => d.difference_cents === 0)) expect(drawer.note).toBeNull();

    // Today, every branch that already sold in cash has its drawer open.
    const cashToday = new Set(
      sales.filter((o) => o.date === TODAY && o.paid_cash_cents > 0).map((o) => o.branch_id),
    );
    expect(cashToday.size).toBeGreaterThan(0);
    for (const branch of cashToday) expect(drawerOf.get(`${branch}|${TODAY}`)?.status).toBe('open');

    // Each closing is in the audit log, as the point of sale writes it.
    const [audited] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from audit_log where action = 'cash_drawer.close'`,
    );
    expect(audited!.n).toBe(closed.length);
  });

  it('db:seed on a demo seeded before the drawers adds them once, without duplicating (issue 39)', async () => {
    const other = second.database.db;
    const count = async () =>
      (await rows<{ n: number }>(other, sql`select count(*)::int as n from cash_drawers`))[0]!.n;
    const before = await books(other);
    const drawers = await count();
    await other.execute(sql`delete from audit_log where action = 'cash_drawer.close'`);
    await other.execute(sql`delete from cash_drawers`);
    const reload = await other.transaction((tx) => seedDemoHistory(tx, { now: NOW }));
    expect(reload).toMatchObject({ clients: 0, orders: 0, drawers });
    expect(await books(other)).toEqual(before);
    const again = await other.transaction((tx) => seedDemoHistory(tx, { now: NOW }));
    expect(again.drawers).toBe(0);
    expect(await count()).toBe(drawers);
  });

  it('records a few expenses a week for every branch, in the past eight weeks', async () => {
    const costs = await rows<{ date: string; branch_id: string | null; total_cents: number }>(
      db,
      sql`select date::text as date, branch_id, total_cents from costs`,
    );
    expect(costs.length).toBe(first.report.costs);
    const branches = new Set(costs.map((c) => c.branch_id));
    expect(branches.size).toBe(3);
    expect(costs.length / 8 / 3).toBeGreaterThan(3);
    for (const c of costs) {
      expect(c.date >= addDays(TODAY, -56) && c.date < TODAY).toBe(true);
      expect(c.total_cents).toBeGreaterThan(0);
    }
  });
});
