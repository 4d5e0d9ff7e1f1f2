import {
  createBranch,
  createDayBlock,
  createRoom,
  createRoomBlock,
  createSession,
} from '@sala/db/factories/factories';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { creditLedger } from '@sala/db/schema/ledger';
import { roomSessions, sessionSeries } from '@sala/db/schema/sessions';
import { users } from '@sala/db/schema/users';
import { bookingMessages as m } from '@sala/shared/bookings/bookings.messages';
import type { TSeriesPreviewResponse } from '@sala/shared/bookings/series.contract';
import { businessDate, businessInstant, businessTime } from '@sala/shared/time/business-time';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { and, eq, isNull, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedText } from './outbox';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

// Monday 7 January 2030, 09:30 in Mexico City, for every test (and the logins).
const NOW = new Date('2030-01-07T15:30:00Z');
let t: TestApp;
let boss: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  freezeClock(NOW);
  t = await createTestApp({
    env: { ADMIN_EMAIL: 'recepcion@example.test', PUBLIC_URL: 'https://reservas.example.mx' },
  });
  boss = await loginAs(t, 'superadmin');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
beforeEach(() => {
  vi.setSystemTime(NOW);
});

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

async function place(options: { sessionCost?: number; rooms?: number; standingWeeksMax?: number } = {}) {
  const branch = await createBranch(t.db, {
    sessionCost: options.sessionCost ?? 1,
    ...(options.standingWeeksMax === undefined ? {} : { standingWeeksMax: options.standingWeeksMax }),
  });
  const rooms = [];
  for (let position = 1; position <= (options.rooms ?? 2); position++) {
    rooms.push(await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position }));
  }
  return { branch, rooms };
}
type Place = Awaited<ReturnType<typeof place>>;

/** Tuesdays at 10:00 from 8 January 2030, in the first room. */
const ask = (
  p: Place,
  overrides: Partial<{ date: string; hour: string; everyWeeks: 1 | 2; count: number; room: number }> = {},
) => ({
  branchId: p.branch.id,
  roomId: p.rooms[overrides.room ?? 0]!.id,
  date: overrides.date ?? '2030-01-08',
  hour: overrides.hour ?? '10:00',
  everyWeeks: overrides.everyWeeks ?? 1,
  count: overrides.count ?? 8,
});
const shownOf = (preview: TSeriesPreviewResponse) =>
  preview.occurrences.filter((o) => o.state === 'bookable').map((o) => ({ date: o.date, roomId: o.roomId! }));

async function preview(cookie: string, body: object) {
  const res = await post('/api/sessions/series/preview', cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TSeriesPreviewResponse;
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
const activeOf = (userId: string) =>
  t.db
    .select()
    .from(roomSessions)
    .where(and(eq(roomSessions.userId, userId), isNull(roomSessions.cancelledAt)))
    .orderBy(roomSessions.startsAt);

/** Every event of an .ics as a calendar reads it: its UID and its local start. */
function readEvents(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { uid: event.uid, localStart: event.startDate.toString(), start: event.startDate.toJSDate() };
  });
}

describe('the preview of a standing slot', () => {
  it('lists every date with its state, the room it gets and what the bookable ones cost', async () => {
    const p = await place({ sessionCost: 2 });
    await createDayBlock(t.db, p.branch, '2030-01-22');
    await createRoomBlock(t.db, p.rooms[0]!, businessInstant('2030-01-29', '10:00'));
    await createSession(t.db, p.rooms[0]!, { startsAt: businessInstant('2030-02-05', '10:00') });
    await createSession(t.db, p.rooms[1]!, { startsAt: businessInstant('2030-02-05', '10:00') });
    const { user, cookie } = await loginAs(t, 'user', { credits: 5 });
    // The client's own session at that hour elsewhere.
    const other = await place();
    await createSession(t.db, other.rooms[0]!, {
      userId: user.id,
      startsAt: businessInstant('2030-02-12', '10:00'),
    });

    const body = await preview(cookie, ask(p));
    expect(body.occurrences.map((o) => [o.date, o.state, o.roomChanged])).toEqual([
      ['2030-01-08', 'bookable', false],
      ['2030-01-15', 'bookable', false],
      ['2030-01-22', 'blocked', false],
      ['2030-01-29', 'bookable', true],
      ['2030-02-05', 'full', false],
      ['2030-02-12', 'same-time', false],
      ['2030-02-19', 'bookable', false],
      ['2030-02-26', 'bookable', false],
    ]);
    expect(body.occurrences[3]!.roomId).toBe(p.rooms[1]!.id);
    expect(body).toMatchObject({ sessionCost: 2, totalCost: 10, balance: 5, maxCount: 8 });
    // Nothing was written.
    expect(await activeOf(user.id)).toHaveLength(1);
  });

  it.each([
    {
      name: 'a branch without standing slots',
      branch: { standingWeeksMax: 0 },
      ask: {},
      status: 409,
      message: m.seriesDisabled,
    },
    {
      name: 'more weeks than the branch allows',
      branch: { standingWeeksMax: 4 },
      ask: { count: 5 },
      status: 400,
      message: m.seriesCount(4),
    },
    { name: 'one date only', branch: {}, ask: { count: 1 }, status: 400, message: m.seriesCountInvalid },
    {
      name: 'every three weeks',
      branch: {},
      ask: { everyWeeks: 3 },
      status: 400,
      message: m.everyWeeksInvalid,
    },
    {
      name: 'a first date past the booking window',
      branch: {},
      ask: { date: '2030-01-16' },
      status: 409,
      message: m.cannotBook,
    },
  ])('refuses $name in Spanish', async ({ branch, ask: change, status, message }) => {
    const p = await place(branch);
    const { cookie } = await loginAs(t, 'user', { credits: 5 });
    const res = await post('/api/sessions/series/preview', cookie, { ...ask(p), ...change });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.message).toBe(message);
  });

  it('refuses a room of another branch, and a visitor', async () => {
    const p = await place();
    const q = await place();
    const { cookie } = await loginAs(t, 'user', { credits: 5 });
    const res = await post('/api/sessions/series/preview', cookie, { ...ask(p), roomId: q.rooms[0]!.id });
    expect(res.statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/sessions/series/preview', payload: ask(p) }))
        .statusCode,
    ).toBe(401);
  });
});

describe('confirming a standing slot', () => {
  it('books exactly the dates shown, charges each through the ledger and sends one e-mail with every date', async () => {
    const p = await place();
    await createDayBlock(t.db, p.branch, '2030-01-22');
    const { user, cookie } = await loginAs(t, 'user', { credits: 10 });
    const shown = shownOf(await preview(cookie, ask(p)));
    expect(shown).toHaveLength(7);

    const res = await post('/api/sessions/series', cookie, { ...ask(p), occurrences: shown });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.balance).toBe(3);
    expect(body.sessions.map((s: { date: string }) => s.date)).toEqual(shown.map((o) => o.date));

    const sessions = await activeOf(user.id);
    expect(sessions.map((s) => businessDate(s.startsAt))).toEqual(shown.map((o) => o.date));
    expect(new Set(sessions.map((s) => s.seriesId))).toEqual(new Set([body.seriesId]));
    expect(sessions.every((s) => businessTime(s.startsAt) === '10:00' && s.creditsCharged === 1)).toBe(true);
    expect(await balance(user.id)).toBe(3);
    expect(await ledgerSum(user.id)).toBe(3);
    const charges = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.reason, 'booking')));
    expect(charges.map((c) => c.referenceId).sort()).toEqual(sessions.map((s) => s.id).sort());
    const [series] = await t.db.select().from(sessionSeries).where(eq(sessionSeries.id, body.seriesId));
    expect(series).toMatchObject({ userId: user.id, everyWeeks: 1, count: 8, hour: '10:00' });

    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.dedupeKey} like ${`series:${body.seriesId}:%`}`);
    const toClient = mails.find((mail) => mail.toAddress === user.email)!;
    const toStaff = mails.find((mail) => mail.toAddress === 'recepcion@example.test')!;
    expect(toClient.subject).toBe('Reserva fija confirmada');
    expect(toStaff.subject).toBe(`Nueva reserva fija de ${user.name}`);
    expect(toClient.text).toContain('Cada semana, martes de 10:00 a 11:00');
    expect(toClient.text).toContain('martes 29 de enero de 2030');
    expect(toClient.text).not.toContain('martes 22 de enero de 2030');
    // One calendar file, an event per booked date, each with its session's UID, read by a real parser.
    for (const mail of [toClient, toStaff]) {
      const events = readEvents(storedText(mail.attachments[0]));
      expect(events.map((e) => e.uid).sort()).toEqual(sessions.map((s) => s.id).sort());
      expect(events.map((e) => e.start.getTime()).sort()).toEqual(
        sessions.map((s) => s.startsAt.getTime()).sort(),
      );
      expect(events.every((e) => e.localStart.endsWith('T10:00:00'))).toBe(true);
    }
  });

  it('books nothing when a date changed since the preview, and names it', async () => {
    const p = await place({ rooms: 1 });
    const { user, cookie } = await loginAs(t, 'user', { credits: 10 });
    const shown = shownOf(await preview(cookie, ask(p, { count: 4 })));
    await createSession(t.db, p.rooms[0]!, { startsAt: businessInstant('2030-01-22', '10:00') });
    const res = await post('/api/sessions/series', cookie, { ...ask(p, { count: 4 }), occurrences: shown });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.seriesChanged(['martes 22 de enero de 2030']));
    expect(await activeOf(user.id)).toHaveLength(0);
    expect(await balance(user.id)).toBe(10);
    expect(await t.db.select().from(sessionSeries).where(eq(sessionSeries.userId, user.id))).toHaveLength(0);
  });

  it('refuses when the balance does not cover every date, saying what they cost', async () => {
    const p = await place({ sessionCost: 2 });
    const { user, cookie } = await loginAs(t, 'user', { credits: 5 });
    const shown = shownOf(await preview(cookie, ask(p, { count: 3 })));
    const res = await post('/api/sessions/series', cookie, { ...ask(p, { count: 3 }), occurrences: shown });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.seriesNoCredits(6, 5));
    expect(await activeOf(user.id)).toHaveLength(0);
    expect(await ledgerSum(user.id)).toBe(5);
  });

  it('answers a retried confirmation with the series it made, charging once', async () => {
    const p = await place();
    const { user, cookie } = await loginAs(t, 'user', { credits: 10 });
    const body = { ...ask(p, { count: 3 }), idempotencyKey: '0199a2b3-0000-7000-8000-00000000beef' };
    const shown = shownOf(await preview(cookie, ask(p, { count: 3 })));
    const [a, b] = await Promise.all([
      post('/api/sessions/series', cookie, { ...body, occurrences: shown }),
      post('/api/sessions/series', cookie, { ...body, occurrences: shown }),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([201, 201]);
    expect(a!.json().seriesId).toBe(b!.json().seriesId);
    expect(await activeOf(user.id)).toHaveLength(3);
    expect(await balance(user.id)).toBe(7);
    expect(await ledgerSum(user.id)).toBe(7);
  });

  it('lets the super admin book a series for a client, charged to the client', async () => {
    const p = await place();
    const { user } = await loginAs(t, 'user', { credits: 4 });
    const asked = { ...ask(p, { count: 2, everyWeeks: 2 }), clientId: user.id };
    const res = await post('/api/staff/sessions/series/preview', boss.cookie, asked);
    expect(res.statusCode, res.body).toBe(200);
    const shown = shownOf(res.json());
    expect(shown.map((o) => o.date)).toEqual(['2030-01-08', '2030-01-22']);
    const booked = await post('/api/staff/sessions/series', boss.cookie, { ...asked, occurrences: shown });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await balance(user.id)).toBe(2);
    const sessions = await activeOf(user.id);
    expect(sessions.every((s) => s.bookedBy === boss.user.id)).toBe(true);
    // A client cannot book for another; an admin cannot either.
    const admin = await loginAs(t, 'admin');
    expect((await post('/api/staff/sessions/series/preview', admin.cookie, asked)).statusCode).toBe(403);
  });
});

describe('the race (design §7)', () => {
  it('20 clients asking for overlapping weekly series at once: no room-hour twice, each series as its answer says', async () => {
    const p = await place({ rooms: 3 });
    const clients = [];
    for (let i = 0; i < 20; i++) clients.push(await loginAs(t, 'user', { credits: 8 }));
    // Each asks for 2 to 5 Tuesdays from 8 January at 10:00 or 11:00 in one of the rooms: they overlap.
    const asks = clients.map((_, i) =>
      ask(p, {
        count: 2 + (i % 4),
        hour: i % 2 === 0 ? '10:00' : '11:00',
        room: i % 3,
      }),
    );
    const previews = await Promise.all(clients.map(({ cookie }, i) => preview(cookie, asks[i]!)));
    const results = await Promise.all(
      clients.map(({ cookie }, i) =>
        post('/api/sessions/series', cookie, { ...asks[i]!, occurrences: shownOf(previews[i]!) }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    // Six (room, hour) pairs among the asks: the first of each wins, every later one finds its room taken.
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);

    const all = await t.db
      .select()
      .from(roomSessions)
      .where(and(eq(roomSessions.branchId, p.branch.id), isNull(roomSessions.cancelledAt)));
    const cells = all.map((s) => `${s.roomId}|${s.startsAt.toISOString()}`);
    expect(new Set(cells).size).toBe(cells.length);
    for (const [i, { user }] of clients.entries()) {
      const mine = await activeOf(user.id);
      if (results[i]!.statusCode === 201) {
        const answered = results[i]!.json()
          .sessions.map((s: { id: string }) => s.id)
          .sort();
        expect(mine.map((s) => s.id).sort()).toEqual(answered);
      } else {
        expect(mine).toHaveLength(0);
      }
      expect(await balance(user.id)).toBe(await ledgerSum(user.id));
      expect(await balance(user.id)).toBe(8 - mine.length);
    }
  });
});

describe('a client’s standing slots in /perfil', () => {
  async function booked(credits: number, count: number) {
    const p = await place();
    const client = await loginAs(t, 'user', { credits });
    const shown = shownOf(await preview(client.cookie, ask(p, { count })));
    const res = await post('/api/sessions/series', client.cookie, {
      ...ask(p, { count }),
      occurrences: shown,
    });
    expect(res.statusCode, res.body).toBe(201);
    return {
      p,
      ...client,
      seriesId: res.json().seriesId as string,
      sessionIds: res.json().sessions.map((s: { id: string }) => s.id) as string[],
    };
  }
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('lists each series with how many it booked, how many stand and which can still be cancelled', async () => {
    const { p, cookie, sessionIds } = await booked(10, 4);
    // One occurrence cancelled on its own, like any session.
    expect((await post(`/api/sessions/${sessionIds[1]}/cancel`, cookie, {})).statusCode).toBe(200);
    // Tuesday 8 January 10:00 is within 24 hours on Monday 7 at 11:00.
    vi.setSystemTime(new Date('2030-01-07T17:00:00Z'));
    const res = await get('/api/me/series', cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        id: expect.any(String),
        everyWeeks: 1,
        weekday: 'martes',
        hour: '10:00',
        cityName: expect.any(String),
        branchName: p.branch.name,
        roomName: 'Sala 1',
        booked: 4,
        standing: 3,
        cancellable: 2,
        nextDate: '2030-01-08',
      },
    ]);
    const sessions = await get('/api/me/sessions?pageSize=10', cookie);
    expect(sessions.json().rows.every((row: { seriesId: string | null }) => row.seriesId !== null)).toBe(
      true,
    );
  });

  it('counts a moved occurrence once: it stays in its series at its new hour', async () => {
    const { p, cookie, seriesId, sessionIds } = await booked(10, 3);
    const moved = await post(`/api/sessions/${sessionIds[1]}/reschedule`, cookie, {
      branchId: p.branch.id,
      roomId: p.rooms[1]!.id,
      date: '2030-01-10',
      hour: '12:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await get('/api/me/series', cookie);
    expect(res.json()).toMatchObject([{ id: seriesId, booked: 3, standing: 3, cancellable: 3 }]);
    const mine = await get(`/api/me/sessions/${moved.json().session.id}`, cookie);
    expect(mine.json()).toMatchObject({ seriesId });
  });

  it('cancels the rest: only the sessions more than 24 hours ahead, one refund each, one e-mail', async () => {
    const { user, cookie, seriesId, sessionIds } = await booked(10, 4);
    vi.setSystemTime(new Date('2030-01-07T17:00:00Z'));
    const res = await post(`/api/me/series/${seriesId}/cancel`, cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cancelled: 3, refunded: 3, balance: 9 });
    const active = await activeOf(user.id);
    expect(active.map((s) => s.id)).toEqual([sessionIds[0]]);
    expect(await balance(user.id)).toBe(await ledgerSum(user.id));
    const refunds = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.reason, 'booking_refund')));
    expect(refunds.map((r) => r.referenceId).sort()).toEqual(sessionIds.slice(1).sort());
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.subject, 'Reserva fija cancelada')));
    const events = readEvents(storedText(mail!.attachments[0]));
    expect(events.map((e) => e.uid).sort()).toEqual(sessionIds.slice(1).sort());
    // Nothing left to cancel: said so.
    const again = await post(`/api/me/series/${seriesId}/cancel`, cookie, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.seriesNothingToCancel);
  });

  it('is someone else’s business to no one: another client gets 404', async () => {
    const { seriesId } = await booked(10, 2);
    const other = await loginAs(t, 'user');
    const res = await post(`/api/me/series/${seriesId}/cancel`, other.cookie, {});
    expect(res.statusCode).toBe(404);
    expect((await get('/api/me/series', other.cookie)).json()).toEqual([]);
  });

  it('refunds once when the rest and one of its sessions are cancelled at the same time', async () => {
    const { user, cookie, seriesId, sessionIds } = await booked(10, 3);
    const results = await Promise.all([
      post(`/api/me/series/${seriesId}/cancel`, cookie, {}),
      post(`/api/sessions/${sessionIds[2]}/cancel`, cookie, {}),
      post(`/api/me/series/${seriesId}/cancel`, cookie, {}),
    ]);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await activeOf(user.id)).toHaveLength(0);
    expect(await balance(user.id)).toBe(10);
    expect(await ledgerSum(user.id)).toBe(10);
  });
});
