// Budget (issue 22, design §8): every /admin panel and a 90-day report answer in < 100 ms at p95 with 100 000
// sessions and 100 000 orders, on PostgreSQL and on PGlite.
// Data: 6 branches × 10 rooms; 100 000 sessions at the opening hours of the 220 days before today and the 7 after
// (every 9th day blocked; about 3 in 4 room-hours booked, a ledger charge each, 1 in 20 cancelled), 100 000 orders over 200 days (a tenth online, 1 to 3 items), some blocks and
// expenses; 5 000 clients. Each endpoint is asked 30 times through app.inject, after a warm-up.
// Run: npm run bench:dashboard   (both databases; BENCH_DB=postgres or pglite for one of them)
import { performance } from 'node:perf_hooks';
import { openDatabase } from '@sala/db/client';
import { hashPassword } from '@sala/db/password';
import { createEmptyPostgresDatabase } from '@sala/db/scratch';
import { hoursOn } from '@sala/shared/bookings/availability';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { addDays, BUSINESS_TIME_ZONE, businessDate, businessInstant } from '@sala/shared/time/business-time';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';

const SESSIONS = 100_000;
const ORDERS = 100_000;
const BRANCHES = 6;
const ROOMS = 10;
const BUDGET_MS = 100;
const RUNS = 30;
/** Days of sessions: DAYS_BACK before today, today and 7 after, at the hours the branches open. */
const DAYS_BACK = 220;
/** Every 9th day is blocked in every branch (no session on it). */
const BLOCK_EVERY = 9;
const TZ = sql.raw(`'${BUSINESS_TIME_ZONE}'`);

/** Rows of a raw query, whichever driver answered. */
const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

async function bench(kind: 'postgres' | 'pglite') {
  const empty = kind === 'postgres' ? await createEmptyPostgresDatabase() : undefined;
  const database = await openDatabase(empty ? { kind: 'postgres', url: empty.url } : { kind: 'pglite' });
  try {
    const { db } = database;
    const hash = await hashPassword('bench1234');
    const today = businessDate(new Date());
    const first = addDays(today, -DAYS_BACK);
    const seeded = performance.now();
    await db.execute(sql`
      insert into users (id, name, email, phone, credits, role, is_active, password_hash)
      select gen_random_uuid(), 'Cliente ' || i, 'cliente' || i || '@bench.test',
             lpad((5500000000 + i)::text, 10, '0'), i % 20, 'user', i % 100 <> 0, ${hash}
      from generate_series(1, 5000) as i`);
    await db.execute(sql`
      insert into users (id, name, email, phone, role, is_active, password_hash)
      values (gen_random_uuid(), 'Jefa Bench', 'jefa@bench.test', '5500000000', 'superadmin', true, ${hash}),
             (gen_random_uuid(), 'Recepción Bench', 'recepcion@bench.test', '5500000001', 'admin', true, ${hash})`);
    await db.execute(sql`insert into cities (id, name) values (gen_random_uuid(), 'Zona Bench')`);
    await db.execute(sql`
      insert into branches (id, name, city_id, schedule)
      select gen_random_uuid(), 'Sucursal ' || i, (select id from cities limit 1),
             ${JSON.stringify(DEFAULT_WEEKLY_SCHEDULE)}::jsonb
      from generate_series(1, ${BRANCHES}) as i`);
    await db.execute(sql`
      insert into rooms (id, name, branch_id, city_id, position)
      select gen_random_uuid(), 'Sala ' || p, b.id, b.city_id, p
      from branches b, generate_series(1, ${ROOMS}) as p`);
    // The hours the branches open, less the blocked days; SESSIONS of those room-hours are booked, spread evenly
    // (7919 is prime: n → 7919·n mod slots takes every value once).
    const blocked = new Set<string>();
    const instants: string[] = [];
    for (let day = 0, date = first; date <= addDays(today, 7); day++, date = addDays(date, 1)) {
      if (day % BLOCK_EVERY === 0) blocked.add(date);
      else
        for (const hour of hoursOn(DEFAULT_WEEKLY_SCHEDULE, date))
          instants.push(businessInstant(date, hour).toISOString());
    }
    const slots = instants.length * BRANCHES * ROOMS;
    if (slots < SESSIONS) throw new Error(`only ${slots} room-hours for ${SESSIONS} sessions`);
    await db.execute(sql`
      with slots as (
        select r.id as room_id, r.branch_id, r.city_id, t.at::timestamptz as starts_at,
               row_number() over (order by t.at, r.id) as n
        from rooms r, jsonb_array_elements_text(${JSON.stringify(instants)}::jsonb) as t(at)
      ),
      clients as (select id, row_number() over (order by id) as n from users where role = 'user')
      insert into room_sessions (id, user_id, room_id, branch_id, city_id, starts_at, credits_charged, created_at)
      select gen_random_uuid(), c.id, s.room_id, s.branch_id, s.city_id, s.starts_at, 1, s.starts_at - interval '2 days'
      from slots s join clients c on c.n = 1 + s.n % 5000
      where (s.n * 7919) % ${slots} < ${SESSIONS}`);
    // One client per hour is enough for the unique index: 60 rooms an hour, 5 000 clients in turn.
    await db.execute(sql`
      update room_sessions set cancelled_at = created_at + interval '1 hour'
      where (abs(hashtext(id::text)) % 20) = 0`);
    await db.execute(sql`
      insert into credit_ledger (id, user_id, delta, balance_after, reason, reference_id, created_at)
      select gen_random_uuid(), user_id, -1, 0, 'booking', id, created_at from room_sessions`);
    await db.execute(sql`
      insert into day_blocks (id, city_id, branch_id, date, hour, is_hour_blocked)
      select gen_random_uuid(), b.city_id, b.id, d.date::date, null, false
      from branches b, jsonb_array_elements_text(${JSON.stringify([...blocked])}::jsonb) as d(date)`);
    await db.execute(sql`
      with clients as (select id, row_number() over (order by id) as n from users where role = 'user'),
           places as (select id, row_number() over (order by id) as n from branches)
      insert into orders (id, user_id, branch_id, total_cents, is_pos, method, status, cashier_name,
                          paid_cash_cents, paid_card_cents, paid_transfer_cents, change_cents, created_at)
      select gen_random_uuid(), c.id, case when i % 10 = 0 then null else p.id end, 35000, i % 10 <> 0,
             case when i % 3 = 0 then 'card' when i % 3 = 1 then 'cash' else 'transfer' end,
             case when i % 50 = 0 then 'cancelled' else 'completed' end,
             case when i % 10 = 0 then 'Tienda en linea' else 'Recepción' end,
             case when i % 3 = 1 then 50000 else 0 end, case when i % 3 = 0 then 35000 else 0 end,
             case when i % 3 = 2 then 35000 else 0 end, case when i % 3 = 1 then 15000 else 0 end,
             now() - (i * interval '172 seconds')
      from generate_series(1, ${ORDERS}) as i
      join clients c on c.n = 1 + i % 5000
      join places p on p.n = 1 + i % ${BRANCHES}`);
    await db.execute(sql`
      insert into order_items (id, order_id, product_id, name, unit_price_cents, quantity, credits_granted)
      select gen_random_uuid(), o.id, null, 'Producto ' || (1 + (abs(hashtext(o.id::text)) + k) % 40), 35000 / k, k, k
      from orders o, generate_series(1, 3) as k
      where k <= 1 + (abs(hashtext(o.id::text)) % 3)`);
    await db.execute(sql`
      insert into credit_ledger (id, user_id, delta, balance_after, reason, reference_id, created_at)
      select gen_random_uuid(), o.user_id, 10, 10, case when o.is_pos then 'pos' else 'purchase' end, o.id, o.created_at
      from orders o where o.id::text < '8'`);
    await db.execute(sql`
      insert into costs (id, name, total_cents, added_by_name, branch_id, date, created_at)
      select gen_random_uuid(), 'Gasto ' || i, 1000 + i, 'Jefa Bench', (select id from branches order by id limit 1),
             (${today}::date - (i % 200))::date, now() - (i * interval '1 hour')
      from generate_series(1, 2000) as i`);
    // As autovacuum leaves a table in production: statistics and the visibility map (index-only scans).
    await db.execute(sql`vacuum analyze`);
    const seedSeconds = (performance.now() - seeded) / 1000;
    const [counts] = rowsOf<{ sessions: number; orders: number }>(
      await db.execute(
        sql`select (select count(*)::int from room_sessions) as sessions, (select count(*)::int from orders) as orders`,
      ),
    );
    if (counts!.sessions !== SESSIONS || counts!.orders !== ORDERS)
      throw new Error(`seeded ${counts!.sessions} sessions and ${counts!.orders} orders`);

    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database });
    await app.ready();
    const cookieOf = async (email: string) => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'bench1234' },
      });
      return `sala_session=${login.cookies.find((c) => c.name === 'sala_session')!.value}`;
    };
    const boss = await cookieOf('jefa@bench.test');
    const reception = await cookieOf('recepcion@bench.test');
    const [branch] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from branches order by name limit 1`),
    );
    const from90 = addDays(today, -89);

    const cases: [string, string, string][] = [
      ['today, every branch (admin)', '/api/dashboard/today', reception],
      ['today, one branch', `/api/dashboard/today?branchId=${branch!.id}`, reception],
      ['occupancy, every branch', '/api/dashboard/occupancy', reception],
      ['occupancy, one branch', `/api/dashboard/occupancy?branchId=${branch!.id}`, reception],
      ['money, every branch', '/api/dashboard/money', boss],
      ['money, one branch', `/api/dashboard/money?branchId=${branch!.id}`, boss],
      ['report of 90 days, every branch', `/api/reports?from=${from90}&to=${today}`, boss],
      [
        'report of 90 days, one branch',
        `/api/reports?from=${from90}&to=${today}&branchId=${branch!.id}`,
        boss,
      ],
    ];
    let failed = false;
    const lines: string[] = [];
    for (const [label, url, cookie] of cases) {
      const ask = async () => {
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        return res;
      };
      const warm = await ask();
      if (url.startsWith('/api/reports') && !url.includes('branchId')) {
        // The figures are the data's: the report's booked hours are the active sessions of its 90 days.
        const [expected] = rowsOf<{ booked: number }>(
          await db.execute(sql`
            select count(*)::int as booked from room_sessions
            where cancelled_at is null
              and (starts_at at time zone ${TZ})::date between ${from90}::date and ${today}::date`),
        );
        const booked = (warm.json() as { occupancy: { booked: number }[] }).occupancy.reduce(
          (sum, b) => sum + b.booked,
          0,
        );
        if (booked !== expected!.booked)
          throw new Error(`report: ${booked} hours booked, the data has ${expected!.booked}`);
      }
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await ask();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(times.length * 0.5)]!;
      const p95 = times[Math.floor(times.length * 0.95)]!;
      const ok = p95 < BUDGET_MS;
      failed ||= !ok;
      lines.push(
        `${ok ? 'ok  ' : 'SLOW'} ${label.padEnd(34)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  (budget ${BUDGET_MS})`,
      );
    }
    await app.close();
    console.log(
      `\n${SESSIONS} sessions and ${ORDERS} orders on ${kind} (seeded in ${seedSeconds.toFixed(0)} s):`,
    );
    for (const line of lines) console.log(line);
    return !failed;
  } finally {
    await database.close();
    await empty?.drop();
  }
}

const kinds = process.env.BENCH_DB
  ? [process.env.BENCH_DB as 'postgres' | 'pglite']
  : (['postgres', 'pglite'] as const);
let allOk = true;
for (const kind of kinds) allOk = (await bench(kind)) && allOk;
if (!allOk) process.exitCode = 1;
