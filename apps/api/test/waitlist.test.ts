import {
  createBranch,
  createDayBlock,
  createRoom,
  createRoomBlock,
  createSession,
  FACTORY_PASSWORD,
} from '@sala/db/factories/factories';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { creditLedger } from '@sala/db/schema/ledger';
import { roomSessions, waitlistEntries } from '@sala/db/schema/sessions';
import { users } from '@sala/db/schema/users';
import { bookingMessages as m } from '@sala/shared/bookings/bookings.messages';
import { WAITLIST_MAX_ACTIVE } from '@sala/shared/bookings/waitlist';
import { waitlistMessages } from '@sala/shared/bookings/waitlist.messages';
import { businessInstant } from '@sala/shared/time/business-time';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readInvite } from './calendar-reader';
import { storedText } from './outbox';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

// Monday 7 January 2030, 09:30 in Mexico City, for every test (and the logins).
const NOW = new Date('2030-01-07T15:30:00Z');
let t: TestApp;
beforeAll(async () => {
  freezeClock(NOW);
  t = await createTestApp({ env: { ADMIN_EMAIL: 'recepcion@example.test' } });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
beforeEach(() => {
  vi.setSystemTime(NOW);
});

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** A branch of its own with `rooms` rooms, each taken at Wednesday 9 January 10:00 by a client of its own. */
async function fullHour(rooms = 1, options: { date?: string; hour?: string; sessionCost?: number } = {}) {
  const date = options.date ?? '2030-01-09';
  const hour = options.hour ?? '10:00';
  const branch = await createBranch(t.db, { sessionCost: options.sessionCost ?? 1 });
  const list = [];
  const holders = [];
  for (let position = 1; position <= rooms; position++) {
    const room = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position });
    list.push(room);
    const holder = await loginAs(t, 'user', { credits: 5 });
    const booked = await post('/api/sessions', holder.cookie, {
      branchId: branch.id,
      roomId: room.id,
      date,
      hour,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    holders.push({ ...holder, sessionId: booked.json().session.id as string });
  }
  return { branch, rooms: list, holders, date, hour, startsAt: businessInstant(date, hour) };
}
type FullHour = Awaited<ReturnType<typeof fullHour>>;

const join = (cookie: string, place: FullHour, extra: object = {}) =>
  post('/api/waitlist', cookie, { branchId: place.branch.id, date: place.date, hour: place.hour, ...extra });

async function waiting(place: FullHour, credits: number, extra: object = {}) {
  const client = await loginAs(t, 'user', { credits });
  const res = await join(client.cookie, place, extra);
  expect(res.statusCode, res.body).toBe(201);
  return { ...client, entryId: res.json().id as string };
}

/** Joined the day before, when a notice the hour can no longer meet could still be chosen (it is refused now). */
async function dayBefore<T>(act: () => Promise<T>): Promise<T> {
  vi.setSystemTime(new Date(NOW.getTime() - 24 * 3_600_000));
  try {
    return await act();
  } finally {
    vi.setSystemTime(NOW);
  }
}

async function ledgerSum(userId: string) {
  const [row] = await t.db
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return row!.sum;
}
async function balance(userId: string) {
  const [row] = await t.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}
const activeAt = (place: FullHour) =>
  t.db
    .select()
    .from(roomSessions)
    .where(
      and(
        eq(roomSessions.branchId, place.branch.id),
        eq(roomSessions.startsAt, place.startsAt),
        isNull(roomSessions.cancelledAt),
      ),
    );
const entry = async (id: string) =>
  (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!;
const mailsTo = (to: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(asc(emailOutbox.createdAt));

describe('joining the line of a full hour (POST /api/waitlist)', () => {
  it('takes a full hour, says where the client stands, lists it and lets the client leave', async () => {
    const place = await fullHour();
    const first = await waiting(place, 3);
    const second = await loginAs(t, 'user', { credits: 3 });
    const res = await join(second.cookie, place, { autoBook: true, minNoticeHours: 24 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      branchId: place.branch.id,
      branchName: place.branch.name,
      date: '2030-01-09',
      hour: '10:00',
      autoBook: true,
      minNoticeHours: 24,
      position: 2,
    });
    // Without a choice: told only, 12 hours of notice.
    const mine = await get('/api/me/waitlist', first.cookie);
    expect(mine.json()).toMatchObject([
      { id: first.entryId, autoBook: false, minNoticeHours: 12, position: 1 },
    ]);

    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/waitlist/${first.entryId}`,
      headers: { cookie: first.cookie },
    });
    expect(left.statusCode).toBe(204);
    expect((await get('/api/me/waitlist', first.cookie)).json()).toEqual([]);
    expect((await get('/api/me/waitlist', second.cookie)).json()).toMatchObject([{ position: 1 }]);
    expect(await entry(first.entryId)).toMatchObject({ endedReason: 'left' });
  });

  it.each([
    { name: 'an hour with a free room', want: waitlistMessages.hasRooms },
    { name: 'an hour blocked by the staff', want: waitlistMessages.notFull },
    { name: 'an hour already gone', want: waitlistMessages.notFull },
    { name: 'a day the branch does not open', want: waitlistMessages.notFull },
    { name: 'an hour the client already booked elsewhere', want: m.sameTime },
    { name: 'an hour it already waits for', want: waitlistMessages.already },
  ])('refuses $name, and stores nothing', async ({ name, want }) => {
    const place = await fullHour();
    const client = await loginAs(t, 'user', { credits: 3 });
    let ask: object = {};
    if (name.includes('free room')) {
      await createRoom(t.db, { branchId: place.branch.id, cityId: place.branch.cityId, position: 2 });
    }
    if (name.includes('blocked')) await createDayBlock(t.db, place.branch, place.date, place.hour);
    if (name.includes('gone')) ask = { date: '2030-01-07', hour: '08:00' };
    if (name.includes('not open')) ask = { date: '2030-01-13' };
    if (name.includes('elsewhere')) {
      const other = await createRoom(t.db);
      await createSession(t.db, other, { userId: client.user.id, startsAt: place.startsAt });
    }
    if (name.includes('already waits')) expect((await join(client.cookie, place)).statusCode).toBe(201);
    const before = await t.db.$count(waitlistEntries);
    const res = await join(client.cookie, place, ask);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(want);
    expect(await t.db.$count(waitlistEntries)).toBe(before);
  });

  it('refuses every hour of a branch whose rooms are all deactivated: none can free up', async () => {
    const branch = await createBranch(t.db);
    await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 1, isActive: false });
    const client = await loginAs(t, 'user', { credits: 3 });
    const hours = await get(`/api/availability/hours?branchId=${branch.id}&date=2030-01-09`, client.cookie);
    expect(hours.json().hours[0]).toMatchObject({ hour: '08:00', state: 'full', freeRooms: 0 });
    const res = await post('/api/waitlist', client.cookie, {
      branchId: branch.id,
      date: '2030-01-09',
      hour: '08:00',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'aborted', message: waitlistMessages.noRooms });
    expect(await t.db.$count(waitlistEntries, eq(waitlistEntries.branchId, branch.id))).toBe(0);
  });

  it(`holds at most ${WAITLIST_MAX_ACTIVE} hours per client`, async () => {
    const client = await loginAs(t, 'user', { credits: 3 });
    for (let i = 0; i < WAITLIST_MAX_ACTIVE; i++) {
      const place = await fullHour(1, { hour: `${String(8 + i).padStart(2, '0')}:00` });
      expect((await join(client.cookie, place)).statusCode).toBe(201);
    }
    const one = await fullHour(1, { hour: '19:00' });
    const res = await join(client.cookie, one);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(waitlistMessages.tooMany(WAITLIST_MAX_ACTIVE));
  });

  it('refuses a notice that is not one of the choices, in Spanish', async () => {
    const place = await fullHour();
    const client = await loginAs(t, 'user');
    const res = await join(client.cookie, place, { autoBook: true, minNoticeHours: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(waitlistMessages.notice);
  });

  it('refuses an automatic booking with a notice the hour can no longer meet, and stores nothing', async () => {
    // Monday 7 January at 14:15; the 16:00 of the same day is 1 h 45 min away: no notice can be met.
    vi.setSystemTime(new Date('2030-01-07T20:15:00Z'));
    const soon = await fullHour(1, { date: '2030-01-07', hour: '16:00' });
    const client = await loginAs(t, 'user', { credits: 3 });
    const before = await t.db.$count(waitlistEntries);
    const auto = await join(client.cookie, soon, { autoBook: true, minNoticeHours: 12 });
    expect(auto.statusCode, auto.body).toBe(400);
    expect(auto.json().error).toEqual({
      code: 'invalid-argument',
      message: waitlistMessages.noticeTooLong([]),
      fields: { minNoticeHours: waitlistMessages.noticeTooLong([]) },
    });
    expect(await t.db.$count(waitlistEntries)).toBe(before);
    // Told only: that can always happen.
    const told = await join(client.cookie, soon);
    expect(told.statusCode, told.body).toBe(201);
    expect(told.json()).toMatchObject({ autoBook: false });

    // Seven hours ahead: 2 and 6 hours can be met, 12 cannot.
    const later = await fullHour(1, { date: '2030-01-08', hour: '09:00' });
    vi.setSystemTime(new Date('2030-01-08T08:00:00Z'));
    const other = await loginAs(t, 'user', { credits: 3 });
    const twelve = await join(other.cookie, later, { autoBook: true, minNoticeHours: 12 });
    expect(twelve.statusCode).toBe(400);
    expect(twelve.json().error.message).toBe(waitlistMessages.noticeTooLong([2, 6]));
    expect(twelve.json().error.message).toContain('elige 6 horas o menos');
    const six = await join(other.cookie, later, { autoBook: true, minNoticeHours: 6 });
    expect(six.statusCode, six.body).toBe(201);
    expect(six.json()).toMatchObject({ autoBook: true, minNoticeHours: 6 });
  });

  it('is nobody else’s: another client cannot leave someone’s place, a visitor cannot join', async () => {
    const place = await fullHour();
    const { entryId } = await waiting(place, 1);
    const other = await loginAs(t, 'user');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/waitlist/${entryId}`,
      headers: { cookie: other.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(await entry(entryId)).toMatchObject({ endedAt: null });
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { branchId: place.branch.id, date: place.date, hour: place.hour },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('ends when the client books that hour anywhere', async () => {
    const place = await fullHour();
    const client = await waiting(place, 3);
    const elsewhere = await createRoom(t.db);
    const booked = await post('/api/sessions', client.cookie, {
      branchId: elsewhere.branchId,
      roomId: elsewhere.id,
      date: place.date,
      hour: place.hour,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await entry(client.entryId)).toMatchObject({ endedReason: 'booked' });
    expect((await get('/api/me/waitlist', client.cookie)).json()).toEqual([]);
  });

  it('ends when the hour passes (nothing to do: it is simply no longer listed)', async () => {
    // Today at 10:00, half an hour from now.
    const place = await fullHour(1, { date: '2030-01-07', hour: '10:00' });
    const client = await waiting(place, 3);
    vi.setSystemTime(new Date(place.startsAt.getTime() + 60_000));
    expect((await get('/api/me/waitlist', client.cookie)).json()).toEqual([]);
  });
});

describe('a room frees up (design §7)', () => {
  it('a cancellation books the first in line who asked for it, can pay and has the notice; first come, first served', async () => {
    // Tuesday 8 January 10:00 is 24½ hours ahead: inside a 48-hour notice, outside a 24-hour one.
    const place = await fullHour(1, { date: '2030-01-08' });
    const toldOnly = await waiting(place, 5);
    const poor = await waiting(place, 0, { autoBook: true });
    const picky = await dayBefore(() => waiting(place, 5, { autoBook: true, minNoticeHours: 48 }));
    const first = await waiting(place, 5, { autoBook: true, minNoticeHours: 24 });
    const second = await waiting(place, 5, { autoBook: true });

    const holder = place.holders[0]!;
    const cancel = await post(`/api/sessions/${holder.sessionId}/cancel`, holder.cookie);
    expect(cancel.statusCode, cancel.body).toBe(200);

    const active = await activeAt(place);
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ userId: first.user.id, roomId: place.rooms[0]!.id, creditsCharged: 1 });
    expect(await entry(first.entryId)).toMatchObject({
      endedReason: 'auto_booked',
      sessionId: active[0]!.id,
    });
    for (const other of [toldOnly, poor, picky, second]) {
      expect(await entry(other.entryId)).toMatchObject({ endedAt: null });
    }
    expect(await balance(first.user.id)).toBe(4);
    expect(await ledgerSum(first.user.id)).toBe(4);
    expect(await balance(holder.user.id)).toBe(await ledgerSum(holder.user.id));

    // The booked client's confirmation (and the staff's notice), with the invitation of that session.
    const [mail] = await mailsTo(first.user.email);
    expect(mail!.subject).toBe('Se libero tu hora: sesion reservada');
    expect(mail!.text).toContain('martes 8 de enero de 2030, de 10:00 a 11:00');
    expect(mail!.text).toContain('descontamos 1 crédito');
    expect(readInvite(storedText(mail!.attachments[0]))).toMatchObject({
      uid: active[0]!.id,
      method: 'REQUEST',
    });
    // The staff's notices of this branch (every notice of the file has the same frozen created_at).
    const staff = (await mailsTo('recepcion@example.test')).filter((notice) =>
      notice.text.includes(place.branch.name),
    );
    expect(staff.map((notice) => notice.text)).toContainEqual(
      expect.stringContaining('Lista de espera (reservación automática)'),
    );
    // No room is left: nobody else is told of one.
    for (const other of [toldOnly, poor, picky, second]) expect(await mailsTo(other.user.email)).toEqual([]);
    // The booked client sees it as its own session.
    const sessions = await get('/api/me/sessions?pageSize=5', first.cookie);
    expect(sessions.json().rows).toMatchObject([{ id: active[0]!.id, canCancel: true }]);
  });

  it('with nobody to book, everyone in line is told, with a link to that hour', async () => {
    const place = await fullHour();
    const a = await waiting(place, 5);
    const b = await waiting(place, 0, { autoBook: true });
    const holder = place.holders[0]!;
    expect((await post(`/api/sessions/${holder.sessionId}/cancel`, holder.cookie)).statusCode).toBe(200);
    expect(await activeAt(place)).toHaveLength(0);
    for (const person of [a, b]) {
      const [mail] = await mailsTo(person.user.email);
      expect(mail!.subject).toBe('Se libero una sala a la hora que esperas');
      expect(mail!.text).toContain(
        `/reserva?zona=${place.branch.cityId}&sucursal=${place.branch.id}&dia=2030-01-09&hora=10%3A00`,
      );
      expect(await entry(person.entryId)).toMatchObject({ endedAt: null, notifiedAt: expect.any(Date) });
    }
  });

  it('nobody is booked into an hour closer than their own notice', async () => {
    // Tuesday 8 January 09:00 is 23½ hours ahead: inside a 24-hour notice.
    const place = await fullHour(1, { date: '2030-01-08', hour: '09:00' });
    const client = await dayBefore(() => waiting(place, 5, { autoBook: true, minNoticeHours: 24 }));
    const staff = await loginAs(t, 'superadmin');
    expect((await post(`/api/sessions/${place.holders[0]!.sessionId}/cancel`, staff.cookie)).statusCode).toBe(
      200,
    );
    expect(await activeAt(place)).toHaveLength(0);
    expect(await entry(client.entryId)).toMatchObject({ endedAt: null });
    expect((await mailsTo(client.user.email))[0]!.subject).toBe('Se libero una sala a la hora que esperas');
  });

  it('a deactivated client is neither booked nor told', async () => {
    const place = await fullHour();
    const gone = await waiting(place, 5, { autoBook: true });
    const next = await waiting(place, 5, { autoBook: true });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, gone.user.id));
    const holder = place.holders[0]!;
    expect((await post(`/api/sessions/${holder.sessionId}/cancel`, holder.cookie)).statusCode).toBe(200);
    expect((await activeAt(place)).map((s) => s.userId)).toEqual([next.user.id]);
    expect(await balance(gone.user.id)).toBe(5);
  });

  it('a client who booked that hour elsewhere meanwhile is passed over for the next', async () => {
    const place = await fullHour();
    const busy = await waiting(place, 5, { autoBook: true });
    const next = await waiting(place, 5, { autoBook: true });
    // Booked elsewhere without going through the API (its entry would have ended): the unique index decides.
    await createSession(t.db, await createRoom(t.db), { userId: busy.user.id, startsAt: place.startsAt });
    const holder = place.holders[0]!;
    expect((await post(`/api/sessions/${holder.sessionId}/cancel`, holder.cookie)).statusCode).toBe(200);
    expect((await activeAt(place)).map((s) => s.userId)).toEqual([next.user.id]);
    expect(await balance(busy.user.id)).toBe(5);
    expect(await ledgerSum(next.user.id)).toBe(4);
  });

  it('a session moved away frees its room for the line', async () => {
    const place = await fullHour();
    const client = await waiting(place, 5, { autoBook: true });
    const holder = place.holders[0]!;
    const moved = await post(`/api/sessions/${holder.sessionId}/reschedule`, holder.cookie, {
      branchId: place.branch.id,
      roomId: place.rooms[0]!.id,
      date: place.date,
      hour: '12:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await activeAt(place)).map((s) => s.userId)).toEqual([client.user.id]);
  });

  it('a series cancelled at once frees each of its hours', async () => {
    const place = await fullHour();
    const client = await waiting(place, 5, { autoBook: true });
    // The holder of the full hour cancels through "Cancelar las que faltan" of a series it holds there.
    const series = await loginAs(t, 'user', { credits: 5 });
    const room2 = await createRoom(t.db, {
      branchId: place.branch.id,
      cityId: place.branch.cityId,
      position: 2,
    });
    const ask = {
      branchId: place.branch.id,
      roomId: room2.id,
      date: place.date,
      hour: place.hour,
      everyWeeks: 1,
      count: 2,
    };
    const preview = await post('/api/sessions/series/preview', series.cookie, ask);
    const booked = await post('/api/sessions/series', series.cookie, {
      ...ask,
      occurrences: preview
        .json()
        .occurrences.map((o: { date: string; roomId: string }) => ({ date: o.date, roomId: o.roomId })),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const res = await post(`/api/me/series/${booked.json().seriesId}/cancel`, series.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await activeAt(place)).map((s) => s.userId).sort()).toEqual(
      [place.holders[0]!.user.id, client.user.id].sort(),
    );
  });

  it.each(['room', 'hour', 'day'] as const)(
    'a removed %s block frees the hour for the line',
    async (kind) => {
      const place = await fullHour();
      const staff = await loginAs(t, 'superadmin');
      const addRoom = () =>
        createRoom(t.db, { branchId: place.branch.id, cityId: place.branch.cityId, position: 2 });
      let url: string;
      let client: Awaited<ReturnType<typeof waiting>>;
      let room2: Awaited<ReturnType<typeof addRoom>>;
      if (kind === 'room') {
        // A second room blocked at that hour: the hour is still full, and the client joins its line.
        room2 = await addRoom();
        url = `/api/blocks/rooms/${(await createRoomBlock(t.db, room2, place.startsAt)).id}`;
        client = await waiting(place, 5, { autoBook: true });
      } else {
        // The client joined while the hour was full; then a room was added and the hour (or the day) blocked.
        client = await waiting(place, 5, { autoBook: true });
        room2 = await addRoom();
        const block = await createDayBlock(
          t.db,
          place.branch,
          place.date,
          kind === 'hour' ? place.hour : null,
        );
        url = `/api/blocks/days/${block.id}`;
      }
      const res = await t.app.inject({ method: 'DELETE', url, headers: { cookie: staff.cookie } });
      expect(res.statusCode, res.body).toBe(204);
      const active = await activeAt(place);
      expect(active.find((s) => s.userId === client.user.id)).toMatchObject({ roomId: room2.id });
      expect(await entry(client.entryId)).toMatchObject({ endedReason: 'auto_booked' });
    },
  );

  it('the staff day grid counts who waits for each hour', async () => {
    const place = await fullHour();
    await waiting(place, 1);
    await waiting(place, 1, { autoBook: true });
    const staff = await loginAs(t, 'admin');
    const res = await get(
      `/api/staff/sessions/grid?date=${place.date}&branchId=${place.branch.id}`,
      staff.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().waitlist).toEqual([{ hour: '10:00', count: 2 }]);
  });
});

describe('races (design §7: the database decides)', () => {
  it('a cancellation asked 5 times at once with 10 waiting to be booked: exactly one is booked, once', async () => {
    const place = await fullHour();
    const line = [];
    for (let i = 0; i < 10; i++) line.push(await waiting(place, 3, { autoBook: true }));
    const holder = place.holders[0]!;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(`/api/sessions/${holder.sessionId}/cancel`, holder.cookie)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const active = await activeAt(place);
    expect(active.map((s) => s.userId)).toEqual([line[0]!.user.id]);
    const charges = await t.db
      .select()
      .from(creditLedger)
      .where(
        and(
          inArray(
            creditLedger.userId,
            line.map((c) => c.user.id),
          ),
          eq(creditLedger.reason, 'booking'),
        ),
      );
    expect(charges).toHaveLength(1);
    for (const person of [...line, holder]) {
      expect(await balance(person.user.id)).toBe(await ledgerSum(person.user.id));
    }
  });

  it('two rooms freed at once with 10 waiting: the first two in line are booked, one room each', async () => {
    const place = await fullHour(2);
    const line = [];
    for (let i = 0; i < 10; i++) line.push(await waiting(place, 3, { autoBook: true }));
    const answers = await Promise.all(
      place.holders.map((holder) => post(`/api/sessions/${holder.sessionId}/cancel`, holder.cookie)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const active = await activeAt(place);
    expect(active.map((s) => s.userId).sort()).toEqual([line[0]!.user.id, line[1]!.user.id].sort());
    expect(new Set(active.map((s) => s.roomId)).size).toBe(2);
    for (const person of line) expect(await balance(person.user.id)).toBe(await ledgerSum(person.user.id));
  });

  it('a freed room and the waiting clients booking it themselves at once: one session in the room', async () => {
    const place = await fullHour();
    const line = [];
    for (let i = 0; i < 10; i++) line.push(await waiting(place, 3, { autoBook: i % 2 === 0 }));
    const holder = place.holders[0]!;
    const slot = {
      branchId: place.branch.id,
      roomId: place.rooms[0]!.id,
      date: place.date,
      hour: place.hour,
    };
    const answers = await Promise.all([
      post(`/api/sessions/${holder.sessionId}/cancel`, holder.cookie),
      ...line.map((client) => post('/api/sessions', client.cookie, slot)),
    ]);
    expect(answers[0]!.statusCode).toBe(200);
    expect(await activeAt(place)).toHaveLength(1);
    for (const person of [...line, holder]) {
      expect(await balance(person.user.id)).toBe(await ledgerSum(person.user.id));
    }
  });
});

describe('closing an account', () => {
  it('leaves every line', async () => {
    const place = await fullHour();
    const client = await waiting(place, 0, { autoBook: true });
    const res = await post('/api/me/account/close', client.cookie, { password: FACTORY_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entry(client.entryId)).toMatchObject({ endedReason: 'closed' });
  });
});
