import {
  createBranch,
  createDayBlock,
  createRoom,
  createRoomBlock,
  createSession,
  createUser,
} from '@sala/db/factories/factories';
import { dayBlocks, roomBlocks } from '@sala/db/schema/blocks';
import type { TRoomBlockDay } from '@sala/shared/blocks/blocks.contract';
import { blockMessages as m } from '@sala/shared/blocks/blocks.messages';
import { DEFAULT_WEEKLY_SCHEDULE, type WeeklySchedule } from '@sala/shared/locations/schedule';
import { businessInstant } from '@sala/shared/time/business-time';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

// Monday 7 January 2030, 09:30 in Mexico City, for every test (and the logins).
const NOW = new Date('2030-01-07T15:30:00Z');
let t: TestApp;
let boss: { cookie: string };
beforeAll(async () => {
  freezeClock(NOW);
  t = await createTestApp();
  boss = await loginAs(t, 'superadmin');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
beforeEach(() => {
  vi.setSystemTime(NOW);
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, cookie = boss.cookie) =>
  t.call(method, url, cookie, payload);

const closedFriday = [...DEFAULT_WEEKLY_SCHEDULE] as WeeklySchedule;
closedFriday[5] = null;

async function setup() {
  const branch = await createBranch(t.db, { schedule: closedFriday });
  const room = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 1 });
  const day = (date: string, hour: string | null = null) => ({
    cityId: branch.cityId,
    branchId: branch.id,
    date,
    wholeDay: hour === null,
    hour,
  });
  const roomPeriod = (date: string, hour: string | null = null) => ({ ...day(date, hour), roomId: room.id });
  return { branch, room, day, roomPeriod };
}

describe('Bloquear Dia/Hora', () => {
  it('blocks a whole day and an hour of another day, and lists them', async () => {
    const { branch, day } = await setup();
    const whole = await call('POST', '/api/blocks/days', day('2030-01-08'));
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json()).toMatchObject({
      branchId: branch.id,
      branchName: branch.name,
      date: '2030-01-08',
      hour: null,
      isHourBlocked: false,
    });
    const hour = await call('POST', '/api/blocks/days', day('2030-01-09', '10:00'));
    expect(hour.statusCode, hour.body).toBe(201);
    expect(hour.json()).toMatchObject({ hour: '10:00', isHourBlocked: true });

    const hours = await call('GET', `/api/availability/hours?branchId=${branch.id}&date=2030-01-09`);
    expect(hours.json().hours.find((h: { hour: string }) => h.hour === '10:00').state).toBe('blocked');
    const days = await call('GET', `/api/availability/days?branchId=${branch.id}`);
    expect(days.json().days.map((d: { date: string }) => d.date)).not.toContain('2030-01-08');
  });

  it.each([
    ['no branch', { branchId: undefined }, m.requiredFields],
    ['one hour without the hour', { wholeDay: false, hour: undefined }, m.requiredFields],
    ['a Sunday', { date: '2030-01-13' }, m.sunday],
    ['a day the branch closes', { date: '2030-01-11' }, m.branchClosed],
    ['a day that passed', { date: '2030-01-04' }, m.pastDay],
    ['an hour off the schedule', { date: '2030-01-12', wholeDay: false, hour: '18:00' }, m.hourNotOffered],
    ['an hour that started', { date: '2030-01-07', wholeDay: false, hour: '09:00' }, m.pastHour],
  ])('refuses %s: "%s"', async (_label, change, message) => {
    const { day } = await setup();
    const res = await call('POST', '/api/blocks/days', { ...day('2030-01-08'), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('speaks every conflict message of docs/business-rules.md §5', async () => {
    const { branch, day } = await setup();
    await createDayBlock(t.db, branch, '2030-01-08');
    await createDayBlock(t.db, branch, '2030-01-09', '10:00');
    const cases: [object, string][] = [
      [day('2030-01-09', '10:00'), m.hourAlreadyBlocked],
      [day('2030-01-08', '11:00'), m.dayBlockedNoHours],
      [day('2030-01-08'), m.dayAlreadyBlocked],
      [day('2030-01-09'), m.dayHasHourBlocks],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/blocks/days', body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'aborted', message });
      expect(Object.values(res.json().error.fields)).toEqual([message]);
    }
  });

  it('lets one of ten racing identical saves through; the rest get the spec message', async () => {
    const { branch, day } = await setup();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/api/blocks/days', day('2030-01-10', '12:00'))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.json().error.message).toBe(m.hourAlreadyBlocked);
    const rows = await t.db.select().from(dayBlocks).where(eq(dayBlocks.branchId, branch.id));
    expect(rows).toHaveLength(1);
  });

  it('never lets a whole day and one of its hours both in when they race', async () => {
    for (let round = 0; round < 4; round++) {
      const { branch, day } = await setup();
      const results = await Promise.all([
        call('POST', '/api/blocks/days', day('2030-01-10')),
        call('POST', '/api/blocks/days', day('2030-01-10', '12:00')),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await t.db.select().from(dayBlocks).where(eq(dayBlocks.branchId, branch.id))).toHaveLength(1);
    }
  });

  it('lists blocks dated today or later by date, with the count of past ones', async () => {
    const { branch } = await setup();
    await createDayBlock(t.db, branch, '2030-01-03');
    await createDayBlock(t.db, branch, '2030-01-10', '12:00');
    await createDayBlock(t.db, branch, '2030-01-07');
    const res = await call('GET', `/api/blocks/days?q=${encodeURIComponent(branch.name)}&pageSize=5`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: { date: string; hour: string | null }) => [r.date, r.hour])).toEqual([
      ['2030-01-07', null],
      ['2030-01-10', '12:00'],
    ]);
    expect(body.total).toBe(2);
    expect(body.pastCount).toBeGreaterThanOrEqual(1);
  });

  it('removes a block', async () => {
    const { branch } = await setup();
    const block = await createDayBlock(t.db, branch, '2030-01-10');
    expect((await call('DELETE', `/api/blocks/days/${block.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/blocks/days/${block.id}`)).statusCode).toBe(404);
  });
});

describe('Bloquear Sala', () => {
  it('blocks one hour of a room, and refuses it twice: "La sala ya está bloqueada en este horario."', async () => {
    const { room, roomPeriod } = await setup();
    const res = await call('POST', '/api/blocks/rooms', roomPeriod('2030-01-08', '10:00'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created).toEqual([
      expect.objectContaining({ roomId: room.id, roomName: 'Sala 1', date: '2030-01-08', hour: '10:00' }),
    ]);
    const again = await call('POST', '/api/blocks/rooms', roomPeriod('2030-01-08', '10:00'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.roomAlreadyBlocked);
  });

  it('blocks a whole day as one block per hour still missing, then says every hour is blocked', async () => {
    const { room, roomPeriod } = await setup();
    await createRoomBlock(t.db, room, businessInstant('2030-01-12', '09:00'));
    const res = await call('POST', '/api/blocks/rooms', roomPeriod('2030-01-12'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created.map((b: { hour: string }) => b.hour)).toEqual([
      '08:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
    ]);
    const again = await call('POST', '/api/blocks/rooms', roomPeriod('2030-01-12'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.allHoursBlocked);

    const rooms = await call(
      'GET',
      `/api/availability/rooms?branchId=${room.branchId}&date=2030-01-12&hour=13:00`,
    );
    expect(rooms.json().rooms[0].state).toBe('blocked');
  });

  it('today, blocks only the hours still ahead', async () => {
    const { roomPeriod } = await setup();
    const res = await call('POST', '/api/blocks/rooms', roomPeriod('2030-01-07'));
    expect(res.json().created[0].hour).toBe('10:00');
    expect(res.json().created).toHaveLength(11);
  });

  it.each([
    ['no room', { roomId: undefined }, m.roomRequiredFields],
    ['no date', { date: undefined }, m.roomRequiredFields],
    ['one hour without the hour', { wholeDay: false, hour: null }, m.roomRequiredFields],
    ['a Sunday', { date: '2030-01-13' }, m.sunday],
  ])('refuses %s', async (_label, change, message) => {
    const { roomPeriod } = await setup();
    const res = await call('POST', '/api/blocks/rooms', { ...roomPeriod('2030-01-08'), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('refuses a room of another branch', async () => {
    const { roomPeriod } = await setup();
    const other = await createRoom(t.db);
    const res = await call('POST', '/api/blocks/rooms', { ...roomPeriod('2030-01-08'), roomId: other.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(m.roomNotInBranch);
  });

  it('lists future room blocks with the count of past ones, and cancels one or a whole day', async () => {
    const { room, branch } = await setup();
    await createRoomBlock(t.db, room, businessInstant('2030-01-07', '08:00'));
    const a = await createRoomBlock(t.db, room, businessInstant('2030-01-08', '10:00'));
    await createRoomBlock(t.db, room, businessInstant('2030-01-08', '11:00'));
    await createRoomBlock(t.db, room, businessInstant('2030-01-09', '11:00'));
    const list = await call('GET', `/api/blocks/rooms?q=${encodeURIComponent(branch.name)}`);
    expect(list.json().rows.map((r: TRoomBlockDay) => `${r.date} ${r.hours.map((h) => h.hour)}`)).toEqual([
      '2030-01-08 10:00,11:00',
      '2030-01-09 11:00',
    ]);
    expect(list.json().rows[0].hours[0]).toEqual({
      id: a.id,
      startsAt: '2030-01-08T16:00:00.000Z',
      hour: '10:00',
    });
    expect(list.json().pastCount).toBeGreaterThanOrEqual(1);

    expect((await call('DELETE', `/api/blocks/rooms/${a.id}`)).statusCode).toBe(204);
    const day = await call('POST', '/api/blocks/rooms/remove-day', { roomId: room.id, date: '2030-01-08' });
    expect(day.json()).toEqual({ deleted: 1 });
    const left = await t.db.select().from(roomBlocks).where(eq(roomBlocks.roomId, room.id));
    expect(left).toHaveLength(2);
  });
});

describe('the list of blocked rooms (issue 18: a whole day is one row)', () => {
  const rowsOf = (res: { json: () => { rows: TRoomBlockDay[] } }) =>
    res.json().rows.map((r) => `${r.roomName} ${r.date} ${describe_(r.hours.map((h) => h.hour))}`);
  const describe_ = (hours: string[]) => `${hours[0]}…${hours.at(-1)} (${hours.length})`;

  it('pages room-days, not hours: a whole day never straddles two pages, whatever the page size', async () => {
    const { branch, roomPeriod } = await setup();
    const other = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 2 });
    // Tuesday: Sala 1 the whole day (13 hours, the last one at 20:00, which is already Wednesday in UTC), Sala 2
    // one hour in the middle; Wednesday: Sala 1 again, whole.
    expect((await call('POST', '/api/blocks/rooms', roomPeriod('2030-01-08'))).statusCode).toBe(201);
    const oneHour = { ...roomPeriod('2030-01-08', '12:00'), roomId: other.id };
    expect((await call('POST', '/api/blocks/rooms', oneHour)).statusCode).toBe(201);
    expect((await call('POST', '/api/blocks/rooms', roomPeriod('2030-01-09'))).statusCode).toBe(201);
    const q = `q=${encodeURIComponent(branch.name)}`;

    const first = await call('GET', `/api/blocks/rooms?${q}&pageSize=5`);
    expect(first.json()).toMatchObject({ total: 3, page: 1, pageSize: 5 });
    expect(rowsOf(first)).toEqual([
      'Sala 1 2030-01-08 08:00…20:00 (13)',
      'Sala 2 2030-01-08 12:00…12:00 (1)',
      'Sala 1 2030-01-09 08:00…20:00 (13)',
    ]);
    const byRoom = await call('GET', `/api/blocks/rooms?${q}&sort=roomName&dir=desc`);
    expect(rowsOf(byRoom)[0]).toBe('Sala 2 2030-01-08 12:00…12:00 (1)');
    const pageTwo = await call('GET', `/api/blocks/rooms?${q}&pageSize=5&page=2`);
    expect(pageTwo.json().rows).toEqual([]);
  });

  it('shows only the hours still ahead of a day that has begun, and counts the rest as past', async () => {
    const { room, branch } = await setup();
    for (const hour of ['08:00', '09:00', '10:00', '11:00'])
      await createRoomBlock(t.db, room, businessInstant('2030-01-07', hour));
    const before = (await call('GET', '/api/blocks/rooms?pageSize=50')).json().pastCount;
    const list = await call('GET', `/api/blocks/rooms?q=${encodeURIComponent(branch.name)}`);
    // 09:30 now: the 08:00 and 09:00 blocks lie in the past.
    expect(rowsOf(list)).toEqual(['Sala 1 2030-01-07 10:00…11:00 (2)']);
    expect(before).toBeGreaterThanOrEqual(2);
  });
});

describe('sessions inside a period being blocked', () => {
  it('are listed with the client to call, and left untouched by the block', async () => {
    const { branch, room, day, roomPeriod } = await setup();
    const client = await createUser(t.db, { name: 'Marta Díaz', phone: '5511223344' });
    const session = await createSession(t.db, room, {
      userId: client.id,
      startsAt: businessInstant('2030-01-08', '10:00'),
    });
    await createSession(t.db, room, {
      isCourtesy: true,
      courtesyName: 'Sesion de prueba - Visitante Uno',
      startsAt: businessInstant('2030-01-08', '12:00'),
    });
    await createSession(t.db, room, {
      startsAt: businessInstant('2030-01-08', '13:00'),
      cancelledAt: new Date(),
    });
    const whole = await call('GET', `/api/blocks/affected-sessions?branchId=${branch.id}&date=2030-01-08`);
    expect(whole.json()).toEqual([
      expect.objectContaining({
        id: session.id,
        hour: '10:00',
        clientName: 'Marta Díaz',
        phone: '5511223344',
      }),
      expect.objectContaining({ hour: '12:00', clientName: 'Sesion de prueba - Visitante Uno', phone: null }),
    ]);
    const oneHour = await call(
      'GET',
      `/api/blocks/affected-sessions?branchId=${branch.id}&date=2030-01-08&hour=10:00&roomId=${room.id}`,
    );
    expect(oneHour.json()).toHaveLength(1);

    expect((await call('POST', '/api/blocks/days', day('2030-01-08'))).statusCode).toBe(201);
    expect((await call('POST', '/api/blocks/rooms', roomPeriod('2030-01-08', '10:00'))).statusCode).toBe(201);
    const still = await call('GET', `/api/blocks/affected-sessions?branchId=${branch.id}&date=2030-01-08`);
    expect(still.json()).toHaveLength(2);
  });
});

describe('who may block', () => {
  it('refuses block writes to an admin and a client (403) and a visitor (401)', async () => {
    const { day } = await setup();
    const admin = await loginAs(t, 'admin');
    const client = await loginAs(t, 'user');
    for (const cookie of [admin.cookie, client.cookie]) {
      expect((await call('POST', '/api/blocks/days', day('2030-01-08'), cookie)).statusCode).toBe(403);
    }
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/blocks/days',
      payload: day('2030-01-08'),
    });
    expect(visitor.statusCode).toBe(401);
  });
});
