// Budget (issue 10): bookings per second through the HTTP API on distinct free slots — at least 300/s on
// PostgreSQL and 150/s on PGlite — with /api/health measured in the same run for comparison.
// Data: 30 branches × 10 rooms over the 8-day window; 300 clients with credits and open login sessions (and 20
// branches and 300 clients more for the standing slots).
// 8 connections; three rounds of 10 s on one server, the median counts (this shared 2-core machine is noisy).
// Then a burst round (issue 20): 100 requests in flight for 10 s; every answer within 1 s at p99, none lost,
// on either database (PGlite used to answer the first requests of a burst only when it ended).
// Then standing slots (issue 21): 8-week series (POST /api/sessions/series, the dates a preview would show) in
// branches of their own; at least 50 series/s on PostgreSQL (each is 8 sessions, 8 charges and one e-mail pair).
// Run: npm run bench:booking   (BENCH_DB=postgres or pglite for one of them; default both)
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@sala/db/client';
import { hashPassword } from '@sala/db/password';
import { authSessions } from '@sala/db/schema/auth';
import { creditLedger, creditLots } from '@sala/db/schema/ledger';
import { branches, cities, rooms } from '@sala/db/schema/locations';
import { users } from '@sala/db/schema/users';
import { bookingWindow, hoursOn } from '@sala/shared/bookings/availability';
import { seriesDates } from '@sala/shared/bookings/series';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { addDays, businessDate, businessInstant } from '@sala/shared/time/business-time';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { hashToken, newToken } from '../apps/api/src/lib/tokens';
import { type LoadResult, printTable, runLoad } from './lib/load';
import { freshDatabase, startServer } from './lib/server';

const BRANCHES = 30;
const ROOMS = 10;
const CLIENTS = 300;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = 10;
const BUDGET = { postgres: 300, pglite: 150 } as const;
const BURST_CONNECTIONS = Number(process.env.BENCH_BURST_CONNECTIONS ?? 100);
const BURST_P99_MS = 1_000;
/** Standing slots: branches of their own, 8 weeks each; the budget is the issue's, for PostgreSQL. */
const SERIES_BRANCHES = 20;
const SERIES_WEEKS = 8;
const SERIES_BUDGET = { postgres: 50, pglite: 0 } as const;

type Slot = { branchId: string; roomId: string; date: string; hour: string };

async function chunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
}

type Series = Slot & { everyWeeks: 1; count: number; occurrences: { date: string; roomId: string }[] };

async function seed({ db }: DatabaseHandle) {
  const passwordHash = await hashPassword('bench1234');
  // The first CLIENTS book single sessions, the next CLIENTS standing slots (a client holds one session an hour).
  const clients = Array.from({ length: CLIENTS * 2 }, (_, i) => ({
    id: randomUUID(),
    name: `Cliente Bench ${i}`,
    email: `cliente${i}@bench.test`,
    phone: '5500000000',
    role: 'user' as const,
    isActive: true,
    credits: 200,
    passwordHash,
  }));
  await chunked(clients, (chunk) => db.insert(users).values(chunk));
  await chunked(clients, (chunk) =>
    db.insert(creditLedger).values(
      chunk.map((c) => ({
        userId: c.id,
        delta: c.credits,
        balanceAfter: c.credits,
        reason: 'adjustment' as const,
      })),
    ),
  );
  // Issue 44: every credit belongs to a lot; half of each balance ends in 60 days, so a booking spends across lots.
  const soon = addDays(businessDate(new Date()), 60);
  await chunked(clients, (chunk) =>
    db.insert(creditLots).values(
      chunk.flatMap((c) => [
        {
          userId: c.id,
          credits: c.credits / 2,
          remaining: c.credits / 2,
          expiresOn: soon,
          source: 'adjustment' as const,
        },
        {
          userId: c.id,
          credits: c.credits / 2,
          remaining: c.credits / 2,
          expiresOn: null,
          source: 'adjustment' as const,
        },
      ]),
    ),
  );
  // An open login session per client: the benchmark measures booking, not argon2.
  const tokens = clients.map(() => newToken());
  await chunked(
    clients.map((c, i) => ({
      tokenHash: hashToken(tokens[i]!),
      userId: c.id,
      persistent: true,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
    (chunk) => db.insert(authSessions).values(chunk),
  );
  const [city] = await db.insert(cities).values({ name: 'Zona Bench' }).returning();
  const slots: Slot[] = [];
  const dates = bookingWindow({ now: new Date() }).slice(1); // from tomorrow: no hour has passed
  const byBranch: { id: string; rooms: string[] }[] = [];
  for (let b = 0; b < BRANCHES; b++) {
    const [branch] = await db
      .insert(branches)
      .values({ name: `Sucursal Bench ${b}`, cityId: city!.id, schedule: DEFAULT_WEEKLY_SCHEDULE })
      .returning();
    const branchRooms = await db
      .insert(rooms)
      .values(
        Array.from({ length: ROOMS }, (_, i) => ({
          name: `Sala ${i + 1}`,
          position: i + 1,
          branchId: branch!.id,
          cityId: city!.id,
        })),
      )
      .returning();
    byBranch.push({ id: branch!.id, rooms: branchRooms.map((r) => r.id) });
  }
  // Branches of the series: each series holds its room at its hour for 8 weeks from a day of the window.
  const seriesBranches: { id: string; rooms: string[] }[] = [];
  for (let b = 0; b < SERIES_BRANCHES; b++) {
    const [branch] = await db
      .insert(branches)
      .values({ name: `Fija Bench ${b}`, cityId: city!.id, schedule: DEFAULT_WEEKLY_SCHEDULE })
      .returning();
    const branchRooms = await db
      .insert(rooms)
      .values(
        Array.from({ length: ROOMS }, (_, i) => ({
          name: `Sala ${i + 1}`,
          position: i + 1,
          branchId: branch!.id,
          cityId: city!.id,
        })),
      )
      .returning();
    seriesBranches.push({ id: branch!.id, rooms: branchRooms.map((r) => r.id) });
  }
  const series: Series[] = [];
  for (const date of dates) {
    for (const hour of hoursOn(DEFAULT_WEEKLY_SCHEDULE, date)) {
      if (businessInstant(date, hour).getTime() < Date.now() + 3_600_000) continue;
      for (const branch of seriesBranches) {
        for (const roomId of branch.rooms) {
          series.push({
            branchId: branch.id,
            roomId,
            date,
            hour,
            everyWeeks: 1,
            count: SERIES_WEEKS,
            occurrences: seriesDates(date, 1, SERIES_WEEKS).map((d) => ({ date: d, roomId })),
          });
        }
      }
    }
  }
  // Slots in start-time order: every start time has BRANCHES × ROOMS rooms, more than any client books at once.
  for (const date of dates) {
    for (const hour of hoursOn(DEFAULT_WEEKLY_SCHEDULE, date)) {
      if (businessInstant(date, hour).getTime() < Date.now() + 3_600_000) continue;
      for (const branch of byBranch) {
        for (const roomId of branch.rooms) slots.push({ branchId: branch.id, roomId, date, hour });
      }
    }
  }
  await db.execute(sql`analyze`);
  return { tokens, slots, series };
}

async function benchOn(kind: 'postgres' | 'pglite', port: number) {
  let data: { tokens: string[]; slots: Slot[]; series: Series[] } | undefined;
  const database = await freshDatabase(kind, async (handle) => {
    data = await seed(handle);
  });
  const server = await startServer(database, port);
  try {
    const { tokens, slots, series } = data!;
    // Slot n goes to client n mod CLIENTS: consecutive bookings of one client are CLIENTS slots apart, i.e. at
    // different start times (one client, one session per hour).
    let next = 0;
    const bookingRequest = (): autocannon.Request => ({
      method: 'POST',
      path: '/api/sessions',
      setupRequest: (request) => {
        const n = next++;
        const slot = slots[n % slots.length]!;
        return {
          ...request,
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            cookie: `sala_session=${tokens[n % CLIENTS]}`,
          },
          body: JSON.stringify(slot),
        };
      },
    });
    const round = (duration = DURATION_S) =>
      runLoad('POST /api/sessions', {
        url: server.baseUrl,
        connections: CONNECTIONS,
        duration,
        requests: [bookingRequest()],
      });
    // A short warm-up (the JIT compiles the hot paths), then the measured rounds.
    await round(2);
    const rounds: LoadResult[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await round());
    const booking = [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)]!;
    console.log(`${kind} rounds (bookings/s): ${rounds.map((r) => r.rps.toFixed(0)).join(', ')}`);
    // The throughput rounds must never have run out of free slots (every booking a real one); the burst may
    // wrap around them (refusals are answers too: it measures how long an answer takes).
    const attempted = next;
    const burst = {
      ...(await runLoad(`POST /api/sessions, ${BURST_CONNECTIONS} in flight`, {
        url: server.baseUrl,
        connections: BURST_CONNECTIONS,
        duration: DURATION_S,
        requests: [bookingRequest()],
      })),
    };
    // BENCH_SKIP_HEALTH=true measures the bookings alone (for a profile of the server).
    const health =
      process.env.BENCH_SKIP_HEALTH === 'true'
        ? { label: 'GET /api/health (skipped)', rps: 1, p50: 0, p99: 0, errors: 0, non2xx: 0 }
        : await runLoad('GET /api/health', {
            url: `${server.baseUrl}/api/health`,
            connections: CONNECTIONS,
            duration: DURATION_S,
          });
    // Standing slots, in their own branches, by clients of their own: series n goes to the (n mod CLIENTS)-th of
    // them (200 credits: 25 series each), so one client's series start at different hours.
    let nextSeries = 0;
    const seriesRequest = (): autocannon.Request => ({
      method: 'POST',
      path: '/api/sessions/series',
      setupRequest: (request) => {
        const n = nextSeries++;
        return {
          ...request,
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            cookie: `sala_session=${tokens[CLIENTS + (n % CLIENTS)]}`,
          },
          body: JSON.stringify(series[n % series.length]),
        };
      },
    });
    const seriesRounds: LoadResult[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      seriesRounds.push(
        await runLoad('POST /api/sessions/series (8 weeks)', {
          url: server.baseUrl,
          connections: CONNECTIONS,
          duration: DURATION_S,
          requests: [seriesRequest()],
        }),
      );
    }
    const standing = [...seriesRounds].sort((a, b) => a.rps - b.rps)[Math.floor(seriesRounds.length / 2)]!;
    console.log(`${kind} rounds (series/s): ${seriesRounds.map((r) => r.rps.toFixed(0)).join(', ')}`);
    return {
      kind,
      booking,
      burst,
      health,
      standing,
      attempted,
      slots: slots.length,
      seriesTried: nextSeries,
      seriesSlots: series.length,
    };
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
const results: {
  kind: 'postgres' | 'pglite';
  booking: LoadResult;
  burst: LoadResult;
  health: LoadResult;
  standing: LoadResult;
  attempted: number;
  slots: number;
  seriesTried: number;
  seriesSlots: number;
}[] = [];
for (const [i, kind] of kinds.entries()) results.push(await benchOn(kind, 3400 + i));
for (const {
  kind,
  booking,
  burst,
  health,
  standing,
  attempted,
  slots,
  seriesTried,
  seriesSlots,
} of results) {
  printTable(
    `${kind}: ${CONNECTIONS} connections (the burst: ${BURST_CONNECTIONS}), ${DURATION_S} s each (${attempted} bookings tried before the burst, ${slots} slots)`,
    [booking, burst, health, standing],
  );
  const seriesOk =
    standing.rps >= SERIES_BUDGET[kind] &&
    standing.errors + standing.non2xx === 0 &&
    seriesTried <= seriesSlots;
  failed ||= !seriesOk;
  console.log(
    `${seriesOk ? 'within' : 'OUT OF'} budget: ${standing.rps.toFixed(0)} series of ${SERIES_WEEKS} weeks/s` +
      `${SERIES_BUDGET[kind] ? ` (≥ ${SERIES_BUDGET[kind]})` : ' (no budget on this database)'}, ` +
      `${standing.non2xx} refused, ${seriesTried} of ${seriesSlots} series tried`,
  );
  const fair = burst.p99 < BURST_P99_MS && burst.errors === 0;
  failed ||= !fair;
  console.log(
    `${fair ? 'within' : 'OUT OF'} budget: p99 ${burst.p99.toFixed(0)} ms at ${BURST_CONNECTIONS} in flight (< ${BURST_P99_MS} ms), ${burst.errors} lost`,
  );
  const ok = booking.rps >= BUDGET[kind] && booking.errors + booking.non2xx === 0 && attempted <= slots;
  failed ||= !ok;
  console.log(
    `${ok ? 'within' : 'OUT OF'} budget: ${booking.rps.toFixed(0)} bookings/s (≥ ${BUDGET[kind]}), ` +
      `${booking.non2xx} refused, ratio booking/health ${(booking.rps / health.rps).toFixed(2)}`,
  );
}
if (failed) process.exitCode = 1;
