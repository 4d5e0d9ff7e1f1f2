// Budget (issue 22, issue 46, design §8): every /admin panel and a 90-day report answer in < 100 ms at p95, on
// PostgreSQL and on PGlite, with the owner's data of bench/lib/owner-data.ts: standard (100 000 sessions, 100 000
// orders) or, with `--size chain`, a chain's (30 branches, 1 000 000 sessions, 300 000 orders; on PGlite 300 000
// sessions). Each endpoint is asked 30 times through app.inject, after a warm-up.
// Run: npm run bench:dashboard [-- --size chain]   (both databases; BENCH_DB=postgres or pglite for one of them)
import { performance } from 'node:perf_hooks';
import { openDatabase } from '@sala/db/client';
import { createEmptyPostgresDatabase } from '@sala/db/scratch';
import { addDays, BUSINESS_TIME_ZONE, businessDate } from '@sala/shared/time/business-time';
import { sql } from 'drizzle-orm';
import {
  type OwnerDataSize,
  percentiles,
  rowsOf,
  seedOwnerData,
  sizeFromArgs,
  staffApp,
} from './lib/owner-data';

const BUDGET_MS = 100;
const RUNS = 30;
const TZ = sql.raw(`'${BUSINESS_TIME_ZONE}'`);

async function bench(kind: 'postgres' | 'pglite', size: OwnerDataSize) {
  // BENCH_DATABASE_URL: a PostgreSQL database seeded before (by bench/lib/owner-data.ts), measured as it is.
  const kept = kind === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
  const empty = kind === 'postgres' && !kept ? await createEmptyPostgresDatabase() : undefined;
  const url = kept ?? empty?.url;
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite' });
  try {
    const { db } = database;
    const today = businessDate(new Date());
    const seedSeconds = kept ? 0 : await seedOwnerData(database, size);

    const { app, boss, reception } = await staffApp(database);
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
      const { p50, p95 } = percentiles(times);
      const ok = p95 < BUDGET_MS;
      failed ||= !ok;
      lines.push(
        `${ok ? 'ok  ' : 'SLOW'} ${label.padEnd(34)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  (budget ${BUDGET_MS})`,
      );
    }
    await app.close();
    console.log(
      `\n${size.sessions} sessions and ${size.orders} orders on ${kind} (seeded in ${seedSeconds.toFixed(0)} s):`,
    );
    for (const line of lines) console.log(line);
    return !failed;
  } finally {
    await database.close();
    await empty?.drop();
  }
}

/** The embedded database is measured at 300 000 sessions at chain size (issue 46). */
const pgliteSize = (size: OwnerDataSize): OwnerDataSize =>
  size.name === 'chain' ? { ...size, sessions: 300_000, orders: 100_000, clients: 20_000 } : size;

const kinds = process.env.BENCH_DB
  ? [process.env.BENCH_DB as 'postgres' | 'pglite']
  : (['postgres', 'pglite'] as const);
const size = sizeFromArgs();
let allOk = true;
for (const kind of kinds) allOk = (await bench(kind, kind === 'pglite' ? pgliteSize(size) : size)) && allOk;
if (!allOk) process.exitCode = 1;
