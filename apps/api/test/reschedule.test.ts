import { createBranch, createRoom, createSession } from '@sala/db/factories/factories';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { creditLedger } from '@sala/db/schema/ledger';
import { roomSessions } from '@sala/db/schema/sessions';
import { users } from '@sala/db/schema/users';
import { bookingMessages as m } from '@sala/shared/bookings/bookings.messages';
import { businessInstant } from '@sala/shared/time/business-time';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
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

async function place(sessionCost = 1, rooms = 2) {
  const branch = await createBranch(t.db, { sessionCost });
  const list = [];
  for (let position = 1; position <= rooms; position++) {
    list.push(await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position }));
  }
  return { branch, rooms: list };
}
type Place = Awaited<ReturnType<typeof place>>;
const slot = (p: Place, date: string, hour: string, room = 0) => ({
  branchId: p.branch.id,
  roomId: p.rooms[room]!.id,
  date,
  hour,
});
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
    .where(and(eq(roomSessions.userId, userId), isNull(roomSessions.cancelledAt)));
const lastMailTo = async (to: string, subject: string) => {
  const [mail] = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.subject, subject)))
    .orderBy(desc(emailOutbox.createdAt));
  return mail!;
};

/** A client with `credits` and a session booked through the API (1 credit), on Wednesday 9 January at 10:00 unless told. */
async function bookedClient(credits: number, date = '2030-01-09', hour = '10:00') {
  const p = await place();
  const client = await loginAs(t, 'user', { credits });
  const booked = await post('/api/sessions', client.cookie, slot(p, date, hour));
  expect(booked.statusCode, booked.body).toBe(201);
  return { p, ...client, sessionId: booked.json().session.id as string };
}

describe('moving a session (design §7)', () => {
  it('moves it in one step: the old one cancelled, the new one booked, the difference charged, the event moved', async () => {
    const { user, cookie, sessionId } = await bookedClient(3);
    const dearer = await place(2);
    const res = await post(
      `/api/sessions/${sessionId}/reschedule`,
      cookie,
      slot(dearer, '2030-01-10', '12:00', 1),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      previousId: sessionId,
      difference: 1,
      balance: 1,
      session: { date: '2030-01-10', hour: '12:00', roomName: 'Sala 2', creditsCharged: 2 },
    });
    const [old] = await t.db.select().from(roomSessions).where(eq(roomSessions.id, sessionId));
    expect(old!.cancelledAt).not.toBeNull();
    const active = await activeOf(user.id);
    expect(active.map((s) => s.id)).toEqual([body.session.id]);
    expect(active[0]).toMatchObject({
      rescheduledFrom: sessionId,
      calendarUid: sessionId,
      calendarSequence: 1,
    });
    const moves = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.reason, 'reschedule')));
    expect(moves).toMatchObject([{ delta: -1, referenceId: body.session.id }]);
    expect(await balance(user.id)).toBe(await ledgerSum(user.id));

    // The e-mail moves the event: the same UID as the first booking, a higher SEQUENCE, the new time.
    const moved = await lastMailTo(user.email, 'Reservacion cambiada');
    expect(moved.text).toContain('jueves 10 de enero de 2030, de 12:00 a 13:00');
    expect(moved.text).toContain('Antes: miércoles 9 de enero de 2030, de 10:00 a 11:00');
    const first = readInvite(
      storedText((await lastMailTo(user.email, 'Reservacion confirmada')).attachments[0]),
    );
    const again = readInvite(storedText(moved.attachments[0]));
    expect(again).toMatchObject({ uid: first.uid, method: 'REQUEST', localStart: '2030-01-10T12:00:00' });
    expect(again.sequence).toBeGreaterThan(first.sequence);
    const staff = await lastMailTo('recepcion@example.test', `Reservacion cambiada de ${user.name}`);
    expect(readInvite(storedText(staff.attachments[0])).uid).toBe(first.uid);

    // Cancelled later, the same event goes, with a higher SEQUENCE still.
    expect((await post(`/api/sessions/${body.session.id}/cancel`, cookie)).statusCode).toBe(200);
    const cancelled = readInvite(
      storedText((await lastMailTo(user.email, 'Reservacion cancelada')).attachments[0]),
    );
    expect(cancelled).toMatchObject({ uid: first.uid, method: 'CANCEL' });
    expect(cancelled.sequence).toBeGreaterThan(again.sequence);
    expect(await balance(user.id)).toBe(3);
    expect(await ledgerSum(user.id)).toBe(3);
  });

  it('gives the difference back when the new slot costs less', async () => {
    const dear = await place(3);
    const { user, cookie } = await loginAs(t, 'user', { credits: 3 });
    const booked = await post('/api/sessions', cookie, slot(dear, '2030-01-09', '11:00'));
    const cheap = await place(1);
    const res = await post(
      `/api/sessions/${booked.json().session.id}/reschedule`,
      cookie,
      slot(cheap, '2030-01-09', '11:00'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ difference: -2, balance: 2 });
    expect(await ledgerSum(user.id)).toBe(2);
  });

  it.each([
    { name: 'the new room is taken', want: m.sessionTaken },
    { name: 'the client lacks the difference', want: m.noCredits },
    { name: 'it starts within 24 hours', want: m.tooLateToMove },
    { name: 'it is the same slot', want: m.sameSlot },
  ])('refuses when $name, and changes nothing', async ({ name, want }) => {
    // Within 24 hours: Tuesday 8 at 09:00 is 23½ hours after Monday 7 at 09:30.
    const { p, user, cookie, sessionId } = name.includes('24 hours')
      ? await bookedClient(3, '2030-01-08', '09:00')
      : await bookedClient(name.includes('lacks') ? 1 : 3);
    let target = slot(p, '2030-01-11', '10:00');
    if (name.includes('taken'))
      await createSession(t.db, p.rooms[0]!, { startsAt: businessInstant('2030-01-11', '10:00') });
    if (name.includes('lacks')) target = slot(await place(2), '2030-01-11', '10:00');
    if (name.includes('same')) target = slot(p, '2030-01-09', '10:00');
    const before = await balance(user.id);
    const res = await post(`/api/sessions/${sessionId}/reschedule`, cookie, target);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(want);
    expect((await activeOf(user.id)).map((s) => s.id)).toEqual([sessionId]);
    expect(await balance(user.id)).toBe(before);
    expect(await ledgerSum(user.id)).toBe(before);
  });

  it('is another client’s business to no one, and a courtesy session is not moved', async () => {
    const { p, sessionId } = await bookedClient(3);
    const other = await loginAs(t, 'user', { credits: 3 });
    const res = await post(
      `/api/sessions/${sessionId}/reschedule`,
      other.cookie,
      slot(p, '2030-01-11', '10:00'),
    );
    expect(res.statusCode).toBe(404);
  });

  it('20 moves of one session at once: one succeeds, the rest are told it moved, Σ ledger = balance', async () => {
    const { p, user, cookie, sessionId } = await bookedClient(3);
    const targets = Array.from({ length: 20 }, (_, i) =>
      slot(p, i % 2 ? '2030-01-10' : '2030-01-11', `${String(8 + (i % 10)).padStart(2, '0')}:00`, i % 2),
    );
    const results = await Promise.all(
      targets.map((target) => post(`/api/sessions/${sessionId}/reschedule`, cookie, target)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.message).toBe(m.alreadyMoved);
    }
    expect(await activeOf(user.id)).toHaveLength(1);
    expect(await balance(user.id)).toBe(2);
    expect(await ledgerSum(user.id)).toBe(2);
  });

  it('answers a retried move with the session it made, once', async () => {
    const { p, user, cookie, sessionId } = await bookedClient(3);
    const body = {
      ...slot(p, '2030-01-11', '09:00'),
      idempotencyKey: '0199a2b3-0000-7000-8000-0000000000aa',
    };
    const first = await post(`/api/sessions/${sessionId}/reschedule`, cookie, body);
    const retry = await post(`/api/sessions/${sessionId}/reschedule`, cookie, body);
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json().session.id).toBe(first.json().session.id);
    // The retry states the balance and the difference as the move left them.
    expect(retry.json()).toMatchObject({ balance: 2, difference: first.json().difference });
    expect(await activeOf(user.id)).toHaveLength(1);
    expect(await balance(user.id)).toBe(2);
  });
});

describe('GET /api/me/sessions/:id', () => {
  it('answers one of the client’s own sessions, with what it may do, and nobody else’s', async () => {
    const { cookie, sessionId, p } = await bookedClient(3);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/me/sessions/${sessionId}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: sessionId, timing: 'beyond', canCancel: true, seriesId: null });
    // Where it is, so the wizard that moves it starts there (issue 39).
    expect(res.json()).toMatchObject({
      cityId: p.branch.cityId,
      branchId: p.branch.id,
      roomId: p.rooms[0]!.id,
      roomName: 'Sala 1',
    });
    const other = await loginAs(t, 'user');
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/me/sessions/${sessionId}`,
      headers: { cookie: other.cookie },
    });
    expect(refused.statusCode).toBe(404);
  });
});
