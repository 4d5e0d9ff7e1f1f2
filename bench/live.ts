// Budget (issue 23, design §10): 1 000 live availability streams (Server-Sent Events) on one server process on
// PostgreSQL while 50 bookings a second are made for 60 s: every stream receives every change of its branch-day,
// p99 delivery under 1 s (from the booking's request to the state showing the room taken), and the process's memory
// stays flat: its resident memory at the end within 20 % of that after the first 10 s. The heap is shown too (its
// lowest of each half and its highest): it rises and falls with the collector, which runs when it likes.
// Data: 20 branches × 10 rooms; the streams spread over their day after tomorrow and the day after (40 branch-days,
// 25 streams each); the bookings are the super admin's courtesy sessions on free slots of those days, in turn.
// The server runs as production does (scripts/start.mjs); the streams and the bookings come from this process.
// Run: npm run bench:live
import { createBranch, createRoom, createUser, FACTORY_PASSWORD } from '@sala/db/factories/factories';
import { hoursOn } from '@sala/shared/bookings/availability';
import type { TAvailabilityLiveState } from '@sala/shared/bookings/availability.contract';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { addDays, businessDate, weekdayOf } from '@sala/shared/time/business-time';
import { type LiveStreamClient, openStream } from '../apps/api/harness/live-client';
import { freshDatabase, startServer } from './lib/server';

const BRANCHES = 20;
const ROOMS = 10;
const STREAMS = 1_000;
const RATE = 50;
const SECONDS = 60;
const P99_BUDGET_MS = 1_000;
const GROWTH_BUDGET = 0.2;

/** The next two open days from the day after tomorrow (every hour far ahead; a Saturday closes early). */
function benchDays() {
  const days: string[] = [];
  let day = addDays(businessDate(new Date()), 2);
  while (days.length < 2) {
    if (weekdayOf(day) !== 0) days.push(day);
    day = addDays(day, 1);
  }
  return days;
}

type Booking = { key: string; hour: string; roomId: string; startedAt: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

async function main() {
  const days = benchDays();
  const places: { branchId: string; roomIds: string[] }[] = [];
  let admin = { email: '' };
  const database = await freshDatabase('postgres', async ({ db }) => {
    for (let b = 0; b < BRANCHES; b++) {
      const branch = await createBranch(db, { schedule: DEFAULT_WEEKLY_SCHEDULE, sessionCost: 1 });
      const roomIds = [];
      for (let position = 1; position <= ROOMS; position++) {
        roomIds.push((await createRoom(db, { branchId: branch.id, cityId: branch.cityId, position })).id);
      }
      places.push({ branchId: branch.id, roomIds });
    }
    admin = await createUser(db, { role: 'superadmin' });
  });
  // One address opens every stream here: the per-address bound is for browsers, not for this bench.
  process.env.LIVE_MAX_STREAMS_PER_ADDRESS = String(STREAMS * 2);
  const server = await startServer(database, 3740);
  const { baseUrl } = server;
  const streams: { stream: LiveStreamClient; key: string; seen: Set<number> }[] = [];
  try {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email: admin.email, password: FACTORY_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

    // The slots to book, in turn across the branch-days: every room at every hour the day opens.
    const branchDays = places.flatMap((place) => days.map((date) => ({ ...place, date })));
    const slots = [];
    for (const hour of hoursOn(DEFAULT_WEEKLY_SCHEDULE, days[0]!)) {
      for (let room = 0; room < ROOMS; room++) {
        for (const place of branchDays) {
          if (hoursOn(DEFAULT_WEEKLY_SCHEDULE, place.date).includes(hour)) {
            slots.push({ ...place, hour, roomId: place.roomIds[room]! });
          }
        }
      }
    }
    if (slots.length < RATE * SECONDS)
      throw new Error(`only ${slots.length} slots for ${RATE * SECONDS} bookings`);

    // The streams, 25 per branch-day, each waiting for its first state.
    const bookings = new Map<string, Booking[]>();
    const latencies: number[] = [];
    for (let i = 0; i < STREAMS; i++) {
      const place = branchDays[i % branchDays.length]!;
      const key = `${place.branchId}|${place.date}`;
      const stream = openStream(
        `${baseUrl}/api/availability/stream?branchId=${place.branchId}&date=${place.date}`,
      );
      streams.push({ stream, key, seen: new Set() });
      if (i % 100 === 99) await Promise.all(streams.slice(-100).map(({ stream }) => stream.opened));
    }
    await Promise.all(streams.map(({ stream }) => stream.next((e) => e.event === 'state', 30_000)));
    const opened = streams.filter(({ stream }) => stream.status === 200).length;
    console.info(`${opened} streams open on ${branchDays.length} branch-days`);

    // Each state a stream receives settles the bookings of its branch-day that it shows taken.
    const settle = (entry: (typeof streams)[number], from: number) => {
      const list = bookings.get(entry.key) ?? [];
      for (const event of entry.stream.events.slice(from)) {
        const state = event.data as TAvailabilityLiveState;
        list.forEach((booking, index) => {
          if (entry.seen.has(index)) return;
          const room = state.rooms
            .find((r) => r.hour === booking.hour)
            ?.rooms.find((r) => r.id === booking.roomId);
          if (room?.state !== 'busy') return;
          entry.seen.add(index);
          latencies.push(event.at - booking.startedAt);
        });
      }
    };
    const readUpTo = streams.map(({ stream }) => stream.events.length);

    const heap = async () => {
      const text = await (await fetch(`${baseUrl}/api/metrics`, { headers: { cookie } })).text();
      const read = (name: string) =>
        Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
      return {
        heapMb: read('sala_process_nodejs_heap_size_used_bytes') / 1_048_576,
        rssMb: read('sala_process_process_resident_memory_bytes') / 1_048_576,
      };
    };
    const samples: { at: number; heapMb: number; rssMb: number }[] = [];
    const startedAt = performance.now();
    let made = 0;
    let refused = 0;
    const inFlight = new Set<Promise<void>>();
    const sampler = setInterval(async () => {
      samples.push({ at: (performance.now() - startedAt) / 1000, ...(await heap()) });
    }, 2_000);
    // 50 a second, each at its own instant (a request never waits for the one before).
    for (let n = 0; n < RATE * SECONDS; n++) {
      const due = startedAt + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const slot = slots[n]!;
      const key = `${slot.branchId}|${slot.date}`;
      const booking: Booking = { key, hour: slot.hour, roomId: slot.roomId, startedAt: performance.now() };
      const list = bookings.get(key) ?? [];
      list.push(booking);
      bookings.set(key, list);
      const request = fetch(`${baseUrl}/api/staff/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
        body: JSON.stringify({
          for: 'courtesy',
          courtesyName: 'Sesión de prueba',
          branchId: slot.branchId,
          roomId: slot.roomId,
          date: slot.date,
          hour: slot.hour,
        }),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status === 201) made++;
          else refused++;
        })
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
      // Settle what arrived meanwhile, so the lists stay short.
      if (n % RATE === 0) {
        streams.forEach((entry, i) => {
          settle(entry, readUpTo[i]!);
          readUpTo[i] = entry.stream.events.length;
        });
      }
    }
    await Promise.all(inFlight);
    // The last changes arrive.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    clearInterval(sampler);
    streams.forEach((entry, i) => {
      settle(entry, readUpTo[i]!);
    });
    const elapsed = (performance.now() - startedAt) / 1000;

    let missing = 0;
    for (const entry of streams) missing += (bookings.get(entry.key)?.length ?? 0) - entry.seen.size;
    const sorted = [...latencies].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const after10 = samples.find((s) => s.at >= 10) ?? samples[0]!;
    const last = samples.at(-1)!;
    const rssGrowth = (last.rssMb - after10.rssMb) / after10.rssMb;
    const lowest = (from: number, to: number) =>
      Math.min(...samples.filter((s) => s.at >= from && s.at < to).map((s) => s.heapMb));
    const [earlyHeap, lateHeap] = [lowest(10, 35), lowest(35, SECONDS + 5)];
    const dropped = streams.filter(({ stream }) => stream.ended).length;

    console.info(`\n| measure | value |\n| --- | ---: |`);
    console.info(`| streams open / dropped | ${opened} / ${dropped} |`);
    console.info(`| bookings made (refused) in ${elapsed.toFixed(1)} s | ${made} (${refused}) |`);
    console.info(`| deliveries (stream × booking) | ${latencies.length} |`);
    console.info(`| missed deliveries | ${missing} |`);
    console.info(
      `| delivery p50 / p99 / max | ${p50.toFixed(0)} / ${p99.toFixed(0)} / ${sorted.at(-1)?.toFixed(0)} ms |`,
    );
    console.info(
      `| lowest heap, 10–35 s → 35–60 s (highest) | ${earlyHeap.toFixed(1)} → ${lateHeap.toFixed(1)} MB (${Math.max(...samples.map((s) => s.heapMb)).toFixed(1)}) |`,
    );
    console.info(`| RSS after 10 s → end | ${after10.rssMb.toFixed(1)} → ${last.rssMb.toFixed(1)} MB |`);
    console.info(
      `| heartbeats received (per stream, mean) | ${(streams.reduce((n, { stream }) => n + stream.comments.length, 0) / streams.length).toFixed(1)} |`,
    );

    const broken = [
      opened < STREAMS && `${STREAMS - opened} streams refused`,
      dropped > 0 && `${dropped} streams dropped`,
      refused > 0 && `${refused} bookings refused`,
      missing > 0 && `${missing} deliveries missed`,
      !(p99 < P99_BUDGET_MS) && `p99 ${p99.toFixed(0)} ms ≥ ${P99_BUDGET_MS} ms`,
      rssGrowth > GROWTH_BUDGET && `resident memory grew ${(rssGrowth * 100).toFixed(0)} %`,
    ].filter(Boolean);
    if (broken.length > 0) {
      console.error(`\nOVER BUDGET: ${broken.join('; ')}`);
      process.exitCode = 1;
    } else {
      console.info('\nWithin budget.');
    }
  } finally {
    for (const { stream } of streams) stream.close();
    await server.stop();
    await database.drop();
  }
}

await main();
