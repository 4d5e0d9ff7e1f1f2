// Budget (issue 43): a client's calendar feed with 500 sessions answers in p95 < 20 ms, on PostgreSQL and on PGlite;
// the feed is one indexed query, and a calendar that has the latest version gets 304.
// Run: npm run bench:calendar-feed      (both databases; BENCH_DB=postgres or pglite for one of them)
import { performance } from 'node:perf_hooks';
import { openDatabase } from '@sala/db/client';
import { hashPassword } from '@sala/db/password';
import { createEmptyPostgresDatabase } from '@sala/db/scratch';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';

const CLIENTS = 100_000;
/** Sessions of the other clients, so the feed's index has a real table to find its 500 in. */
const OTHER_SESSIONS = 100_000;
const FEED_SESSIONS = 500;
const BUDGET_MS = 20;
const RUNS = 60;

async function bench(kind: 'postgres' | 'pglite') {
  const empty = kind === 'postgres' ? await createEmptyPostgresDatabase() : undefined;
  const database = await openDatabase(empty ? { kind: 'postgres', url: empty.url } : { kind: 'pglite' });
  try {
    const { db } = database;
    const hash = await hashPassword('bench1234');
    await db.execute(sql`
      insert into users (id, name, email, phone, credits, role, is_active, password_hash)
      select gen_random_uuid(), 'Cliente ' || i, 'cliente' || i || '@bench.test',
             lpad((5500000000 + i)::text, 10, '0'), 0, 'user', true, ${hash}
      from generate_series(1, ${CLIENTS}) as i`);
    await db.execute(sql`insert into cities (id, name) values (gen_random_uuid(), 'Zona Bench')`);
    await db.execute(sql`
      insert into branches (id, name, city_id, schedule, address)
      select gen_random_uuid(), 'Sucursal ' || i, (select id from cities limit 1),
             ${JSON.stringify(DEFAULT_WEEKLY_SCHEDULE)}::jsonb, 'Colima ' || i || ', Roma Norte'
      from generate_series(1, 4) as i`);
    await db.execute(sql`
      insert into rooms (id, name, city_id, branch_id, position)
      select gen_random_uuid(), 'Sala ' || p, b.city_id, b.id, p
      from branches b, generate_series(1, 10) as p`);
    // The bench client (cliente1) has FEED_SESSIONS sessions, one an hour from 20 days ago on; every 10th cancelled
    // a week ago. The other clients share OTHER_SESSIONS, spread over a year around today.
    await db.execute(sql`
      with r as (select id, branch_id, city_id, row_number() over (order by id) as n from rooms)
      insert into room_sessions (id, user_id, room_id, branch_id, city_id, starts_at, credits_charged, cancelled_at)
      select gen_random_uuid(), (select id from users where email = 'cliente1@bench.test'), r.id, r.branch_id,
             r.city_id, date_trunc('hour', now()) - interval '20 days' + i * interval '1 hour', 1,
             case when i % 10 = 0 then now() - interval '7 days' end
      from generate_series(1, ${FEED_SESSIONS}) as i join r on r.n = 1 + i % 20`);
    await db.execute(sql`
      with r as (select id, branch_id, city_id, row_number() over (order by id) as n from rooms),
           u as (select id, row_number() over (order by id) as n from users where email <> 'cliente1@bench.test')
      insert into room_sessions (id, user_id, room_id, branch_id, city_id, starts_at, credits_charged)
      select gen_random_uuid(), u.id, r.id, r.branch_id, r.city_id,
             date_trunc('hour', now()) - interval '180 days' + i * interval '1 hour', 1
      from generate_series(1, ${OTHER_SESSIONS}) as i
      join r on r.n = 21 + i % 20 join u on u.n = 1 + i % ${CLIENTS - 1}`);
    await db.execute(sql`vacuum analyze`);

    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'cliente1@bench.test', password: 'bench1234' },
    });
    const cookie = `sala_session=${login.cookies.find((c) => c.name === 'sala_session')!.value}`;
    const made = await app.inject({ method: 'POST', url: '/api/me/calendar-feed', headers: { cookie } });
    const path = new URL(made.json().url).pathname;

    const first = await app.inject({ method: 'GET', url: path });
    const events = first.body.match(/BEGIN:VEVENT/g)?.length ?? 0;
    if (first.statusCode !== 200 || events !== FEED_SESSIONS) {
      throw new Error(`feed: ${first.statusCode}, ${events} events`);
    }
    const etag = first.headers.etag as string;

    /** p50 and p95 of RUNS requests; `before` runs untimed before each one. */
    async function time(
      label: string,
      headers: Record<string, string>,
      status: number,
      before?: () => Promise<void>,
      url = path,
    ) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        await before?.();
        const start = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        times.push(performance.now() - start);
        if (res.statusCode !== status) throw new Error(`${label}: ${res.statusCode}`);
      }
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(times.length * 0.5)]!;
      const p95 = times[Math.floor(times.length * 0.95)]!;
      return { label, p50, p95, ok: p95 < BUDGET_MS };
    }
    // For scale: a route that reads nothing (the request's own cost through app.inject).
    const floor = await time('(for scale) GET /api/health', {}, 200, undefined, '/api/health');
    const results = [
      await time('unchanged feed, asked again (200)', {}, 200),
      await time('unchanged feed, If-None-Match (304)', { 'if-none-match': etag }, 304),
      // A session changes before every request: the file is written anew each time (no remembered copy).
      await time('feed that changed since (200, written anew)', { 'if-none-match': etag }, 200, async () => {
        await db.execute(sql`
          update room_sessions set updated_at = clock_timestamp()
          where id = (select id from room_sessions where user_id = (select id from users where email = 'cliente1@bench.test') limit 1)`);
      }),
    ];
    await app.close();
    console.log(`\ncalendar feed of ${FEED_SESSIONS} sessions (${OTHER_SESSIONS} others) on ${kind}:`);
    for (const r of [floor, ...results]) {
      console.log(
        `${r.ok ? 'ok  ' : 'SLOW'} ${r.label.padEnd(46)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  (budget ${BUDGET_MS})`,
      );
    }
    return results.every((r) => r.ok);
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
