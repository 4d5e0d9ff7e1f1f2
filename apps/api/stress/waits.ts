// npx tsx apps/api/stress/waits.ts — started beside `npm run test:stress` (issue 46 point 3), it measures what the
// money storm waits on. It finds the stress run's PostgreSQL database (the one with 'Sucursal Estrés'), has the
// server log every lock wait of that database past 20 ms (log_lock_waits, set on that database only), and while the
// storm runs samples every 50 ms what each backend in a transaction is doing (pg_stat_activity: running, waiting
// for a lock, or idle in transaction — waiting for its API process) and every 200 ms the two API processes' pools
// (GET /api/metrics). At the end it prints the samples by state and statement, the lock waits of the log by what was
// locked (the relation, or the trigger's statement), and the pools' queues.
//
// POSTGRES_LOG: the server's log file (default: the Debian one, /var/log/postgresql/postgresql-15-main.log).
import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const LOG = process.env.POSTGRES_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const PORTS = [3510, 3511];
const LOCK_LOG_AFTER = '20ms';
const deadline = Date.now() + 8 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const count = (map: Map<string, number>, key: string, n = 1) => map.set(key, (map.get(key) ?? 0) + n);
const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
const cell = (text: string) => text.replaceAll('|', '/');

/** A statement as a short label: its first words, parameters and literals out. */
const label = (query: string) =>
  query
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\$\d+/g, '?')
    .replace(/'[^']*'/g, "'…'")
    .slice(0, 80);

/** A statement only the money storm sends (the invariants' reads after it excepted). */
const isMoney = (query: string) =>
  /cash_drawers|"checkouts"|"idempotency_key"|order_items/.test(query) &&
  !/next_check_at/.test(query) &&
  !/^\s*(with kept|select count)/.test(query);

async function findStressDatabase(): Promise<string | undefined> {
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  const names = async () =>
    (
      await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'sala_test_%' order by oid desc`,
      )
    ).rows.map((row) => row.datname);
  // Only a database made after this script started: not another run's, nor one a killed run left behind.
  const before = new Set(await names());
  try {
    while (Date.now() < deadline) {
      for (const datname of (await names()).filter((name) => !before.has(name))) {
        const probe = new pg.Client({ connectionString: urlOf(datname) });
        try {
          await probe.connect();
          if ((await probe.query(`select 1 from branches where name = 'Sucursal Estrés'`)).rowCount) {
            // Every connection opened from now on logs its lock waits past LOCK_LOG_AFTER.
            await admin.query(`alter database ${datname} set log_lock_waits = on`);
            await admin.query(`alter database ${datname} set deadlock_timeout = '${LOCK_LOG_AFTER}'`);
            return datname;
          }
        } catch {
          // not migrated yet, or another run's database
        } finally {
          await probe.end().catch(() => {});
        }
      }
      await sleep(200);
    }
  } finally {
    await admin.end();
  }
  return undefined;
}

function urlOf(datname: string) {
  const url = new URL(server);
  url.pathname = `/${datname}`;
  return url.toString();
}

function metrics(port: number): Promise<string> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/metrics', timeout: 2_000 },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve(text));
        response.on('error', () => resolve(''));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(''));
  });
}

const logStart = (() => {
  try {
    return statSync(LOG).size;
  } catch {
    return 0;
  }
})();
const datname = await findStressDatabase();
if (!datname) {
  console.error('no stress database found');
  process.exit(1);
}
console.error(`sampling ${datname}`);
const client = new pg.Client({ connectionString: urlOf(datname) });
// The run drops its database at the end, ending this connection: the loop below then stops.
client.on('error', () => {});
await client.connect();
// The log names a tuple lock's relation by its oid.
const relations = new Map(
  (
    await client.query<{ oid: string; relname: string }>(
      `select oid::text, relname from pg_class where relkind = 'r'`,
    )
  ).rows.map((r) => [r.oid, r.relname]),
);

type Row = {
  pid: number;
  state: string;
  wait_event_type: string | null;
  wait_event: string | null;
  query: string;
};
const SAMPLE = `select pid, state, wait_event_type, wait_event, coalesce(query, '') as query from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
    and state in ('active', 'idle in transaction')`;

const states = new Map<string, number>();
const statements = new Map<string, number>();
const pools: Record<number, { waiting: number[]; busy: number[] }> = {};
for (const port of PORTS) pools[port] = { waiting: [], busy: [] };
let samples = 0;
let backendSamples = 0;
let pollingPools = false;
let lastPools = 0;
let lastMoney = 0;
let started = 0;

while (Date.now() < deadline) {
  let rows: Row[];
  try {
    rows = (await client.query<Row>(SAMPLE)).rows;
  } catch {
    break; // the run dropped its database
  }
  const now = Date.now();
  // The storm: several transactions at once, one of them the storm's (a worker's lone checkout query is not).
  if (rows.length >= 4 && rows.some((r) => isMoney(r.query))) {
    lastMoney = now;
    started ||= now;
  }
  // Once it started, the storm lasts until 3 s without any of its statements.
  if (started && now - lastMoney > 3_000) break;
  if (started) {
    samples++;
    for (const r of rows) {
      backendSamples++;
      const what =
        r.state === 'idle in transaction'
          ? 'idle in transaction (the API has not sent the next statement yet)'
          : r.wait_event_type
            ? `${r.wait_event_type}:${r.wait_event}`
            : 'running (CPU)';
      count(states, what);
      count(statements, `${what} | ${label(r.query)}`);
    }
    if (!pollingPools && now - lastPools >= 200) {
      pollingPools = true;
      lastPools = now;
      void Promise.all(
        PORTS.map(async (port) => {
          const text = await metrics(port);
          const waiting = Number(text.match(/^sala_db_pool_waiting (\S+)$/m)?.[1]);
          const busy = Number(text.match(/^sala_db_pool_connections\{state="busy"\} (\S+)$/m)?.[1]);
          if (Number.isFinite(waiting)) pools[port]!.waiting.push(waiting);
          if (Number.isFinite(busy)) pools[port]!.busy.push(busy);
        }),
      ).finally(() => {
        pollingPools = false;
      });
    }
  }
  await sleep(50);
}
const stormSeconds = (lastMoney - started) / 1000;
const routes = new Map<string, number>();
for (const port of PORTS)
  for (const m of (await metrics(port)).matchAll(
    /^sala_http_requests_total\{method="(\w+)",route="([^"]+)",status="(\d+)"\} (\S+)$/gm,
  ))
    count(routes, `${m[1]} ${m[2]}`, Number(m[4]));
await client.end().catch(() => {});
// Wait a little for the log lines of the last waits, and for the stress run to finish with its database.
await sleep(1_000);

// The lock waits the server logged for this database: "still waiting … after N ms" (one per wait past the
// threshold) and "acquired … after N ms" (its whole wait), each with the context of what was being locked.
type Wait = { waited: number; what: string; statement: string };
const waits: Wait[] = [];
let deadlocks = 0;
{
  const text = readFileSync(LOG, 'utf8').slice(logStart);
  // An entry's continuation lines (a CONTEXT's trigger statements) start with a tab and no prefix.
  const mine: string[] = [];
  let ours = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('\t')) {
      if (ours && mine.length > 0) mine[mine.length - 1] += ` ${line.trim()}`;
      continue;
    }
    ours = line.includes(`@${datname} `);
    if (ours) mine.push(line);
  }
  type Open = { acquired?: number; context?: string; statement?: string; lock?: string };
  let current: Open | undefined;
  const flush = () => {
    if (current?.acquired !== undefined)
      waits.push({
        waited: current.acquired,
        what: whatWasLocked(current.lock ?? '', current.context ?? ''),
        statement: label(current.statement ?? ''),
      });
    current = undefined;
  };
  for (const line of mine) {
    const body = line.replace(/^.*?@\S+ /, '');
    if (body.startsWith('ERROR:  deadlock detected')) deadlocks++;
    const acquired = body.match(/LOG: {2}process \d+ acquired (\S+) on (.+?) after ([\d.]+) ms/);
    if (acquired) {
      flush();
      current = { acquired: Number(acquired[3]), lock: `${acquired[1]} on ${acquired[2]}` };
      continue;
    }
    if (/LOG: {2}process \d+ still waiting/.test(body) || /^(LOG|ERROR|WARNING):/.test(body)) {
      flush();
      continue;
    }
    if (!current) continue;
    const context = body.match(/^CONTEXT: {2}(.*)$/);
    if (context) current.context = context[1];
    const statement = body.match(/^STATEMENT: {2}(.*)$/);
    if (statement) current.statement = statement[1];
  }
  flush();
}

/** What a lock wait was for: a row of a table, a key of a unique index, or the statement of a trigger. */
function whatWasLocked(lock: string, context: string) {
  const trigger = context.match(/SQL statement "(?:INSERT INTO|UPDATE) "?(\w+)"?/i);
  const fn = context.match(/PL\/pgSQL function (\w+)/);
  if (trigger) return `row of ${trigger[1]} (trigger ${fn?.[1] ?? '?'})`;
  const tuple = context.match(/while (locking|updating|deleting) tuple \S+ in relation "(\w+)"/);
  if (tuple) return `row of ${tuple[2]} (${tuple[1]})`;
  const index = context.match(
    /while (inserting|checking uniqueness of) (index )?tuple \S+ in (index|relation) "(\w+)"/,
  );
  if (index) return `key of ${index[4]}`;
  // A wait queued behind another waiter for the same row: the row's tuple lock, its relation by oid.
  const queued = lock.match(/on tuple \S+ of relation (\d+)/);
  if (queued) return `row of ${relations.get(queued[1]!) ?? queued[1]} (queued behind another waiter)`;
  return `${lock.replace(/ \d+/g, '')}${context ? ` (${context.slice(0, 60)})` : ''}`;
}

console.log(
  `\nmoney storm in ${datname}: ${stormSeconds.toFixed(1)} s, ${samples} samples, ${backendSamples} backend-samples`,
);
console.log('\n| a backend in a transaction was | backend-samples | share |');
console.log('| --- | ---: | ---: |');
for (const [what, n] of top(states, 12))
  console.log(`| ${cell(what)} | ${n} | ${((100 * n) / Math.max(1, backendSamples)).toFixed(1)} % |`);
console.log('\n| state | statement (the last one sent, when idle in transaction) | backend-samples |');
console.log('| --- | --- | ---: |');
for (const [what, n] of top(statements, 25)) {
  const [state, statement] = what.split(' | ');
  console.log(`| ${cell(state!)} | ${cell(statement ?? '')} | ${n} |`);
}
const byWhat = new Map<string, Wait[]>();
for (const wait of waits) byWhat.set(wait.what, [...(byWhat.get(wait.what) ?? []), wait]);
console.log(
  `\n| lock waits past ${LOCK_LOG_AFTER} (server log) on | waits | total s | mean ms | max ms | statement waiting (most) |`,
);
console.log('| --- | ---: | ---: | ---: | ---: | --- |');
for (const [what, list] of [...byWhat].sort(
  (a, b) => b[1].reduce((s, w) => s + w.waited, 0) - a[1].reduce((s, w) => s + w.waited, 0),
)) {
  const total = list.reduce((s, w) => s + w.waited, 0);
  const most = top(
    list.reduce((m, w) => count(m, w.statement), new Map<string, number>()),
    1,
  )[0]![0];
  console.log(
    `| ${cell(what)} | ${list.length} | ${(total / 1000).toFixed(1)} | ${(total / list.length).toFixed(0)} | ${Math.max(...list.map((w) => w.waited)).toFixed(0)} | ${cell(most)} |`,
  );
}
console.log(`\ndeadlocks detected (each waited deadlock_timeout, then failed its request): ${deadlocks}`);
const mean = (list: number[]) => (list.length ? list.reduce((s, x) => s + x, 0) / list.length : 0);
console.log(
  '\n| API process | pool samples | requests waiting for a connection: mean | max | connections busy: mean |',
);
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const port of PORTS) {
  const { waiting, busy } = pools[port]!;
  console.log(
    `| ${port} | ${waiting.length} | ${mean(waiting).toFixed(1)} | ${Math.max(0, ...waiting)} | ${mean(busy).toFixed(1)} |`,
  );
}
const logins = [...routes].filter(([route]) => /\/api\/auth\//.test(route));
console.log(
  `\nrequests to /api/auth/* on both processes since they started: ${logins.reduce((s, [, n]) => s + n, 0)}${logins.length ? ` (${logins.map(([r, n]) => `${r}: ${n}`).join(', ')})` : ''}`,
);
process.exit(0);
