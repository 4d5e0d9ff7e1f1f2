// Budget (issue 12, docs/business-rules.md D§6): the corte of a day with 5 000 orders and 500 costs answers in < 100 ms, and the
// orders table stays < 50 ms a page with 100 000 orders, on PostgreSQL and on PGlite.
// Run: npm run bench:corte              (both databases; BENCH_DB=postgres or pglite for one of them)
import { performance } from 'node:perf_hooks';
import { openDatabase } from '@sala/db/client';
import { hashPassword } from '@sala/db/password';
import { createEmptyPostgresDatabase } from '@sala/db/scratch';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { dayRange } from '@sala/shared/time/business-time';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';

const ORDERS = 100_000;
const DAY_ORDERS = 5_000;
const DAY_COSTS = 500;
const DAY = '2026-11-20';
const CORTE_BUDGET_MS = 100;
const PAGE_BUDGET_MS = 50;

async function bench(kind: 'postgres' | 'pglite') {
  const empty = kind === 'postgres' ? await createEmptyPostgresDatabase() : undefined;
  const database = await openDatabase(empty ? { kind: 'postgres', url: empty.url } : { kind: 'pglite' });
  try {
    const { db } = database;
    const hash = await hashPassword('bench1234');
    const { from } = dayRange(DAY);
    await db.execute(sql`
      insert into users (id, name, email, phone, credits, role, is_active, password_hash)
      select gen_random_uuid(),
             (array['Ana','Beto','Carla','Diego','Elena','Fernando','Gabriela','Hugo'])[1 + i % 8] || ' ' ||
             (array['García','López','Martínez','Hernández','Pérez','Sánchez','Ramírez','Torres'])[1 + (i / 8) % 8] || ' ' || i,
             'cliente' || i || '@bench.test', lpad((5500000000 + i)::text, 10, '0'), 0, 'user', true, ${hash}
      from generate_series(1, 5000) as i`);
    await db.execute(sql`
      insert into users (id, name, email, phone, role, is_active, password_hash)
      values (gen_random_uuid(), 'Jefa Bench', 'jefa@bench.test', '5500000000', 'superadmin', true, ${hash})`);
    await db.execute(sql`insert into cities (id, name) values (gen_random_uuid(), 'Zona Bench')`);
    await db.execute(sql`
      insert into branches (id, name, city_id, schedule)
      select gen_random_uuid(), 'Sucursal ' || i, (select id from cities limit 1), ${JSON.stringify(DEFAULT_WEEKLY_SCHEDULE)}::jsonb
      from generate_series(1, 3) as i`);
    // The first DAY_ORDERS orders fall on the bench day (business hours); the rest on the 200 days before it.
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
             case when i <= ${DAY_ORDERS}
                  then ${from.toISOString()}::timestamptz + interval '8 hours' + (i * interval '7 seconds')
                  else ${from.toISOString()}::timestamptz - (i * interval '3 minutes') end
      from generate_series(1, ${ORDERS}) as i
      join clients c on c.n = 1 + i % 5000
      join places p on p.n = 1 + i % 3`);
    await db.execute(sql`
      insert into order_items (id, order_id, product_id, name, unit_price_cents, quantity, credits_granted)
      select gen_random_uuid(), o.id, null, 'Producto ' || k, 35000 / k, k, k
      from orders o, generate_series(1, 3) as k
      where k <= 1 + (abs(hashtext(o.id::text)) % 3)`);
    await db.execute(sql`
      insert into costs (id, name, total_cents, added_by_name, branch_id, date, created_at)
      select gen_random_uuid(), 'Gasto ' || i, 1000 + i, 'Jefa Bench', (select id from branches order by id limit 1),
             ${DAY}, ${from.toISOString()}::timestamptz + interval '9 hours' + (i * interval '1 minute')
      from generate_series(1, ${DAY_COSTS}) as i`);
    // As autovacuum leaves a table in production: statistics and the visibility map (index-only scans).
    await db.execute(sql`vacuum analyze`);

    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'jefa@bench.test', password: 'bench1234' },
    });
    const cookie = `sala_session=${login.cookies.find((c) => c.name === 'sala_session')!.value}`;
    const branch = (await db.execute(sql`select id from branches order by id limit 1`)) as unknown as {
      rows: { id: string }[];
    };
    const branchId = (branch.rows ?? (branch as unknown as { id: string }[]))[0]!.id;

    const cases: [string, string, number][] = [
      [
        `corte of a day (${DAY_ORDERS} orders, ${DAY_COSTS} costs)`,
        `/api/cash-summary?date=${DAY}`,
        CORTE_BUDGET_MS,
      ],
      ['corte of one branch', `/api/cash-summary?date=${DAY}&branchId=${branchId}`, CORTE_BUDGET_MS],
      ['orders: first page', '/api/orders?page=1&pageSize=10', PAGE_BUDGET_MS],
      ['orders: page 2 000', '/api/orders?page=2000&pageSize=50', PAGE_BUDGET_MS],
      ['orders: by total', '/api/orders?page=3&pageSize=30&sort=totalCents&dir=asc', PAGE_BUDGET_MS],
      ['orders: by client name', '/api/orders?page=1&pageSize=10&sort=clientName', PAGE_BUDGET_MS],
      ['orders: search "garcía"', '/api/orders?q=garc%C3%ADa&pageSize=10', PAGE_BUDGET_MS],
      ['orders: search a phone', '/api/orders?q=5500001234&pageSize=10', PAGE_BUDGET_MS],
      // Issue 39: a folio as printed finds its order through the unique index; bare digits may also be a phone.
      ['orders: search folio "A-01234"', '/api/orders?q=A-01234&pageSize=10', PAGE_BUDGET_MS],
      ['orders: search folio digits "1234"', '/api/orders?q=1234&pageSize=10', PAGE_BUDGET_MS],
      ['orders: folio digits, page 3', '/api/orders?q=1234&page=3&pageSize=10', PAGE_BUDGET_MS],
    ];
    let failed = false;
    const lines: string[] = [];
    for (const [label, url, budget] of cases) {
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        const start = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        times.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        if (i === 0 && url.startsWith('/api/cash-summary') && !url.includes('branchId')) {
          const { totals, movements } = res.json();
          if (movements.length !== DAY_ORDERS + DAY_COSTS)
            throw new Error(`corte has ${movements.length} movements`);
          if (totals.cancelledOrders !== DAY_ORDERS / 50) throw new Error('cancelled orders miscounted');
        }
      }
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(times.length * 0.5)]!;
      const p95 = times[Math.floor(times.length * 0.95)]!;
      const ok = p95 < budget;
      failed ||= !ok;
      lines.push(
        `${ok ? 'ok  ' : 'SLOW'} ${label.padEnd(42)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  (budget ${budget})`,
      );
    }
    await app.close();
    console.log(`\n${ORDERS} orders on ${kind}:`);
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
