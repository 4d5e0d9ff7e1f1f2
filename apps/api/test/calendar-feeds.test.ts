import { createBranch, createRoom, createSession } from '@sala/db/factories/factories';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { calendarFeeds } from '@sala/db/schema/messaging';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { and, desc, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readInvite } from './calendar-reader';
import { storedText } from './outbox';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

// Monday 7 January 2030, 09:30 in Mexico City.
const NOW = new Date('2030-01-07T15:30:00Z');
const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  freezeClock(NOW);
  t = await createTestApp();
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
/** The path of a feed address (the test app answers at any host). */
const pathOf = (url: string) => new URL(url).pathname;
const getFeed = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: pathOf(url), headers });

/** Every event of a feed as a calendar app reads it (ical.js, with the file's own VTIMEZONE). */
function readFeed(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return {
    method: calendar.getFirstPropertyValue('method'),
    zones: calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid')),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        sequence: event.sequence,
        status: vevent.getFirstPropertyValue('status') as string,
        tzid: event.startDate.zone?.tzid,
        start: event.startDate.toJSDate(),
        localStart: event.startDate.toString(),
        summary: event.summary,
        location: event.location,
        description: event.description,
      };
    }),
  };
}

const lastMailTo = async (to: string, subject: string) => {
  const [mail] = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.subject, subject)))
    .orderBy(desc(emailOutbox.createdAt));
  return mail!;
};

async function place() {
  const branch = await createBranch(t.db, { address: 'Colima 120, Roma Norte' });
  const rooms = [
    await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 1 }),
    await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 2 }),
  ];
  return { branch, rooms };
}

describe('a client’s calendar feed (issue 43)', () => {
  it('holds the sessions with the e-mails’ UIDs and sequences, moved and cancelled ones included', async () => {
    const p = await place();
    const client = await loginAs(t, 'user', { credits: 10, name: 'Ana María López' });
    expect((await t.call('GET', '/api/me/calendar-feed', client.cookie)).json()).toEqual({
      active: false,
      createdAt: null,
    });
    const made = await post('/api/me/calendar-feed', client.cookie);
    expect(made.statusCode, made.body).toBe(200);
    const address = made.json();
    expect(address.url).toMatch(/^http:\/\/localhost:\d+\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(address.webcalUrl).toBe(address.url.replace('http://', 'webcal://'));
    // Only the hash is kept.
    const [stored] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, client.user.id));
    expect(stored!.tokenHash).not.toContain(address.url.split('/').at(-1)!.replace('.ics', ''));

    const slot = (date: string, hour: string, room = 0) => ({
      branchId: p.branch.id,
      roomId: p.rooms[room]!.id,
      date,
      hour,
    });
    const kept = (await post('/api/sessions', client.cookie, slot('2030-01-09', '10:00'))).json().session;
    const toMove = (await post('/api/sessions', client.cookie, slot('2030-01-10', '11:00'))).json().session;
    const toCancel = (await post('/api/sessions', client.cookie, slot('2030-01-11', '12:00'))).json().session;
    const moved = await post(
      `/api/sessions/${toMove.id}/reschedule`,
      client.cookie,
      slot('2030-01-14', '16:00', 1),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await post(`/api/sessions/${toCancel.id}/cancel`, client.cookie)).statusCode).toBe(200);
    // A session of 40 days ago is out; one of 20 days ago is in; one cancelled 31 days ago is out.
    await createSession(t.db, p.rooms[0]!, {
      userId: client.user.id,
      startsAt: new Date(NOW.getTime() - 40 * DAY),
    });
    const recent = await createSession(t.db, p.rooms[0]!, {
      userId: client.user.id,
      startsAt: new Date(NOW.getTime() - 20 * DAY),
    });
    await createSession(t.db, p.rooms[1]!, {
      userId: client.user.id,
      startsAt: new Date(NOW.getTime() + 50 * DAY),
      cancelledAt: new Date(NOW.getTime() - 31 * DAY),
    });
    // Another client's session is never in it.
    await createSession(t.db, p.rooms[1]!, { startsAt: new Date(NOW.getTime() + 3 * DAY) });

    const res = await getFeed(address.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers.etag).toMatch(/^"f1\.[A-Za-z0-9_-]{8}\.[0-9a-f]{32}"$/);
    const feed = readFeed(res.body);
    expect(feed.method).toBeNull();
    expect(feed.zones).toEqual(['America/Mexico_City']);
    expect(res.body).toContain('DTSTART;TZID=America/Mexico_City:20300109T100000');
    expect(feed.events).toHaveLength(4);

    const byUid = new Map(feed.events.map((event) => [event.uid, event]));
    const confirmed = readInvite(
      storedText((await lastMailTo(client.user.email, 'Reservacion confirmada')).attachments[0]),
    );
    const keptInvite = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, client.user.email));
    const invites = keptInvite.flatMap((mail) => mail.attachments.map((a) => readInvite(storedText(a))));
    expect(confirmed.uid).toBeTruthy();
    // Each e-mailed event is the feed's event of the same UID, at its latest SEQUENCE.
    for (const uid of [kept.id, toMove.id, toCancel.id]) {
      const latest = invites
        .filter((invite) => invite.uid === uid)
        .sort((a, b) => b.sequence - a.sequence)[0]!;
      expect(byUid.get(uid), uid).toMatchObject({ sequence: latest.sequence, status: latest.status });
    }
    expect(byUid.get(kept.id)).toMatchObject({
      status: 'CONFIRMED',
      tzid: 'America/Mexico_City',
      localStart: '2030-01-09T10:00:00',
      start: new Date('2030-01-09T16:00:00Z'),
      summary: `Sesión en ${p.branch.name} · Sala 1`,
      location: `Sala 1, ${p.branch.name}, Colima 120, Roma Norte`,
    });
    expect(byUid.get(toMove.id)).toMatchObject({
      status: 'CONFIRMED',
      localStart: '2030-01-14T16:00:00',
      sequence: 1,
    });
    expect(byUid.get(toCancel.id)).toMatchObject({ status: 'CANCELLED', sequence: 1 });
    expect(byUid.get(recent.id)).toMatchObject({ status: 'CONFIRMED' });
  });

  it('answers 304 while nothing changed, and a new file once something did', async () => {
    const p = await place();
    const client = await loginAs(t, 'user', { credits: 5 });
    const { url } = (await post('/api/me/calendar-feed', client.cookie)).json();
    const first = await getFeed(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    // Asked again without a tag (most calendar apps): the same file, the same tag; a foreign tag is no match.
    const plain = await getFeed(url);
    expect(plain.body).toBe(first.body);
    expect(plain.headers.etag).toBe(etag);
    expect((await getFeed(url, { 'if-none-match': '"otra-version"' })).statusCode).toBe(200);
    const again = await getFeed(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await getFeed(url, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    await post('/api/sessions', client.cookie, {
      branchId: p.branch.id,
      roomId: p.rooms[0]!.id,
      date: '2030-01-09',
      hour: '10:00',
    });
    const changed = await getFeed(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(readFeed(changed.body).events).toHaveLength(1);
    // Without a tag too, the file this process wrote before is not served once the sessions changed.
    expect(readFeed((await getFeed(url)).body).events).toHaveLength(1);
  });

  it('stops the old address at once when the client changes it or turns it off; unknown tokens say nothing', async () => {
    const client = await loginAs(t, 'user');
    const old = (await post('/api/me/calendar-feed', client.cookie)).json();
    const fresh = (await post('/api/me/calendar-feed', client.cookie)).json();
    expect(fresh.url).not.toBe(old.url);
    const gone = await getFeed(old.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('not-found');
    expect((await getFeed(fresh.url)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/me/calendar-feed', client.cookie)).json().active).toBe(true);
    expect((await t.call('DELETE', '/api/me/calendar-feed', client.cookie)).statusCode).toBe(200);
    expect((await getFeed(fresh.url)).statusCode).toBe(404);
    for (const path of [
      `/calendario/${'x'.repeat(43)}.ics`,
      '/calendario/short.ics',
      `/calendario/${'x'.repeat(43)}`,
      '/calendario/%00.ics',
    ]) {
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(404);
    }
  });
});

describe('a branch’s staff feed (issue 43)', () => {
  it('is made and revoked by a super admin, and names clients by first name only', async () => {
    const p = await place();
    const superAdmin = await loginAs(t, 'superadmin');
    const admin = await loginAs(t, 'admin');
    const client = await loginAs(t, 'user', { name: 'Beatriz Salas Ortega', credits: 3 });
    expect((await post(`/api/branches/${p.branch.id}/calendar-feed`, admin.cookie)).statusCode).toBe(403);
    expect((await post(`/api/branches/${p.branch.id}/calendar-feed`, client.cookie)).statusCode).toBe(403);
    const made = await post(`/api/branches/${p.branch.id}/calendar-feed`, superAdmin.cookie);
    expect(made.statusCode, made.body).toBe(200);
    const listed = (await t.call('GET', '/api/branches/calendar-feeds', superAdmin.cookie)).json();
    expect(listed.items.find((item: { branchId: string }) => item.branchId === p.branch.id)).toMatchObject({
      active: true,
      branchName: p.branch.name,
    });

    await post('/api/sessions', client.cookie, {
      branchId: p.branch.id,
      roomId: p.rooms[1]!.id,
      date: '2030-01-09',
      hour: '10:00',
    });
    await createSession(t.db, p.rooms[0]!, { isCourtesy: true, startsAt: new Date(NOW.getTime() + DAY) });
    const res = await getFeed(made.json().url);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Salas');
    expect(res.body).not.toContain(client.user.email);
    const feed = readFeed(res.body);
    expect(feed.events.map((event) => event.summary).sort()).toEqual([
      'Sala 1 · Sesión de prueba',
      'Sala 2 · Beatriz',
    ]);

    expect(
      (await t.call('DELETE', `/api/branches/${p.branch.id}/calendar-feed`, superAdmin.cookie)).statusCode,
    ).toBe(200);
    expect((await getFeed(made.json().url)).statusCode).toBe(404);
    const audit = await t.call('GET', '/api/audit?action=calendar_feed.revoke', superAdmin.cookie);
    expect(audit.json().rows[0]).toMatchObject({ label: p.branch.name });
  });
});
