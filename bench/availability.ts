// Budget (issue 9, docs/business-rules.md D§6): the hours of a branch and day answer with p99 < 25 ms at 32 concurrent clients on
// PostgreSQL on this 2-core machine, and at least 0.65× the requests per second of /api/health in the same run, the
// two loads in alternating slices (issue 46; 0.40 before).
// Data: 3 branches × 10 rooms, the 8-day window with ~60% of room-hours booked, hour blocks and room blocks.
// Run: npm run bench:availability   (BENCH_DB=postgres or pglite for one of them; default both)
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@sala/db/client';
import { hashPassword } from '@sala/db/password';
import { dayBlocks, roomBlocks } from '@sala/db/schema/blocks';
import { branches, cities, rooms } from '@sala/db/schema/locations';
import { roomSessions } from '@sala/db/schema/sessions';
import { users } from '@sala/db/schema/users';
import { bookingWindow, hoursOn } from '@sala/shared/bookings/availability';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { businessInstant } from '@sala/shared/time/business-time';
import { sql } from 'drizzle-orm';
import { type LoadResult, printTable, runAlternating } from './lib/load';
import { freshDatabase, startServer } from './lib/server';

const CONNECTIONS = 32;
const DURATION_S = 10;
/** Each load's 10 s run in slices of 2 s, alternating with the other's. */
const SLICES = 5;
const P99_BUDGET_MS = 25;
/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const RATIO_BUDGET = 0.65;

async function chunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
}

/** 3 branches × 10 rooms; ~60 % of the window's room-hours booked; one hour blocked per branch and day. */
async function seed({ db }: DatabaseHandle) {
  const passwordHash = await hashPassword('bench1234');
  const clients = Array.from({ length: 300 }, (_, i) => ({
    id: randomUUID(),
    name: `Cliente Bench ${i}`,
    email: `cliente${i}@bench.test`,
    phone: '5500000000',
    role: 'user' as const,
    isActive: true,
    passwordHash,
  }));
  await chunked(clients, (chunk) => db.insert(users).values(chunk));
  const [city] = await db.insert(cities).values({ name: 'Zona Bench' }).returning();
  const dates = bookingWindow({ now: new Date() });
  const sessions: (typeof roomSessions.$inferInsert)[] = [];
  const hourBlocks: (typeof dayBlocks.$inferInsert)[] = [];
  const roomHourBlocks: (typeof roomBlocks.$inferInsert)[] = [];
  const branchIds: string[] = [];
  let n = 0;
  for (let b = 0; b < 3; b++) {
    const [branch] = await db
      .insert(branches)
      .values({ name: `Sucursal Bench ${b}`, cityId: city!.id, schedule: DEFAULT_WEEKLY_SCHEDULE })
      .returning();
    branchIds.push(branch!.id);
    const branchRooms = await db
      .insert(rooms)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          name: `Sala ${i + 1}`,
          position: i + 1,
          branchId: branch!.id,
          cityId: city!.id,
        })),
      )
      .returning();
    for (const date of dates) {
      const hours = hoursOn(DEFAULT_WEEKLY_SCHEDULE, date);
      if (hours.length === 0) continue;
      hourBlocks.push({ branchId: branch!.id, cityId: city!.id, date, hour: hours[0]!, isHourBlocked: true });
      for (const hour of hours.slice(1)) {
        const startsAt = businessInstant(date, hour);
        for (const room of branchRooms) {
          n++;
          if (n % 10 < 6) {
            sessions.push({
              userId: clients[n % clients.length]!.id,
              roomId: room.id,
              branchId: room.branchId,
              cityId: room.cityId,
              startsAt,
              creditsCharged: 1,
            });
          } else if (n % 10 === 6 && n % 3 === 0) {
            roomHourBlocks.push({ roomId: room.id, branchId: room.branchId, cityId: room.cityId, startsAt });
          }
        }
      }
    }
  }
  await chunked(sessions, (chunk) => db.insert(roomSessions).values(chunk));
  await chunked(hourBlocks, (chunk) => db.insert(dayBlocks).values(chunk));
  await chunked(roomHourBlocks, (chunk) => db.insert(roomBlocks).values(chunk));
  await db.execute(sql`analyze`);
  console.log(
    `seeded ${sessions.length} sessions, ${hourBlocks.length} hour blocks, ${roomHourBlocks.length} room blocks`,
  );
  return { branchIds, dates: dates.filter((date) => hoursOn(DEFAULT_WEEKLY_SCHEDULE, date).length > 0) };
}

async function benchOn(kind: 'postgres' | 'pglite', port: number) {
  let target: { branchIds: string[]; dates: string[] } | undefined;
  const database = await freshDatabase(kind, async (handle) => {
    target = await seed(handle);
  });
  const server = await startServer(database, port);
  try {
    const paths = target!.branchIds.flatMap((branchId) =>
      target!.dates.map((date) => `/api/availability/hours?branchId=${branchId}&date=${date}`),
    );
    const check = await fetch(`${server.baseUrl}${paths[0]}`);
    if (!check.ok) throw new Error(`availability answered ${check.status}: ${await check.text()}`);
    // Both warmed up, then the two loads in alternating slices: the machine's drift falls on both alike.
    // Asked as a browser asks: it accepts brotli and gzip (the health's answer is too short to compress).
    const headers = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    const loads = [
      {
        label: 'GET /api/availability/hours',
        options: {
          url: server.baseUrl,
          connections: CONNECTIONS,
          headers,
          requests: paths.map((path) => ({ path })),
        },
      },
      {
        label: 'GET /api/health',
        options: { url: `${server.baseUrl}/api/health`, connections: CONNECTIONS, headers },
      },
    ];
    // The server keeps getting faster for some seconds (its compiler, its heap's sizes): warmed at full load.
    await runAlternating(
      loads.map(({ label, options }) => ({ label: `warm-up ${label}`, options })),
      { slices: 2, duration: 2 },
    );
    const { results, rounds } = await runAlternating(loads, {
      slices: SLICES,
      duration: DURATION_S / SLICES,
    });
    const [hours, health] = results as [LoadResult, LoadResult];
    const sliceRatios = rounds.map(([h, g]) => h!.rps / g!.rps);
    return { kind, hours, health, sliceRatios };
  } finally {
    await server.stop();
    await database.drop();
  }
}

const kinds = (process.env.BENCH_DB ? [process.env.BENCH_DB] : ['postgres', 'pglite']) as (
  | 'postgres'
  | 'pglite'
)[];
let failed = false;
const results: { kind: string; hours: LoadResult; health: LoadResult; sliceRatios: number[] }[] = [];
for (const [i, kind] of kinds.entries()) results.push(await benchOn(kind, 3300 + i));
for (const { kind, hours, health, sliceRatios } of results) {
  const ratio = hours.rps / health.rps;
  printTable(
    `${kind}: ${CONNECTIONS} connections, ${DURATION_S} s each in ${SLICES} alternating slices (req/s their mean, p99 the worst)`,
    [hours, health],
  );
  const spread = `${Math.min(...sliceRatios).toFixed(2)}–${Math.max(...sliceRatios).toFixed(2)}`;
  const verdicts = [`ratio availability/health ${ratio.toFixed(2)} (slice by slice ${spread})`];
  if (kind === 'postgres') {
    const ok = hours.p99 < P99_BUDGET_MS && ratio >= RATIO_BUDGET && hours.errors + hours.non2xx === 0;
    failed ||= !ok;
    verdicts.push(`${ok ? 'within' : 'OVER'} budget (p99 < ${P99_BUDGET_MS} ms, ratio ≥ ${RATIO_BUDGET})`);
  }
  console.log(verdicts.join(' · '));
}
if (failed) process.exitCode = 1;
