// Budget (docs/business-rules.md D§6): a page of a server-side table stays under 50 ms with 100 000 rows.
// Run: npx tsx bench/users-page.ts            (PostgreSQL at TEST_DATABASE_URL, a fresh database)
//      BENCH_DB=pglite npx tsx bench/users-page.ts
import { performance } from 'node:perf_hooks';
import { openDatabase } from '@sala/db/client';
import { hashPassword } from '@sala/db/password';
import { createEmptyPostgresDatabase } from '@sala/db/scratch';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';

const ROWS = 100_000;
const BUDGET_MS = 50;
const usePglite = process.env.BENCH_DB === 'pglite';

const empty = usePglite ? undefined : await createEmptyPostgresDatabase();
const database = await openDatabase(empty ? { kind: 'postgres', url: empty.url } : { kind: 'pglite' });
try {
  const hash = await hashPassword('bench1234');
  await database.db.execute(sql`
    insert into users (id, name, email, phone, credits, role, is_active, password_hash, created_at)
    select gen_random_uuid(),
           (array['Ana','Beto','Carla','Diego','Elena','Fernando','Gabriela','Hugo'])[1 + i % 8] || ' ' ||
           (array['García','López','Martínez','Hernández','Pérez','Sánchez','Ramírez','Torres'])[1 + (i / 8) % 8] || ' ' || i,
           'cliente' || i || '@bench.test', lpad((5500000000 + i)::text, 10, '0'), i % 37,
           case when i % 500 = 0 then 'admin' else 'user' end, i % 5 <> 0, ${hash},
           now() - (i || ' minutes')::interval
    from generate_series(1, ${ROWS}) as i`);
  await database.db.execute(sql`
    insert into users (id, name, email, phone, role, is_active, password_hash)
    values (gen_random_uuid(), 'Jefa Bench', 'jefa@bench.test', '5500000000', 'superadmin', true, ${hash})`);
  await database.db.execute(sql`analyze users`);

  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'jefa@bench.test', password: 'bench1234' },
  });
  const cookie = `sala_session=${login.cookies.find((c) => c.name === 'sala_session')!.value}`;

  const cases = {
    'first page by name': '/api/users?page=1&pageSize=10&sort=name',
    'page 5000 by name': '/api/users?page=5000&pageSize=20&sort=name',
    'by credits desc': '/api/users?page=3&pageSize=50&sort=credits&dir=desc',
    'search "garcía"': '/api/users?q=garc%C3%ADa&pageSize=10',
    'search phone digits': '/api/users?q=55000123&pageSize=10',
  };
  let failed = false;
  for (const [label, url] of Object.entries(cases)) {
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      times.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length * 0.5)]!;
    const p95 = times[Math.floor(times.length * 0.95)]!;
    const ok = p95 < BUDGET_MS;
    failed ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'SLOW'} ${label.padEnd(22)} p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`,
    );
  }
  await app.close();
  console.log(`${ROWS} users on ${database.kind}; budget p95 < ${BUDGET_MS} ms`);
  if (failed) process.exitCode = 1;
} finally {
  await database.close();
  await empty?.drop();
}
