import { createBranch, createRoom, FACTORY_PASSWORD } from '@sala/db/factories/factories';
import { auditLog } from '@sala/db/schema/audit';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { creditLedger, creditLots, sessionCredits } from '@sala/db/schema/ledger';
import { roomSessions } from '@sala/db/schema/sessions';
import { users } from '@sala/db/schema/users';
import type { TCreditLot } from '@sala/shared/credits/credit-lots.contract';
import { creditLotMessages as lm } from '@sala/shared/credits/credit-lots.messages';
import { addDays, businessDate } from '@sala/shared/time/business-time';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { and, asc, eq, isNull, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../src/lib/sql-rows';
import { expireAccounts } from '../src/modules/credits/credits.service';
import { queueExpiryWarnings, runCreditExpiry } from '../src/modules/credits/expiry.service';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/**
 * Credits with an expiry (issue 44, design §15): lots spent soonest-expiry first, refunds back to their lot (an
 * expired one stays expired), the nightly expiry under a lease, the warnings once each, the super admin's extension,
 * and Σ lots = balance = Σ ledger after a random storm.
 */

// Monday 7 January 2030, 10:00 in Mexico City.
const NOW = new Date('2030-01-07T16:00:00Z');
const TODAY = '2030-01-07';
let t: TestApp;
let boss: { cookie: string; user: { id: string } };
beforeAll(async () => {
  freezeClock(NOW);
  t = await createTestApp();
  boss = await person('superadmin');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
beforeEach(() => {
  vi.setSystemTime(NOW);
});

/**
 * One request as `cookie`'s holder. A login ends after days of the frozen clock moving on: the holder signs in again
 * (same account) and the request is sent once more.
 */
const relogins = new Map<string, string>();
async function call(method: 'GET' | 'POST', url: string, cookie: string, payload?: object) {
  const send = (c: string) =>
    t.app.inject({ method, url, headers: { cookie: c }, ...(payload ? { payload } : {}) });
  const res = await send(relogins.get(cookie) ?? cookie);
  if (res.statusCode !== 401) return res;
  const email = emails.get(cookie)!;
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: FACTORY_PASSWORD },
    remoteAddress: `10.44.${relogins.size % 250}.1`,
  });
  const fresh = login.cookies.find((c) => c.name === 'sala_session')!;
  relogins.set(cookie, `sala_session=${fresh.value}`);
  return send(relogins.get(cookie)!);
}
const emails = new Map<string, string>();
/** A signed-in person whose requests survive the clock moving on. */
async function person(role: 'user' | 'superadmin', overrides: { credits?: number } = {}) {
  const signed = await loginAs(t, role, overrides);
  emails.set(signed.cookie, signed.user.email);
  return signed;
}

/** The super admin adds credits to a client, with a last day or none (the adjustment's lot). */
async function give(userId: string, delta: number, expiresOn: string | null) {
  const res = await call('POST', `/api/users/${userId}/credits`, boss.cookie, {
    delta,
    reason: 'Paquete de prueba',
    expiresOn,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function place(sessionCost = 1) {
  const branch = await createBranch(t.db, { sessionCost });
  const room = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 1 });
  const other = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 2 });
  return { branch, rooms: [room, other] };
}
type Place = Awaited<ReturnType<typeof place>>;

async function book(p: Place, cookie: string, date: string, hour = '10:00', room = 0) {
  return call('POST', '/api/sessions', cookie, {
    branchId: p.branch.id,
    roomId: p.rooms[room]!.id,
    date,
    hour,
  });
}

const myLots = async (cookie: string) =>
  (await call('GET', '/api/me/credit-lots', cookie)).json() as { today: string; lots: TCreditLot[] };

async function balance(userId: string) {
  const [row] = await t.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}

const ledgerOf = (userId: string) =>
  t.db
    .select({
      reason: creditLedger.reason,
      delta: creditLedger.delta,
      balanceAfter: creditLedger.balanceAfter,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(asc(creditLedger.createdAt), asc(creditLedger.id));

/** Every account's lots, balance and ledger agree; no lot below 0 or above what it granted. */
async function invariantsBroken() {
  const [row] = rowsOf<{ lots: number; ledger: number; bounds: number; held: number }>(
    await t.db.execute(sql`select
      (select count(*) from users u where u.credits <>
        coalesce((select sum(remaining) from credit_lots l where l.user_id = u.id), 0))::int as "lots",
      (select count(*) from users u where u.credits <>
        coalesce((select sum(delta) from credit_ledger l where l.user_id = u.id), 0))::int as "ledger",
      (select count(*) from credit_lots where remaining < 0 or remaining > credits)::int as "bounds",
      (select count(*) from room_sessions s where s.cancelled_at is null and s.user_id is not null
        and s.credits_charged <> coalesce((select sum(credits) from session_credits h where h.session_id = s.id), 0))::int as "held"`),
  );
  return row!;
}

describe('spending and refunds', () => {
  it('a booking spends the lot that expires first, across lots; the summary of /perfil follows', async () => {
    const p = await place(2);
    const client = await person('user');
    await give(client.user.id, 2, null);
    await give(client.user.id, 1, addDays(TODAY, 20));
    await give(client.user.id, 1, addDays(TODAY, 5));
    const before = await myLots(client.cookie);
    expect(before.today).toBe(TODAY);
    expect(before.lots.map((lot) => [lot.remaining, lot.expiresOn])).toEqual([
      [1, addDays(TODAY, 5)],
      [1, addDays(TODAY, 20)],
      [2, null],
    ]);

    const booked = await book(p, client.cookie, '2030-01-09');
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().balance).toBe(2);
    // The 5-day lot and the 20-day lot paid; the never-expiring credits are left.
    expect((await myLots(client.cookie)).lots.map((lot) => [lot.remaining, lot.expiresOn])).toEqual([
      [2, null],
    ]);
    const held = await t.db
      .select({ credits: sessionCredits.credits })
      .from(sessionCredits)
      .where(eq(sessionCredits.sessionId, booked.json().session.id));
    expect(held.map((h) => h.credits)).toEqual([1, 1]);

    // Cancelled while both lots live: each credit goes back to its own lot.
    const cancelled = await call('POST', `/api/sessions/${booked.json().session.id}/cancel`, client.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refunded: 2, balance: 4 });
    expect((await myLots(client.cookie)).lots.map((lot) => [lot.remaining, lot.expiresOn])).toEqual([
      [1, addDays(TODAY, 5)],
      [1, addDays(TODAY, 20)],
      [2, null],
    ]);
    expect(await invariantsBroken()).toEqual({ lots: 0, ledger: 0, bounds: 0, held: 0 });
  });

  it('a refund into a lot that expired meanwhile stays expired, and the session said so before the cancel', async () => {
    const p = await place(1);
    const client = await person('user');
    await give(client.user.id, 1, addDays(TODAY, 1));
    await give(client.user.id, 1, null);
    const booked = await book(p, client.cookie, '2030-01-14');
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().session.id as string;
    const mine = async () =>
      (await call('GET', `/api/me/sessions/${id}`, client.cookie)).json() as { expiredCredits: number };
    expect((await mine()).expiredCredits).toBe(0);

    // Three days later the 1-day lot has passed its last day (the job has not run: it reads expired all the same).
    vi.setSystemTime(new Date('2030-01-10T16:00:00Z'));
    expect((await mine()).expiredCredits).toBe(1);
    const res = await call('POST', `/api/sessions/${id}/cancel`, client.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refunded: 0, balance: 1 });
    expect((await ledgerOf(client.user.id)).slice(-2)).toEqual([
      { reason: 'booking_refund', delta: 1, balanceAfter: 2 },
      { reason: 'expired', delta: -1, balanceAfter: 1 },
    ]);
    const lots = (await call('GET', `/api/users/${client.user.id}/credit-lots`, boss.cookie)).json() as {
      lots: TCreditLot[];
    };
    expect(lots.lots.map((lot) => [lot.status, lot.remaining, lot.expired])).toEqual([
      ['live', 1, 0],
      ['expired', 0, 1],
    ]);
    expect(await invariantsBroken()).toEqual({ lots: 0, ledger: 0, bounds: 0, held: 0 });
  });

  it('credits past their last day cannot pay, even before the night’s job: the booking is refused', async () => {
    const p = await place(1);
    const client = await person('user');
    await give(client.user.id, 1, TODAY);
    vi.setSystemTime(new Date('2030-01-08T16:00:00Z'));
    const res = await book(p, client.cookie, '2030-01-10');
    expect(res.statusCode).toBe(409);
    expect(await balance(client.user.id)).toBe(1);
    // The refused booking rolled back the inline expiry too: the job expires it.
    const run = await runCreditExpiry({ db: t.db, now: new Date('2030-01-08T16:00:00Z') }, { holder: 'a' });
    expect(run?.credits).toBeGreaterThanOrEqual(1);
    expect(await balance(client.user.id)).toBe(0);
  });

  it('a reschedule keeps the credits in their lots, and a later cancel returns them there', async () => {
    const p = await place(1);
    const client = await person('user');
    await give(client.user.id, 1, addDays(TODAY, 10));
    await give(client.user.id, 1, null);
    const booked = await book(p, client.cookie, '2030-01-09');
    const id = booked.json().session.id as string;
    const moved = await call('POST', `/api/sessions/${id}/reschedule`, client.cookie, {
      branchId: p.branch.id,
      roomId: p.rooms[0]!.id,
      date: '2030-01-10',
      hour: '11:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const newId = moved.json().session.id as string;
    const held = await t.db
      .select({ sessionId: sessionCredits.sessionId })
      .from(sessionCredits)
      .innerJoin(creditLots, eq(creditLots.id, sessionCredits.lotId))
      .where(eq(creditLots.userId, client.user.id));
    expect(held).toEqual([{ sessionId: newId }]);
    await call('POST', `/api/sessions/${newId}/cancel`, client.cookie);
    expect((await myLots(client.cookie)).lots.map((lot) => [lot.remaining, lot.expiresOn])).toEqual([
      [1, addDays(TODAY, 10)],
      [1, null],
    ]);
  });
});

describe('the nightly expiry', () => {
  it('two runs at once expire each lot once, one ledger row per lot; the day’s run is not repeated', async () => {
    const a = await person('user');
    const b = await person('user');
    await give(a.user.id, 3, addDays(TODAY, 1));
    await give(a.user.id, 2, addDays(TODAY, 2));
    await give(b.user.id, 4, addDays(TODAY, 1));
    await give(b.user.id, 1, null);
    // Thursday 10 January, 00:00:30 in Mexico City: both 1-day lots and the 2-day lot have ended.
    const midnight = new Date('2030-01-10T06:00:30Z');
    vi.setSystemTime(midnight);
    const runs = await Promise.all([
      runCreditExpiry({ db: t.db, now: midnight }, { holder: 'one', batchSize: 1 }),
      runCreditExpiry({ db: t.db, now: midnight }, { holder: 'two', batchSize: 1 }),
    ]);
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    // Even without the lease, two batches of the same accounts expire once (the accounts' row locks).
    await Promise.all([
      t.db.transaction((tx) => expireAccounts(tx, [a.user.id, b.user.id], midnight)),
      t.db.transaction((tx) => expireAccounts(tx, [b.user.id, a.user.id], midnight)),
    ]);
    // One transaction wrote both of a's rows (same instant): read them by the balance they left, highest first.
    const expiredRows = async (userId: string) =>
      (await ledgerOf(userId))
        .filter((row) => row.reason === 'expired')
        .sort((x, y) => y.balanceAfter - x.balanceAfter);
    expect(await expiredRows(a.user.id)).toEqual([
      { reason: 'expired', delta: -3, balanceAfter: 2 },
      { reason: 'expired', delta: -2, balanceAfter: 0 },
    ]);
    expect(await expiredRows(b.user.id)).toEqual([{ reason: 'expired', delta: -4, balanceAfter: 1 }]);
    expect(await runCreditExpiry({ db: t.db, now: midnight }, { holder: 'three' })).toBeNull();
    expect(await invariantsBroken()).toEqual({ lots: 0, ledger: 0, bounds: 0, held: 0 });
  });

  it('a run whose process died is taken over once its lease ends', async () => {
    const a = await person('user');
    await give(a.user.id, 2, TODAY);
    const day = '2030-01-20';
    await t.db.execute(sql`insert into credit_expiry_runs ("day", "holder", "leased_until")
      values (${day}, 'killed', '2030-01-20T06:01:00Z')`);
    const early = new Date('2030-01-20T06:00:30Z');
    expect(await runCreditExpiry({ db: t.db, now: early }, { holder: 'b' })).toBeNull();
    const later = new Date('2030-01-20T06:02:00Z');
    const run = await runCreditExpiry({ db: t.db, now: later }, { holder: 'b' });
    expect(run).not.toBeNull();
    expect(await balance(a.user.id)).toBe(0);
  });
});

describe('warnings before credits expire', () => {
  it('go 7 days and 1 day before, once each, from 09:00; a lot bought inside the window skips the 7-day one', async () => {
    const client = await person('user');
    await give(client.user.id, 3, '2030-01-17');
    const notify = t.app.notify;
    const mails = () =>
      t.db
        .select({ subject: emailOutbox.subject, key: emailOutbox.dedupeKey })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.toAddress, client.user.email),
            like(emailOutbox.dedupeKey, 'credits-expiring:%'),
          ),
        )
        .orderBy(asc(emailOutbox.createdAt));
    const at = (iso: string) => queueExpiryWarnings({ db: t.db, notify, now: new Date(iso) });

    // 9 January, 08:59: before the hour; 10 January (7 days before the 17th), 09:00: the first warning, once.
    await at('2030-01-09T14:59:00Z');
    await at('2030-01-10T14:59:00Z');
    expect(await mails()).toEqual([]);
    await Promise.all([at('2030-01-10T15:00:00Z'), at('2030-01-10T15:00:00Z')]);
    await at('2030-01-12T15:00:00Z');
    expect((await mails()).map((m) => m.subject)).toEqual([
      'Tus créditos vencen el jueves 17 de enero de 2030',
    ]);
    // 16 January: the 1-day warning, once.
    await at('2030-01-16T15:00:00Z');
    await at('2030-01-16T20:00:00Z');
    expect(await mails()).toHaveLength(2);

    // A lot bought 3 days before its last day: the 1-day warning only.
    vi.setSystemTime(new Date('2030-01-14T16:00:00Z'));
    const late = await person('user');
    await give(late.user.id, 1, '2030-01-17');
    await at('2030-01-14T16:00:00Z');
    await at('2030-01-16T15:00:00Z');
    const lateMails = await t.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, late.user.email));
    expect(lateMails.filter((m) => m.subject.includes('vence'))).toEqual([
      { subject: 'Tu crédito vence el jueves 17 de enero de 2030' },
    ]);
  });

  it('an extended lot is warned again for its new day; a spent one is not warned', async () => {
    const client = await person('user');
    await give(client.user.id, 2, '2030-01-15');
    const notify = t.app.notify;
    await queueExpiryWarnings({ db: t.db, notify, now: new Date('2030-01-08T15:00:00Z') });
    const [lot] = (await myLots(client.cookie)).lots;
    const extended = await call(
      'POST',
      `/api/users/${client.user.id}/credit-lots/${lot!.id}/extend`,
      boss.cookie,
      {
        expiresOn: '2030-01-31',
        reason: 'Incapacidad médica',
      },
    );
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().lot).toMatchObject({ expiresOn: '2030-01-31', remaining: 2, status: 'live' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'credits.extend'), eq(auditLog.entityId, client.user.id)));
    expect(audit).toMatchObject({
      before: { expiresOn: '2030-01-15', remaining: 2 },
      after: { expiresOn: '2030-01-31', reason: 'Incapacidad médica' },
    });
    await queueExpiryWarnings({ db: t.db, notify, now: new Date('2030-01-24T15:00:00Z') });
    const subjects = (
      await t.db
        .select({ subject: emailOutbox.subject })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, client.user.email))
    )
      .map((m) => m.subject)
      .filter((s) => s.includes('vencen'));
    expect(subjects).toEqual([
      'Tus créditos vencen el martes 15 de enero de 2030',
      'Tus créditos vencen el jueves 31 de enero de 2030',
    ]);
  });
});

describe('the super admin’s extension', () => {
  it('needs a later day and a live lot with an expiry; a reason is required', async () => {
    const client = await person('user');
    await give(client.user.id, 1, addDays(TODAY, 3));
    await give(client.user.id, 1, null);
    const [soon, never] = (await myLots(client.cookie)).lots;
    const extend = (lotId: string, body: object) =>
      call('POST', `/api/users/${client.user.id}/credit-lots/${lotId}/extend`, boss.cookie, body);
    const earlier = await extend(soon!.id, { expiresOn: addDays(TODAY, 2), reason: 'Viaje' });
    expect(earlier.statusCode).toBe(409);
    expect(earlier.json().error).toMatchObject({
      message: lm.extendLater,
      fields: { expiresOn: lm.extendLater },
    });
    const noReason = await extend(soon!.id, { expiresOn: addDays(TODAY, 30) });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(lm.reasonRequired);
    const neverEnds = await extend(never!.id, { expiresOn: addDays(TODAY, 30), reason: 'Viaje' });
    expect(neverEnds.statusCode).toBe(409);
    expect(neverEnds.json().error.message).toBe(lm.lotNotLive);
    const someoneElses = await call(
      'POST',
      `/api/users/${boss.user.id}/credit-lots/${soon!.id}/extend`,
      boss.cookie,
      { expiresOn: addDays(TODAY, 30), reason: 'Viaje' },
    );
    expect(someoneElses.statusCode).toBe(404);
    vi.setSystemTime(new Date('2030-01-12T16:00:00Z'));
    const gone = await extend(soon!.id, { expiresOn: '2030-02-28', reason: 'Viaje' });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error.message).toBe(lm.lotNotLive);
  });

  it('an adjustment that takes credits carries no last day', async () => {
    const client = await person('user', { credits: 2 });
    const res = await call('POST', `/api/users/${client.user.id}/credits`, boss.cookie, {
      delta: -1,
      reason: 'Corrección',
      expiresOn: addDays(TODAY, 3),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ expiresOn: lm.adjustExpiryOnlyAdding });
  });
});

describe('a storm of purchases, bookings, cancels and expiries', () => {
  it('keeps Σ lots = balance = Σ ledger, no lot below 0, each active session holding its cost (fixed seed)', async () => {
    const p = await place(1);
    const clients = [await person('user'), await person('user'), await person('user')];
    const dayOf = (offset: number) => addDays(TODAY, offset);
    const command = fc.oneof(
      fc.record({
        kind: fc.constant('grant' as const),
        who: fc.nat(2),
        credits: fc.integer({ min: 1, max: 3 }),
        validity: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
      }),
      fc.record({
        kind: fc.constant('book' as const),
        who: fc.nat(2),
        ahead: fc.integer({ min: 1, max: 6 }),
        hour: fc.constantFrom('09:00', '10:00', '11:00', '12:00'),
        room: fc.nat(1),
      }),
      fc.record({ kind: fc.constant('cancel' as const), who: fc.nat(2), pick: fc.nat(5) }),
      fc.record({ kind: fc.constant('night' as const), days: fc.integer({ min: 1, max: 3 }) }),
    );
    let offset = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 14 }), async (commands) => {
        for (const c of commands) {
          const today = dayOf(offset);
          if (c.kind === 'grant') {
            await give(
              clients[c.who]!.user.id,
              c.credits,
              c.validity === null ? null : addDays(today, c.validity),
            );
          } else if (c.kind === 'book') {
            const res = await book(p, clients[c.who]!.cookie, addDays(today, c.ahead), c.hour, c.room);
            expect(res.statusCode, res.body).toBeLessThan(500);
          } else if (c.kind === 'cancel') {
            const active = await t.db
              .select({ id: roomSessions.id })
              .from(roomSessions)
              .where(and(eq(roomSessions.userId, clients[c.who]!.user.id), isNull(roomSessions.cancelledAt)))
              .orderBy(asc(roomSessions.startsAt));
            const session = active[c.pick % Math.max(active.length, 1)];
            if (session) {
              const res = await call('POST', `/api/sessions/${session.id}/cancel`, clients[c.who]!.cookie);
              expect(res.statusCode, res.body).toBeLessThan(500);
            }
          } else {
            offset += c.days;
            const midnight = new Date(`${dayOf(offset)}T06:00:30Z`);
            vi.setSystemTime(midnight);
            await runCreditExpiry({ db: t.db, now: midnight }, { holder: 'storm' });
            vi.setSystemTime(new Date(`${dayOf(offset)}T16:00:00Z`));
          }
          expect(businessDate(new Date())).toBe(dayOf(offset));
        }
        expect(await invariantsBroken()).toEqual({ lots: 0, ledger: 0, bounds: 0, held: 0 });
      }),
      { seed: 44, numRuns: 12 },
    );
    const expired = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.reason, 'expired'));
    expect(expired[0]!.n).toBeGreaterThan(0);
  });
});
