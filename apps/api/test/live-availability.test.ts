import { randomUUID } from 'node:crypto';
import { openDatabase } from '@sala/db/client';
import { createBranch, createRoom, createUser, FACTORY_PASSWORD } from '@sala/db/factories/factories';
import { createEmptyPostgresDatabase } from '@sala/db/scratch';
import { hoursOn } from '@sala/shared/bookings/availability';
import type { TAvailabilityLiveState } from '@sala/shared/bookings/availability.contract';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { addDays, businessDate, weekdayOf } from '@sala/shared/time/business-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveEvent, openStream } from '../harness/live-client';
import { killAllServers, startServer, waitForReady } from '../harness/processes';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

// Real clocks: the streams read the time of their own reads. The first Monday-to-Friday from the day after tomorrow
// on is always inside the booking window, with every hour more than 24 h ahead (a client may cancel), and has a
// weekday's hours whatever day the suite runs (a Saturday's are too few for 50 bookings in 4 rooms: it failed on a
// Thursday).
const today = businessDate(new Date());
const firstWeekday = (from: string): string =>
  [0, 6].includes(weekdayOf(from)) ? firstWeekday(addDays(from, 1)) : from;
const day = firstWeekday(addDays(today, 2));
const hours = hoursOn(DEFAULT_WEEKLY_SCHEDULE, day);

function percentiles(values: number[]) {
  const sorted = [...values].sort((x, y) => x - y);
  const pick = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return `p50 ${pick(50).toFixed(1)} ms, p99 ${pick(99).toFixed(1)} ms`;
}

const roomState = (event: LiveEvent, hour: string, roomId: string) =>
  (event.data as TAvailabilityLiveState).rooms
    .find((r) => r.hour === hour)
    ?.rooms.find((r) => r.id === roomId)?.state;

describe('live availability in one process', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { LIVE_MAX_STREAMS_PER_ADDRESS: '3' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await t.close();
  });

  async function branchWithRooms(count = 2) {
    const branch = await createBranch(t.db, { schedule: DEFAULT_WEEKLY_SCHEDULE, sessionCost: 1 });
    const rooms = [];
    for (let position = 1; position <= count; position++) {
      rooms.push(await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position }));
    }
    return { branch, rooms };
  }

  const book = (cookie: string, slot: object) =>
    t.app.inject({ method: 'POST', url: '/api/sessions', headers: { cookie }, payload: slot });

  it('sends the state at once, then a booked room as busy and its cancel as free again', async () => {
    const { branch, rooms } = await branchWithRooms();
    const { cookie } = await loginAs(t, 'user', { credits: 5 });
    const stream = openStream(`${base}/api/availability/stream?branchId=${branch.id}&date=${day}`);
    try {
      expect(await stream.opened).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['cache-control']).toBe('no-store');
      const first = await stream.next((e) => e.event === 'state');
      const hour = hours[1]!;
      expect(roomState(first, hour, rooms[0]!.id)).toBe('free');
      expect((first.data as TAvailabilityLiveState).hours.find((h) => h.hour === hour)).toMatchObject({
        hour,
        state: 'free',
        freeRooms: 2,
      });

      const booked = await book(cookie, { branchId: branch.id, roomId: rooms[0]!.id, date: day, hour });
      expect(booked.statusCode).toBe(201);
      const busy = await stream.next((e) => roomState(e, hour, rooms[0]!.id) === 'busy', 1_000);
      expect(busy.id).not.toBe(first.id);
      expect((busy.data as TAvailabilityLiveState).hours.find((h) => h.hour === hour)?.freeRooms).toBe(1);

      const cancelled = await t.app.inject({
        method: 'POST',
        url: `/api/sessions/${booked.json().session.id}/cancel`,
        headers: { cookie },
      });
      expect(cancelled.statusCode).toBe(200);
      await stream.next(
        (e) => roomState(e, hour, rooms[0]!.id) === 'free',
        1_000,
        stream.events.indexOf(busy),
      );
    } finally {
      stream.close();
    }
  });

  it('resumes after a reconnect: nothing it already has, the current state when it missed a change', async () => {
    const { branch, rooms } = await branchWithRooms(1);
    const { cookie } = await loginAs(t, 'user', { credits: 5 });
    const url = `${base}/api/availability/stream?branchId=${branch.id}&date=${day}`;
    const first = openStream(url);
    const seen = await first.next((e) => e.event === 'state');
    first.close();

    // Back with what it had, nothing changed: no state until something changes.
    const same = openStream(url, { 'last-event-id': seen.id! });
    expect(await same.opened).toBe(200);
    const hour = hours[0]!;
    expect(
      (await book(cookie, { branchId: branch.id, roomId: rooms[0]!.id, date: day, hour })).statusCode,
    ).toBe(201);
    const change = await same.next((e) => e.event === 'state', 1_000);
    expect(roomState(change, hour, rooms[0]!.id)).toBe('busy');
    expect(same.events).toHaveLength(1);
    same.close();

    // Back with the state of before the booking: the current one at once.
    const missed = openStream(url, { 'last-event-id': seen.id! });
    const current = await missed.next((e) => e.event === 'state', 1_000);
    expect(roomState(current, hour, rooms[0]!.id)).toBe('busy');
    expect(current.id).toBe(change.id);
    missed.close();
  });

  it('tells the staff stream which branch changed, and refuses it to a client', async () => {
    const { branch, rooms } = await branchWithRooms(1);
    const admin = await loginAs(t, 'admin');
    const client = await loginAs(t, 'user', { credits: 5 });
    const refused = openStream(`${base}/api/availability/staff-stream?date=${day}`, {
      cookie: client.cookie,
    });
    expect(await refused.opened).toBe(403);
    const staff = openStream(`${base}/api/availability/staff-stream?date=${day}`, { cookie: admin.cookie });
    try {
      expect(await staff.opened).toBe(200);
      const other = addDays(day, 1);
      // A change on another date is not this screen's.
      await t.app.inject({
        method: 'POST',
        url: '/api/blocks/days',
        headers: { cookie: (await loginAs(t, 'superadmin')).cookie },
        payload: { branchId: branch.id, date: other, hour: null },
      });
      const booked = await book(client.cookie, {
        branchId: branch.id,
        roomId: rooms[0]!.id,
        date: day,
        hour: hours[2]!,
      });
      expect(booked.statusCode).toBe(201);
      const change = await staff.next((e) => e.event === 'change', 1_000);
      expect(change.data).toEqual({ branchId: branch.id, date: day });
      expect(staff.events.filter((e) => (e.data as { date: string }).date !== day)).toEqual([]);
    } finally {
      staff.close();
    }
  });

  it('brings 50 of 50 bookings to a stream within 1 s (p50 and p99 printed)', async () => {
    const { branch, rooms } = await branchWithRooms(4);
    const cookies = [];
    for (const _ of rooms) cookies.push((await loginAs(t, 'user', { credits: 20 })).cookie);
    const stream = openStream(`${base}/api/availability/stream?branchId=${branch.id}&date=${day}`);
    try {
      await stream.next((e) => e.event === 'state');
      const delays: number[] = [];
      for (let trial = 0; trial < 50; trial++) {
        const hour = hours[trial % hours.length]!;
        const which = Math.floor(trial / hours.length);
        const from = stream.events.length;
        const started = performance.now();
        const booked = await book(cookies[which]!, {
          branchId: branch.id,
          roomId: rooms[which]!.id,
          date: day,
          hour,
        });
        expect(booked.statusCode).toBe(201);
        const seen = await stream.next((e) => roomState(e, hour, rooms[which]!.id) === 'busy', 1_000, from);
        delays.push(seen.at - started);
      }
      console.info(
        `live availability in one process (${t.database.kind}): 50/50 within 1 s; ${percentiles(delays)}`,
      );
    } finally {
      stream.close();
    }
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'starts over from the database when its LISTEN connection was lost (changes meanwhile are not missed)',
    async () => {
      const { branch, rooms } = await branchWithRooms(1);
      const { cookie } = await loginAs(t, 'user', { credits: 5 });
      const stream = openStream(`${base}/api/availability/stream?branchId=${branch.id}&date=${day}`);
      try {
        await stream.next((e) => e.event === 'state');
        const ended = await t.db.execute(
          sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
        );
        expect((ended as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
        // Booked while nobody listens: its NOTIFY is lost; the reconnect re-reads every watched day.
        const hour = hours[3]!;
        expect(
          (await book(cookie, { branchId: branch.id, roomId: rooms[0]!.id, date: day, hour })).statusCode,
        ).toBe(201);
        await stream.next((e) => roomState(e, hour, rooms[0]!.id) === 'busy', 5_000);
      } finally {
        stream.close();
      }
    },
  );

  it('ends its streams when the app closes, so the process can stop', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const address = other.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const branch = await createBranch(other.db, { schedule: DEFAULT_WEEKLY_SCHEDULE, sessionCost: 1 });
    const stream = openStream(
      `http://127.0.0.1:${port}/api/availability/stream?branchId=${branch.id}&date=${day}`,
    );
    await stream.next((e) => e.event === 'state');
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(5_000);
    await expect(stream.next(() => false, 2_000)).rejects.toThrow('stream ended');
  });

  it('refuses an unknown branch and a bad date in the envelope, and a fourth stream from one address', async () => {
    const { branch } = await branchWithRooms(1);
    const unknown = openStream(`${base}/api/availability/stream?branchId=${randomUUID()}&date=${day}`);
    expect(await unknown.opened).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(JSON.parse(unknown.body).error.code).toBe('not-found');
    const bad = openStream(`${base}/api/availability/stream?branchId=${branch.id}&date=9999-12-31`);
    expect(await bad.opened).toBe(400);

    const url = `${base}/api/availability/stream?branchId=${branch.id}&date=${day}`;
    const three = [openStream(url), openStream(url), openStream(url)];
    try {
      for (const stream of three) expect(await stream.opened).toBe(200);
      const fourth = openStream(url);
      expect(await fourth.opened).toBe(429);
      // One leaves: there is room again.
      three[0]!.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = openStream(url);
      expect(await again.opened).toBe(200);
      three[0] = again;
    } finally {
      for (const stream of three) stream.close();
    }
  });
});

// PostgreSQL: two real server processes on one database; a booking through A reaches B's stream and B's answers.
describe.runIf(process.env.TEST_DB === 'postgres')('live availability across processes (PostgreSQL)', () => {
  const TRIALS = 50;
  afterAll(() => {
    killAllServers();
  });

  it(`a booking through one process reaches the other's stream and answers within 1 s, ${TRIALS} of ${TRIALS}`, async () => {
    const empty = await createEmptyPostgresDatabase();
    const database = await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 2 });
    try {
      const branch = await createBranch(database.db, { schedule: DEFAULT_WEEKLY_SCHEDULE, sessionCost: 1 });
      const rooms = [];
      for (let position = 1; position <= 4; position++) {
        rooms.push(await createRoom(database.db, { branchId: branch.id, cityId: branch.cityId, position }));
      }
      // A client books one session an hour: a client per room.
      const clients = [];
      for (let i = 0; i < rooms.length; i++) clients.push(await createUser(database.db, { credits: 20 }));
      const env = { DATABASE_URL: empty.url, SEED_DEMO: 'false', LIVE_MAX_STREAMS_PER_ADDRESS: '50' };
      const a = startServer({ ...env, PORT: '3611' });
      const b = startServer({ ...env, PORT: '3612' });
      await Promise.all([waitForReady(3611), waitForReady(3612)]);
      const cookies = [];
      for (const client of clients) {
        const login = await fetch('http://127.0.0.1:3611/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3611' },
          body: JSON.stringify({ email: client.email, password: FACTORY_PASSWORD }),
        });
        expect(login.status).toBe(200);
        cookies.push(login.headers.get('set-cookie')!.split(';')[0]!);
      }
      const stream = openStream(
        `http://127.0.0.1:3612/api/availability/stream?branchId=${branch.id}&date=${day}`,
      );
      expect(await stream.opened).toBe(200);
      await stream.next((e) => e.event === 'state');

      const delays: number[] = [];
      for (let trial = 0; trial < TRIALS; trial++) {
        const hour = hours[trial % hours.length]!;
        const which = Math.floor(trial / hours.length);
        const room = rooms[which]!;
        const from = stream.events.length;
        const started = performance.now();
        const booked = await fetch('http://127.0.0.1:3611/api/sessions', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: 'http://127.0.0.1:3611',
            cookie: cookies[which]!,
          },
          body: JSON.stringify({ branchId: branch.id, roomId: room.id, date: day, hour }),
        });
        expect(booked.status).toBe(201);
        const seen = await stream.next((e) => roomState(e, hour, room.id) === 'busy', 1_000, from);
        // B's own answer agrees at once (its snapshot of the day was dropped on hearing the change).
        const answered = await fetch(
          `http://127.0.0.1:3612/api/availability/rooms?branchId=${branch.id}&date=${day}&hour=${hour}`,
        );
        const answer = (await answered.json()) as { rooms: { id: string; state: string }[] };
        expect(answer.rooms.find((r) => r.id === room.id)?.state).toBe('busy');
        const delay = performance.now() - started;
        expect(seen.at - started).toBeLessThan(1_000);
        delays.push(delay);
      }
      stream.close();
      console.info(
        `live availability across processes: ${TRIALS}/${TRIALS} within 1 s; booking to B's stream and answer ${percentiles(delays)}`,
      );
      const counted = await database.db.execute(
        sql`select count(*)::int as n from room_sessions where cancelled_at is null`,
      );
      expect(Number((counted as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(TRIALS);
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
    } finally {
      await database.close();
      await empty.drop();
    }
  }, 120_000);
});
