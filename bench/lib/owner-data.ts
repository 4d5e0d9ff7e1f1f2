// The data of a business as its owner's screens see it, generated in SQL at one of two sizes (issue 22, issue 46):
//   standard — 6 branches × 10 rooms, 100 000 sessions over 228 days, 100 000 orders, 5 000 clients;
//   chain    — 30 branches × 10 rooms, 1 000 000 sessions over 400 days, 300 000 orders, 50 000 clients,
//              a year of expenses.
// Sessions sit at the opening hours of the days before today and the 7 after (every 9th day blocked in every branch;
// 1 in 20 cancelled), each with its ledger charge; orders go back from now (a tenth online, 1 to 3 items each).
// Used by bench/dashboard.ts and bench/staff-tables.ts; `--size chain` picks the larger one.
import type { DatabaseHandle } from '@sala/db/client';
import { hashPassword } from '@sala/db/password';
import { hoursOn } from '@sala/shared/bookings/availability';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { addDays, businessDate, businessInstant } from '@sala/shared/time/business-time';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';

export type OwnerDataSize = {
  name: 'standard' | 'chain';
  branches: number;
  rooms: number;
  sessions: number;
  /** Days of sessions before today (today and the 7 after come on top). */
  daysBack: number;
  orders: number;
  /** The orders spread evenly over this many days before now. */
  orderDays: number;
  clients: number;
  expenses: number;
  /** The expenses spread over this many days before today. */
  expenseDays: number;
};

export const SIZES: Record<OwnerDataSize['name'], OwnerDataSize> = {
  standard: {
    name: 'standard',
    branches: 6,
    rooms: 10,
    sessions: 100_000,
    daysBack: 220,
    orders: 100_000,
    orderDays: 200,
    clients: 5_000,
    expenses: 2_000,
    expenseDays: 200,
  },
  chain: {
    name: 'chain',
    branches: 30,
    rooms: 10,
    sessions: 1_000_000,
    daysBack: 392,
    orders: 300_000,
    orderDays: 365,
    clients: 50_000,
    expenses: 20_000,
    expenseDays: 365,
  },
};

/** `--size chain` (or `--size=chain`) on the command line; standard otherwise. */
export function sizeFromArgs(argv = process.argv.slice(2)): OwnerDataSize {
  const at = argv.findIndex((arg) => arg === '--size' || arg.startsWith('--size='));
  if (at < 0) return SIZES.standard;
  const name = argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1];
  const size = SIZES[name as OwnerDataSize['name']];
  if (!size) throw new Error(`--size: standard or chain, not ${name}`);
  return size;
}

/** Every 9th day is blocked in every branch (no session on it). */
const BLOCK_EVERY = 9;

/** Rows of a raw query, whichever driver answered. */
export const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/**
 * Sets the tables' secondary indexes aside for a bulk load; the function it returns builds each again, by one sort
 * of the rows that are in by then, instead of taking the rows one by one (PostgreSQL's advice for populating a
 * database: a million sessions with nine indexes took 48 s to insert). An index that backs a constraint (a primary
 * key, which foreign keys lean on) stays; a unique one built again still refuses a duplicate the load made.
 */
export async function setIndexesAside(
  database: DatabaseHandle,
  tables: string[],
): Promise<() => Promise<void>> {
  const { db } = database;
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      where i.indrelid::regclass::text in ${tables}
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by 1`),
  );
  for (const { name } of indexes) await db.execute(sql.raw(`drop index ${name}`));
  return async () => {
    for (const { definition } of indexes) await db.execute(sql.raw(definition));
  };
}

/** Fills an empty, migrated database; the password of every account is bench1234. Returns the seconds it took. */
export async function seedOwnerData(database: DatabaseHandle, size: OwnerDataSize): Promise<number> {
  const { db } = database;
  const started = performance.now();
  const hash = await hashPassword('bench1234');
  const today = businessDate(new Date());
  const first = addDays(today, -size.daysBack);
  await db.execute(sql`
    insert into users (id, name, email, phone, credits, role, is_active, password_hash, created_at)
    select gen_random_uuid(),
           (array['Ana','Beto','Carla','Diego','Elena','Fernando','Gabriela','Hugo'])[1 + i % 8] || ' ' ||
           (array['García','López','Martínez','Hernández','Pérez','Sánchez','Ramírez','Torres'])[1 + (i / 8) % 8] || ' ' || i,
           'cliente' || i || '@bench.test', lpad((5500000000 + i)::text, 10, '0'), i % 20, 'user', i % 100 <> 0, ${hash},
           now() - (i || ' minutes')::interval
    from generate_series(1, ${size.clients}) as i`);
  await db.execute(sql`
    insert into users (id, name, email, phone, role, is_active, password_hash)
    values (gen_random_uuid(), 'Jefa Bench', 'jefa@bench.test', '5500000000', 'superadmin', true, ${hash}),
           (gen_random_uuid(), 'Recepción Bench', 'recepcion@bench.test', '5500000001', 'admin', true, ${hash})`);
  await db.execute(sql`insert into cities (id, name) values (gen_random_uuid(), 'Zona Bench')`);
  await db.execute(sql`
    insert into branches (id, name, city_id, schedule)
    select gen_random_uuid(), 'Sucursal ' || lpad(i::text, 2, '0'), (select id from cities limit 1),
           ${JSON.stringify(DEFAULT_WEEKLY_SCHEDULE)}::jsonb
    from generate_series(1, ${size.branches}) as i`);
  await db.execute(sql`
    insert into rooms (id, name, branch_id, city_id, position)
    select gen_random_uuid(), 'Sala ' || p, b.id, b.city_id, p
    from branches b, generate_series(1, ${size.rooms}) as p`);
  // The hours the branches open, less the blocked days; `sessions` of those room-hours are booked, spread evenly
  // (7919 is prime: n → 7919·n mod slots takes every value once).
  const blocked: string[] = [];
  const instants: string[] = [];
  for (let day = 0, date = first; date <= addDays(today, 7); day++, date = addDays(date, 1)) {
    if (day % BLOCK_EVERY === 0) blocked.push(date);
    else
      for (const hour of hoursOn(DEFAULT_WEEKLY_SCHEDULE, date))
        instants.push(businessInstant(date, hour).toISOString());
  }
  const slots = instants.length * size.branches * size.rooms;
  if (slots < size.sessions) throw new Error(`only ${slots} room-hours for ${size.sessions} sessions`);
  // A million sessions, their ledger rows and 300 000 orders in one statement each: their rollups' triggers (one
  // upsert per row) are set aside, and the rollups made again from the rows at the end, as migration 0027 did.
  const rollupTriggers = [
    'room_sessions room_sessions_daily_insert',
    'credit_ledger credit_ledger_daily_insert',
    'orders orders_owner_figures_insert',
    'order_items order_items_owner_figures',
  ].map((pair) => pair.split(' ') as [string, string]);
  for (const [table, trigger] of rollupTriggers)
    await db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
  const buildIndexes = await setIndexesAside(database, [
    'room_sessions',
    'credit_ledger',
    'orders',
    'order_items',
  ]);
  // One client per hour is enough for the unique index: every room of an hour has its own client, in turn.
  await db.execute(sql`
    with slots as (
      select r.id as room_id, r.branch_id, r.city_id, t.at::timestamptz as starts_at,
             row_number() over (order by t.at, r.id) as n
      from rooms r, jsonb_array_elements_text(${JSON.stringify(instants)}::jsonb) as t(at)
    ),
    clients as (select id, row_number() over (order by id) as n from users where role = 'user')
    insert into room_sessions (id, user_id, room_id, branch_id, city_id, starts_at, credits_charged, created_at,
                               cancelled_at)
    select gen_random_uuid(), c.id, s.room_id, s.branch_id, s.city_id, s.starts_at, 1, s.starts_at - interval '2 days',
           case when s.n % 20 = 7 then s.starts_at - interval '2 days' + interval '1 hour' end
    from slots s join clients c on c.n = 1 + s.n % ${size.clients}
    where (s.n * 7919) % ${slots} < ${size.sessions}`);
  await db.execute(sql`
    insert into credit_ledger (id, user_id, delta, balance_after, reason, reference_id, created_at)
    select gen_random_uuid(), user_id, -1, 0, 'booking', id, created_at from room_sessions`);
  await db.execute(sql`
    insert into day_blocks (id, city_id, branch_id, date, hour, is_hour_blocked)
    select gen_random_uuid(), b.city_id, b.id, d.date::date, null, false
    from branches b, jsonb_array_elements_text(${JSON.stringify(blocked)}::jsonb) as d(date)`);
  const orderEvery = Math.floor((size.orderDays * 86_400) / size.orders);
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
           now() - (i * ${orderEvery} * interval '1 second')
    from generate_series(1, ${size.orders}) as i
    join clients c on c.n = 1 + i % ${size.clients}
    join places p on p.n = 1 + i % ${size.branches}`);
  await db.execute(sql`
    insert into order_items (id, order_id, product_id, name, unit_price_cents, quantity, credits_granted)
    select gen_random_uuid(), o.id, null, 'Producto ' || (1 + (abs(hashtext(o.id::text)) + k) % 40), 35000 / k, k, k
    from orders o, generate_series(1, 3) as k
    where k <= 1 + (abs(hashtext(o.id::text)) % 3)`);
  await db.execute(sql`
    insert into credit_ledger (id, user_id, delta, balance_after, reason, reference_id, created_at)
    select gen_random_uuid(), o.user_id, 10, 10, case when o.is_pos then 'pos' else 'purchase' end, o.id, o.created_at
    from orders o where o.id::text < '8'`);
  await buildIndexes();
  for (const [table, trigger] of rollupTriggers)
    await db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
  await db.execute(sql`select daily_sessions_rebuild(), daily_credits_rebuild(), owner_figures_rebuild()`);
  await db.execute(sql`
    insert into costs (id, name, total_cents, added_by_name, branch_id, date, created_at)
    select gen_random_uuid(), 'Gasto ' || i, 1000 + i, 'Jefa Bench', b.id,
           (${today}::date - (i % ${size.expenseDays}))::date, now() - (i * interval '1 hour')
    from generate_series(1, ${size.expenses}) as i
    join (select id, row_number() over (order by id) as n from branches) b on b.n = 1 + i % ${size.branches}`);
  // As autovacuum leaves a table in production: statistics and the visibility map (index-only scans). The rollups
  // kept by triggers took every row of this bulk load as an update of the same few rows in one transaction; a
  // year of days arriving one by one, vacuumed as they go, leaves them compact: so are they here.
  await db.execute(
    sql`vacuum full daily_sales, daily_product_sales, daily_product_totals, daily_sessions, daily_credits`,
  );
  await db.execute(sql`vacuum analyze`);
  const [counts] = rowsOf<{ sessions: number; orders: number }>(
    await db.execute(
      sql`select (select count(*)::int from room_sessions) as sessions, (select count(*)::int from orders) as orders`,
    ),
  );
  if (counts!.sessions !== size.sessions || counts!.orders !== size.orders)
    throw new Error(`seeded ${counts!.sessions} sessions and ${counts!.orders} orders`);
  return (performance.now() - started) / 1000;
}

/** p50 and p95 of a list of milliseconds. */
export function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: sorted[Math.floor(sorted.length * 0.5)]!,
    p95: sorted[Math.floor(sorted.length * 0.95)]!,
  };
}

/** The app on the seeded data, with the super admin's (boss) and the receptionist's (reception) login cookies. */
export async function staffApp(database: DatabaseHandle) {
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
  return { app, boss: await cookieOf('jefa@bench.test'), reception: await cookieOf('recepcion@bench.test') };
}
