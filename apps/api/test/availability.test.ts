import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  createBranch,
  createDayBlock,
  createRoom,
  createRoomBlock,
  createSession,
} from '@sala/db/factories/factories';
import { DEFAULT_WEEKLY_SCHEDULE, type WeeklySchedule } from '@sala/shared/locations/schedule';
import { businessInstant, dateFormatMessage, timeFormatMessage } from '@sala/shared/time/business-time';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
// Monday 7 January 2030, 09:30 in Mexico City: the window runs to Monday the 14th; the 13th is a Sunday.
beforeEach(() => {
  freezeClock(new Date('2030-01-07T15:30:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function branchWithRooms(schedule: WeeklySchedule = DEFAULT_WEEKLY_SCHEDULE) {
  const branch = await createBranch(t.db, { schedule, sessionCost: 2 });
  const rooms = [];
  for (const position of [1, 2, 3]) {
    rooms.push(await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position }));
  }
  return { branch, rooms };
}

describe('GET /api/availability/branches', () => {
  it('gives each branch its active rooms, so the wizard can leave out one with none', async () => {
    const { branch, rooms } = await branchWithRooms();
    const emptied = await createBranch(t.db);
    await createRoom(t.db, { branchId: emptied.id, cityId: emptied.cityId, position: 1, isActive: false });
    const res = await get('/api/availability/branches');
    expect(res.statusCode).toBe(200);
    const byId = new Map((res.json() as { id: string; roomCount: number }[]).map((b) => [b.id, b]));
    expect(byId.get(branch.id)).toMatchObject({ roomCount: rooms.length });
    expect(byId.get(emptied.id)).toMatchObject({ roomCount: 0 });
  });
});

describe('GET /api/availability/days', () => {
  it('lists today and the next 7 days, without Sunday, closed days or days blocked whole', async () => {
    const closedFriday = [...DEFAULT_WEEKLY_SCHEDULE] as WeeklySchedule;
    closedFriday[5] = null;
    const { branch } = await branchWithRooms(closedFriday);
    await createDayBlock(t.db, branch, '2030-01-08');
    await createDayBlock(t.db, branch, '2030-01-09', '10:00');
    const res = await get(`/api/availability/days?branchId=${branch.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      branchId: branch.id,
      today: '2030-01-07',
      sessionCost: 2,
      days: [
        { date: '2030-01-07', weekday: 1 },
        { date: '2030-01-09', weekday: 3 },
        { date: '2030-01-10', weekday: 4 },
        { date: '2030-01-12', weekday: 6 },
        { date: '2030-01-14', weekday: 1 },
      ],
    });
  });

  it('answers 404 for an unknown branch and 400 for a malformed id, in Spanish', async () => {
    const unknown = await get('/api/availability/days?branchId=0199a2b3-0000-7000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'not-found', message: 'La sucursal no existe.' });
    expect((await get('/api/availability/days?branchId=x')).statusCode).toBe(400);
    expect((await get('/api/availability/days')).statusCode).toBe(400);
  });
});

describe('GET /api/availability/hours', () => {
  it('gives every hour its state after blocks and sessions', async () => {
    const { branch, rooms } = await branchWithRooms();
    await createDayBlock(t.db, branch, '2030-01-08', '09:00');
    const at10 = businessInstant('2030-01-08', '10:00');
    await createSession(t.db, rooms[0]!, { startsAt: at10 });
    await createSession(t.db, rooms[1]!, { startsAt: at10 });
    await createRoomBlock(t.db, rooms[2]!, at10);
    const at11 = businessInstant('2030-01-08', '11:00');
    await createSession(t.db, rooms[0]!, { startsAt: at11 });
    // A cancelled session frees its room again.
    await createSession(t.db, rooms[1]!, { startsAt: at11, cancelledAt: new Date() });

    const res = await get(`/api/availability/hours?branchId=${branch.id}&date=2030-01-08`);
    expect(res.statusCode).toBe(200);
    const hours = res.json().hours as { hour: string; state: string; freeRooms: number }[];
    expect(hours).toHaveLength(13);
    const byHour = Object.fromEntries(hours.map((h) => [h.hour, h]));
    expect(byHour['08:00']).toEqual({
      hour: '08:00',
      startsAt: '2030-01-08T14:00:00.000Z',
      state: 'free',
      freeRooms: 3,
    });
    expect(byHour['09:00']!.state).toBe('blocked');
    expect(byHour['10:00']).toMatchObject({ hour: '10:00', state: 'full', freeRooms: 0 });
    expect(byHour['11:00']).toMatchObject({ hour: '11:00', state: 'free', freeRooms: 2 });
  });

  it('goes out compressed as the browser accepts, the same answer, still never from a cache', async () => {
    const { branch } = await branchWithRooms();
    const url = `/api/availability/hours?branchId=${branch.id}&date=2030-01-08`;
    const plain = await get(url);
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    // HEAD says the length of what GET sends, in either form.
    const headBr = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    expect(headBr.headers['content-encoding']).toBe('br');
    expect(Number(headBr.headers['content-length'])).toBe(br.rawPayload.length);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(Number(head.headers['content-length'])).toBe(plain.rawPayload.length);
  });

  it('marks the hours of today that already started as past', async () => {
    const { branch } = await branchWithRooms();
    const res = await get(`/api/availability/hours?branchId=${branch.id}&date=2030-01-07`);
    const states = (res.json().hours as { hour: string; state: string }[]).slice(0, 3);
    expect(states).toEqual([
      expect.objectContaining({ hour: '08:00', state: 'past' }),
      expect.objectContaining({ hour: '09:00', state: 'past' }),
      expect.objectContaining({ hour: '10:00', state: 'free' }),
    ]);
  });

  it('has no hours on a Sunday or past the window', async () => {
    const { branch } = await branchWithRooms();
    for (const date of ['2030-01-13', '2030-01-15']) {
      const res = await get(`/api/availability/hours?branchId=${branch.id}&date=${date}`);
      expect(res.json()).toEqual({ date, hours: [] });
    }
  });

  it.each([
    ['2030-1-8', dateFormatMessage],
    ['2030-02-30', dateFormatMessage],
    ['mañana', dateFormatMessage],
  ])('refuses the date %s with the spec message', async (date, message) => {
    const { branch } = await branchWithRooms();
    const res = await get(`/api/availability/hours?branchId=${branch.id}&date=${encodeURIComponent(date)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid-argument', message });
  });
});

describe('GET /api/availability/rooms', () => {
  it('lists the active rooms by position as free, busy or blocked', async () => {
    const { branch, rooms } = await branchWithRooms();
    await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 4, isActive: false });
    const at = businessInstant('2030-01-09', '12:00');
    await createSession(t.db, rooms[1]!, { startsAt: at });
    await createRoomBlock(t.db, rooms[2]!, at);
    const res = await get(`/api/availability/rooms?branchId=${branch.id}&date=2030-01-09&hour=12:00`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      date: '2030-01-09',
      hour: '12:00',
      hourState: 'free',
      rooms: [
        { id: rooms[0]!.id, name: 'Sala 1', position: 1, state: 'free' },
        { id: rooms[1]!.id, name: 'Sala 2', position: 2, state: 'busy' },
        { id: rooms[2]!.id, name: 'Sala 3', position: 3, state: 'blocked' },
      ],
    });
  });

  it.each([
    ['9:00', timeFormatMessage],
    ['25:00', timeFormatMessage],
  ])('refuses the hour %s with the spec message', async (hour, message) => {
    const { branch } = await branchWithRooms();
    const res = await get(`/api/availability/rooms?branchId=${branch.id}&date=2030-01-09&hour=${hour}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('says an hour the branch does not offer is closed', async () => {
    const { branch } = await branchWithRooms();
    const res = await get(`/api/availability/rooms?branchId=${branch.id}&date=2030-01-12&hour=18:00`);
    expect(res.json()).toMatchObject({ hourState: 'closed', rooms: [] });
  });
});
