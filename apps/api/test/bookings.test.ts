import {
  createBranch,
  createRoom,
  createRoomBlock,
  createSession,
  createUser,
} from '@sala/db/factories/factories';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { creditLedger } from '@sala/db/schema/ledger';
import { roomSessions } from '@sala/db/schema/sessions';
import { users } from '@sala/db/schema/users';
import { bookingMessages as m } from '@sala/shared/bookings/bookings.messages';
import { businessInstant } from '@sala/shared/time/business-time';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readInvite } from './calendar-reader';
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

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function place(sessionCost = 1, rooms = 2) {
  const branch = await createBranch(t.db, { sessionCost });
  const list = [];
  for (let position = 1; position <= rooms; position++) {
    list.push(await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position }));
  }
  return { branch, rooms: list };
}
const slot = (p: Awaited<ReturnType<typeof place>>, date = '2030-01-09', hour = '10:00', room = 0) => ({
  branchId: p.branch.id,
  roomId: p.rooms[room]!.id,
  date,
  hour,
});
async function client(credits: number) {
  return loginAs(t, 'user', { credits });
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
const mailsAbout = (sessionId: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(sql`${emailOutbox.attachments}::text like ${`%${sessionId}%`}`);

describe('POST /api/sessions', () => {
  it('books, charges through the ledger and writes both e-mails with a calendar invitation', async () => {
    const p = await place();
    const { user, cookie } = await client(3);
    const res = await post('/api/sessions', cookie, slot(p));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      balance: 2,
      mailWarning: false,
      session: {
        date: '2030-01-09',
        hour: '10:00',
        roomName: 'Sala 1',
        creditsCharged: 1,
        isCourtesy: false,
      },
    });
    expect(await balance(user.id)).toBe(2);
    expect(await ledgerSum(user.id)).toBe(2);
    const [ledger] = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.reason, 'booking')));
    expect(ledger).toMatchObject({ delta: -1, balanceAfter: 2, referenceId: body.session.id });

    const mails = await mailsAbout(body.session.id);
    const toClient = mails.find((mail) => mail.toAddress === user.email)!;
    const toAdmin = mails.find((mail) => mail.toAddress === 'recepcion@example.test')!;
    expect(toClient.subject).toBe('Reservacion confirmada');
    expect(toAdmin.subject).toBe(`Nueva reservacion de ${user.name}`);
    for (const mail of [toClient, toAdmin]) {
      expect(mail.text).toContain(p.branch.name);
      expect(mail.text).toContain('Sala 1');
      expect(mail.text).toContain('miércoles 9 de enero de 2030, de 10:00 a 11:00');
      const invite = readInvite(storedText(mail.attachments[0]));
      expect(invite).toMatchObject({
        method: 'REQUEST',
        uid: body.session.id,
        status: 'CONFIRMED',
        tzid: 'America/Mexico_City',
      });
      expect(invite.localStart).toBe('2030-01-09T10:00:00');
      expect(invite.start.toISOString()).toBe('2030-01-09T16:00:00.000Z');
      expect(invite.end.toISOString()).toBe('2030-01-09T17:00:00.000Z');
    }
  });

  it('says "No cuenta con créditos suficientes." and stores nothing', async () => {
    const p = await place();
    const { user, cookie } = await client(0);
    const res = await post('/api/sessions', cookie, slot(p));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ message: m.noCredits, fields: { credits: m.noCredits } });
    expect(await t.db.select().from(roomSessions).where(eq(roomSessions.userId, user.id))).toEqual([]);
  });

  it('at a branch costing 2: "Para agendar en este establecimiento necesitas 2 créditos adicionales."', async () => {
    const p = await place(2);
    const { cookie } = await client(1);
    const res = await post('/api/sessions', cookie, slot(p));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Para agendar en este establecimiento necesitas 2 créditos adicionales.',
    );
  });

  it('charges 2 at a 2-credit branch and gives 2 back on cancel', async () => {
    const p = await place(2);
    const { user, cookie } = await client(5);
    const booked = await post('/api/sessions', cookie, slot(p));
    expect(booked.json().balance).toBe(3);
    const cancelled = await post(`/api/sessions/${booked.json().session.id}/cancel`, cookie);
    expect(cancelled.json()).toMatchObject({ refunded: 2, balance: 5 });
    expect(await ledgerSum(user.id)).toBe(5);
  });

  it.each([
    ['an hour that started', '2030-01-07', '09:00'],
    ['a Sunday', '2030-01-13', '10:00'],
    ['a day past the window', '2030-01-15', '10:00'],
    ['an hour off the schedule', '2030-01-12', '16:00'],
  ])('refuses %s: "No puedes agendar en esta sesion."', async (_label, date, hour) => {
    const p = await place();
    const { cookie } = await client(3);
    const res = await post('/api/sessions', cookie, slot(p, date, hour));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.cannotBook);
  });

  it('refuses a blocked hour, a blocked room and an inactive room', async () => {
    const p = await place();
    const { cookie } = await client(5);
    await t.app.inject({
      method: 'POST',
      url: '/api/blocks/days',
      headers: { cookie: boss.cookie },
      payload: {
        cityId: p.branch.cityId,
        branchId: p.branch.id,
        date: '2030-01-09',
        wholeDay: false,
        hour: '12:00',
      },
    });
    await createRoomBlock(t.db, p.rooms[1]!, businessInstant('2030-01-09', '13:00'));
    const inactive = await createRoom(t.db, {
      branchId: p.branch.id,
      cityId: p.branch.cityId,
      position: 5,
      isActive: false,
    });
    for (const body of [
      slot(p, '2030-01-09', '12:00'),
      slot(p, '2030-01-09', '13:00', 1),
      { ...slot(p, '2030-01-09', '14:00'), roomId: inactive.id },
    ]) {
      const res = await post('/api/sessions', cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().error.message).toBe(m.cannotBook);
    }
  });

  it('says "Esta sesion ya existe, elige otra." for a room already booked', async () => {
    const p = await place();
    await createSession(t.db, p.rooms[0]!, { startsAt: businessInstant('2030-01-09', '10:00') });
    const { cookie } = await client(3);
    const res = await post('/api/sessions', cookie, slot(p));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.sessionTaken);
  });

  it('lets a client hold one session per hour, whatever the room', async () => {
    const p = await place();
    const { cookie } = await client(3);
    expect((await post('/api/sessions', cookie, slot(p))).statusCode).toBe(201);
    const again = await post('/api/sessions', cookie, slot(p, '2030-01-09', '10:00', 1));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.sameTime);
  });

  it('50 clients booking one room and hour at once: exactly one 201 and 49 × 409', async () => {
    const p = await place();
    const clients = [];
    for (let i = 0; i < 50; i++) clients.push(await client(1));
    const results = await Promise.all(clients.map(({ cookie }) => post('/api/sessions', cookie, slot(p))));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().error.message).toBe(m.sessionTaken);
    }
    const active = await t.db.select().from(roomSessions).where(eq(roomSessions.roomId, p.rooms[0]!.id));
    expect(active).toHaveLength(1);
    for (const { user } of clients) expect(await balance(user.id)).toBe(await ledgerSum(user.id));
  });

  it('one client with 1 credit sending 10 bookings at once: one succeeds, balance 0, ledger = balance', async () => {
    const p = await place(1, 10);
    const { user, cookie } = await client(1);
    const results = await Promise.all(
      p.rooms.map((_, i) =>
        post('/api/sessions', cookie, slot(p, '2030-01-09', `${String(8 + i).padStart(2, '0')}:00`, i)),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await balance(user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);
  });
});

describe('a booking retried with its idempotency key (issue 20 point 4)', () => {
  const KEY = '0199a2b3-0000-7000-8000-00000000c0de';

  it('answers the same session to a retry whose first answer was lost, charging once', async () => {
    const p = await place();
    const { user, cookie } = await client(3);
    const first = await post('/api/sessions', cookie, { ...slot(p), idempotencyKey: KEY });
    expect(first.statusCode).toBe(201);
    const retry = await post('/api/sessions', cookie, { ...slot(p), idempotencyKey: KEY });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().session).toEqual(first.json().session);
    expect(retry.json()).toMatchObject({ balance: 2, mailDelivery: 'off', mailWarning: false });
    expect(await balance(user.id)).toBe(2);
    expect(await ledgerSum(user.id)).toBe(2);
    const rows = await t.db.select().from(roomSessions).where(eq(roomSessions.userId, user.id));
    expect(rows).toHaveLength(1);
    // Without the key the same request is the 409 about its own hour, as before.
    const plain = await post('/api/sessions', cookie, slot(p));
    expect(plain.statusCode).toBe(409);
  });

  it('20 copies of one request at once: one session, one charge, every answer that session', async () => {
    const p = await place();
    const { user, cookie } = await client(5);
    const key = '0199a2b3-0000-7000-8000-00000000a11e';
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/sessions', cookie, { ...slot(p), idempotencyKey: key })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.json().session.id)).size).toBe(1);
    expect(await balance(user.id)).toBe(4);
    expect(await ledgerSum(user.id)).toBe(4);
  });

  it('refuses the key on another slot, and keys are per booker', async () => {
    const p = await place();
    const a = await client(3);
    const b = await client(3);
    const key = '0199a2b3-0000-7000-8000-00000000b0b0';
    expect((await post('/api/sessions', a.cookie, { ...slot(p), idempotencyKey: key })).statusCode).toBe(201);
    const other = await post('/api/sessions', a.cookie, {
      ...slot(p, '2030-01-09', '11:00'),
      idempotencyKey: key,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toEqual({ code: 'aborted', message: m.keyReused });
    // Another client's request under the same key is its own booking (here: the room is taken).
    const theirs = await post('/api/sessions', b.cookie, {
      ...slot(p, '2030-01-09', '10:00', 1),
      idempotencyKey: key,
    });
    expect(theirs.statusCode).toBe(201);
    expect(await balance(b.user.id)).toBe(2);
  });

  it('replays a staff courtesy booking, and refuses the key for another guest', async () => {
    const p = await place();
    const key = '0199a2b3-0000-7000-8000-00000000c011';
    const body = { ...slot(p), for: 'courtesy', courtesyName: 'Mariana Ruiz', idempotencyKey: key };
    const first = await post('/api/staff/sessions', boss.cookie, body);
    expect(first.statusCode).toBe(201);
    const retry = await post('/api/staff/sessions', boss.cookie, body);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().session.id).toBe(first.json().session.id);
    expect(retry.json().balance).toBeNull();
    const other = await post('/api/staff/sessions', boss.cookie, { ...body, courtesyName: 'Otra Persona' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(m.keyReused);
  });
});

describe('POST /api/sessions/:id/cancel', () => {
  it('cancels a beyond session: the row stays, the credits come back, the client gets a CANCEL', async () => {
    const p = await place();
    const { user, cookie } = await client(1);
    const { session } = (await post('/api/sessions', cookie, slot(p))).json();
    const res = await post(`/api/sessions/${session.id}/cancel`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: session.id, refunded: 1, balance: 1, isCourtesy: false });
    const [row] = await t.db.select().from(roomSessions).where(eq(roomSessions.id, session.id));
    expect(row).toMatchObject({ cancelledBy: user.id });
    expect(row!.cancelledAt).not.toBeNull();
    const [refund] = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.reason, 'booking_refund')));
    expect(refund).toMatchObject({ delta: 1, referenceId: session.id });
    const cancelMail = (await mailsAbout(session.id)).find(
      (mail) => mail.subject === 'Reservacion cancelada',
    )!;
    expect(readInvite(storedText(cancelMail.attachments[0]))).toMatchObject({
      method: 'CANCEL',
      uid: session.id,
      status: 'CANCELLED',
    });
    // The room is free again.
    const rooms = await get(
      `/api/availability/rooms?branchId=${p.branch.id}&date=2030-01-09&hour=10:00`,
      cookie,
    );
    expect(rooms.json().rooms[0].state).toBe('free');
  });

  it('refuses an almost session to its client, but lets the super admin cancel it', async () => {
    const p = await place();
    const { cookie } = await client(2);
    const { session } = (await post('/api/sessions', cookie, slot(p, '2030-01-08', '09:00'))).json();
    const refused = await post(`/api/sessions/${session.id}/cancel`, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(m.tooLateToCancel);
    const byBoss = await post(`/api/sessions/${session.id}/cancel`, boss.cookie);
    expect(byBoss.statusCode).toBe(200);
    expect(byBoss.json().balance).toBe(2);
  });

  it('hides another client’s session, and keeps admins from cancelling', async () => {
    const p = await place();
    const owner = await client(1);
    const { session } = (await post('/api/sessions', owner.cookie, slot(p))).json();
    const other = await client(0);
    expect((await post(`/api/sessions/${session.id}/cancel`, other.cookie)).statusCode).toBe(404);
    const admin = await loginAs(t, 'admin');
    expect((await post(`/api/sessions/${session.id}/cancel`, admin.cookie)).statusCode).toBe(404);
  });

  it('refunds once when two cancels race', async () => {
    const p = await place();
    const { user, cookie } = await client(1);
    const { session } = (await post('/api/sessions', cookie, slot(p))).json();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(`/api/sessions/${session.id}/cancel`, cookie)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.json().error.message).toBe(m.alreadyCancelled);
    }
    expect(await balance(user.id)).toBe(1);
    expect(await ledgerSum(user.id)).toBe(1);
  });

  it('refuses a session that already started, even to the super admin', async () => {
    const p = await place();
    const past = await createSession(t.db, p.rooms[0]!, { startsAt: businessInstant('2030-01-07', '08:00') });
    const res = await post(`/api/sessions/${past.id}/cancel`, boss.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.alreadyStarted);
  });
});

describe('POST /api/staff/sessions (the super admin)', () => {
  it('books for a client, charged to the client, and records who booked', async () => {
    const p = await place();
    const patient = await createUser(t.db, { credits: 2, name: 'Rosa Medina' });
    const res = await post('/api/staff/sessions', boss.cookie, {
      ...slot(p),
      for: 'client',
      clientId: patient.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ balance: 1, session: { holderName: 'Rosa Medina' } });
    const [row] = await t.db.select().from(roomSessions).where(eq(roomSessions.id, res.json().session.id));
    expect(row).toMatchObject({ userId: patient.id, bookedBy: boss.user.id, creditsCharged: 1 });
    const mails = await mailsAbout(row!.id);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(
      [patient.email, 'recepcion@example.test'].sort(),
    );
  });

  it('books a courtesy session: no client, no credits, the name stored with its prefix', async () => {
    const p = await place();
    const res = await post('/api/staff/sessions', boss.cookie, {
      ...slot(p),
      for: 'courtesy',
      courtesyName: '  Dra. Ana Ruiz ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ balance: null, session: { isCourtesy: true, creditsCharged: 0 } });
    const [row] = await t.db.select().from(roomSessions).where(eq(roomSessions.id, res.json().session.id));
    expect(row).toMatchObject({
      userId: null,
      courtesyName: 'Sesion de prueba - Dra. Ana Ruiz',
      creditsCharged: 0,
    });
    const mails = await mailsAbout(row!.id);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Nueva reservacion de Sesion de prueba - Dra. Ana Ruiz',
    ]);
    const cancelled = await post(`/api/sessions/${row!.id}/cancel`, boss.cookie);
    expect(cancelled.json()).toMatchObject({ refunded: 0, balance: null, isCourtesy: true });
  });

  it.each([['Ana'], ['      '], ['<b>Ana María</b>']])(
    'refuses the courtesy name %j: "Nombre de cortesía es requerido y debe tener al menos 6 caracteres."',
    async (courtesyName) => {
      const p = await place();
      const res = await post('/api/staff/sessions', boss.cookie, {
        ...slot(p),
        for: 'courtesy',
        courtesyName,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(m.courtesyName);
    },
  );

  it('refuses an unknown or inactive client', async () => {
    const p = await place();
    const inactive = await createUser(t.db, { isActive: false, credits: 3 });
    const unknown = await post('/api/staff/sessions', boss.cookie, {
      ...slot(p),
      for: 'client',
      clientId: '0199a2b3-0000-7000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(m.userNotFound);
    const off = await post('/api/staff/sessions', boss.cookie, {
      ...slot(p),
      for: 'client',
      clientId: inactive.id,
    });
    expect(off.json().error.message).toBe(m.clientInactive);
  });
});

describe('staff screens', () => {
  it('list a day’s sessions, the cancelled ones only for the history, and draw the day grid', async () => {
    const p = await place();
    const patient = await loginAs(t, 'user', { credits: 3, name: 'Elena Ríos', phone: '5598765432' });
    const kept = (await post('/api/sessions', patient.cookie, slot(p, '2030-01-10', '10:00'))).json().session;
    const gone = (await post('/api/sessions', patient.cookie, slot(p, '2030-01-10', '11:00'))).json().session;
    await post(`/api/sessions/${gone.id}/cancel`, patient.cookie);
    await createRoomBlock(t.db, p.rooms[1]!, businessInstant('2030-01-10', '12:00'));
    const admin = await loginAs(t, 'admin');

    const day = await get(`/api/staff/sessions?date=2030-01-10&branchId=${p.branch.id}`, admin.cookie);
    expect(day.statusCode).toBe(200);
    expect(day.json().rows).toEqual([
      expect.objectContaining({
        id: kept.id,
        hour: '10:00',
        holderName: 'Elena Ríos',
        phone: '5598765432',
        bookedByName: 'Elena Ríos',
        cancelledAt: null,
        timing: 'beyond',
      }),
    ]);
    const history = await get(
      `/api/staff/sessions?date=2030-01-10&branchId=${p.branch.id}&includeCancelled=true`,
      admin.cookie,
    );
    expect(history.json().total).toBe(2);

    const grid = await get(`/api/staff/sessions/grid?date=2030-01-10&branchId=${p.branch.id}`, admin.cookie);
    const cells = grid.json().cells as {
      roomId: string;
      hour: string;
      state: string;
      label: string | null;
    }[];
    const cell = (room: number, hour: string) =>
      cells.find((c) => c.roomId === p.rooms[room]!.id && c.hour === hour);
    expect(grid.json().hours).toHaveLength(13);
    expect(cell(0, '10:00')).toMatchObject({ state: 'booked', label: 'Elena Ríos' });
    expect(cell(0, '11:00')).toMatchObject({ state: 'free' });
    expect(cell(1, '12:00')).toMatchObject({ state: 'blocked' });
  });
});

describe('the client’s own sessions', () => {
  it('say which can still be cancelled, and give each as a calendar file', async () => {
    const p = await place();
    const { cookie } = await client(3);
    const beyond = (await post('/api/sessions', cookie, slot(p, '2030-01-09', '10:00'))).json().session;
    const almost = (await post('/api/sessions', cookie, slot(p, '2030-01-08', '09:00'))).json().session;
    const mine = (await get('/api/me/sessions?sort=startsAt&dir=asc', cookie)).json().rows;
    expect(mine.find((s: { id: string }) => s.id === beyond.id)).toMatchObject({
      timing: 'beyond',
      canCancel: true,
    });
    expect(mine.find((s: { id: string }) => s.id === almost.id)).toMatchObject({
      timing: 'almost',
      canCancel: false,
    });

    const ics = await get(`/api/me/sessions/${beyond.id}/calendar`, cookie);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(readInvite(ics.body)).toMatchObject({ uid: beyond.id, method: 'REQUEST' });
    const other = await client(0);
    expect((await get(`/api/me/sessions/${beyond.id}/calendar`, other.cookie)).statusCode).toBe(404);
  });
});
