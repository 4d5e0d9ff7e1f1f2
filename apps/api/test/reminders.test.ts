import { createRoom, createSession, createUser } from '@sala/db/factories/factories';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { roomSessions } from '@sala/db/schema/sessions';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDueReminders } from '../src/modules/bookings/bookings.service';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://reservas.example.mx' } });
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
// The scheduler's clock: a fixed instant, so the test never depends on when it runs.
const NOW = new Date('2031-03-10T15:00:00Z');
const run = (now: Date) => queueDueReminders({ db: t.db, notify: t.app.notify, now });
const reminders = () => t.db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, 'reminder:%'));

describe('24-hour reminders (the clock as a parameter)', () => {
  it('sessions at 23 h and 25 h, cancelled, courtesy and booked late get exactly what they should, once', async () => {
    const room = await createRoom(t.db);
    const client = await createUser(t.db, { name: 'Ana Recordatorio' });
    const bookedEarly = new Date(NOW.getTime() - 3 * 24 * HOUR);
    const in23h = await createSession(t.db, room, {
      userId: client.id,
      startsAt: new Date(NOW.getTime() + 23 * HOUR),
      createdAt: bookedEarly,
    });
    const in25h = await createSession(t.db, room, {
      startsAt: new Date(NOW.getTime() + 25 * HOUR),
      createdAt: bookedEarly,
    });
    const cancelled = await createSession(t.db, room, {
      startsAt: new Date(NOW.getTime() + 22 * HOUR),
      createdAt: bookedEarly,
      cancelledAt: new Date(NOW.getTime() - HOUR),
    });
    const courtesy = await createSession(t.db, room, {
      isCourtesy: true,
      startsAt: new Date(NOW.getTime() + 21 * HOUR),
      createdAt: bookedEarly,
    });
    // Booked 20 hours ahead: less than 24 h, so no reminder ever.
    const late = await createSession(t.db, room, {
      startsAt: new Date(NOW.getTime() + 20 * HOUR),
      createdAt: new Date(NOW.getTime()),
    });
    const past = await createSession(t.db, room, {
      startsAt: new Date(NOW.getTime() - HOUR),
      createdAt: bookedEarly,
    });

    expect(await run(NOW)).toBe(1);
    expect(await run(NOW)).toBe(0); // the second run of the scheduler queues nothing again
    let rows = await reminders();
    expect(rows.map((r) => r.dedupeKey)).toEqual([`reminder:${in23h.id}`]);
    expect(rows[0]).toMatchObject({
      toAddress: client.email,
      subject: 'Recordatorio: tu sesión es mañana',
      status: 'pending',
    });
    expect(rows[0]!.text).toContain('Hola, Ana Recordatorio.');
    expect(rows[0]!.text).toContain(`Sala: ${room.name}`);

    // Two hours later the 25-hour session is within 24 h: its reminder, once, across two runs.
    const later = new Date(NOW.getTime() + 2 * HOUR);
    expect(await run(later)).toBe(1);
    expect(await run(later)).toBe(0);
    rows = await reminders();
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual(
      [`reminder:${in23h.id}`, `reminder:${in25h.id}`].sort(),
    );
    for (const session of [cancelled, courtesy, late, past]) {
      expect(rows.some((r) => r.dedupeKey === `reminder:${session.id}`)).toBe(false);
    }
  });

  it('a session cancelled after its reminder was queued (not yet sent) loses it; the outbox keeps one per key', async () => {
    const { cookie } = await loginAs(t, 'superadmin');
    const room = await createRoom(t.db);
    const session = await createSession(t.db, room, {
      startsAt: new Date(Date.now() + 23 * HOUR),
      createdAt: new Date(Date.now() - 2 * 24 * HOUR),
    });
    expect(await run(new Date())).toBe(1);
    const key = `reminder:${session.id}`;
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key))).toHaveLength(1);

    // Even if the session were claimed again, the outbox holds one message per key.
    await t.db.update(roomSessions).set({ remindedAt: null }).where(eq(roomSessions.id, session.id));
    expect(await run(new Date())).toBe(1);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key))).toHaveLength(1);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sessions/${session.id}/cancel`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key))).toHaveLength(0);
  });
});
