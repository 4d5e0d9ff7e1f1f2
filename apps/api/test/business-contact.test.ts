import { createRoom, createSession } from '@sala/db/factories/factories';
import { auditLog } from '@sala/db/schema/audit';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { businessSettings } from '@sala/db/schema/privacy';
import { passwordResetMessages } from '@sala/shared/auth/password-reset.messages';
import { bookingMessages } from '@sala/shared/bookings/bookings.messages';
import { legalMessages as m } from '@sala/shared/legal/legal.messages';
import { EXAMPLE_LEGAL_FACTS } from '@sala/shared/legal/legal-facts';
import { businessDate } from '@sala/shared/time/business-time';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDueReminders } from '../src/modules/bookings/bookings.service';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

// Issue 39: how clients reach the business (phone, WhatsApp, two social profiles) is a setting of the super admin,
// beside the legal facts, saved with or without them, and it goes into every "comunícate con la recepción".

let t: TestApp;
beforeAll(async () => {
  // No mail server: the outbox-only mode, whose messages must say how to reach the reception.
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call: TestApp['call'] = (...request) => t.call(...request);
const saveContact = async (payload: object) => {
  const { cookie } = await loginAs(t, 'superadmin');
  return call('PUT', '/api/legal/contact', cookie, payload);
};

const CONTACT = {
  phone: '5512345678',
  whatsapp: '5587654321',
  instagramUrl: 'https://www.instagram.com/salacomun',
  facebookUrl: 'https://www.facebook.com/salacomun',
};

describe('PUT /api/legal/contact', () => {
  it('saves the contact before any legal fact, as people write the numbers; anyone reads it (audited)', async () => {
    const before = await call('GET', '/api/legal');
    expect(before.json()).toMatchObject({
      facts: null,
      contact: { phone: null, whatsapp: null, instagramUrl: null, facebookUrl: null },
    });

    const saved = await saveContact({ ...CONTACT, phone: '55 1234 5678', whatsapp: '+52 55-8765-4321' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ facts: null, contact: CONTACT });
    const [row] = await t.db.select().from(businessSettings);
    expect(row).toMatchObject({ ...CONTACT, legalName: null, address: null, privacyEmail: null });
    expect((await call('GET', '/api/legal')).json()).toMatchObject({ facts: null, contact: CONTACT });

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'legal.contact'))
      .orderBy(desc(auditLog.at));
    expect(audit?.after).toMatchObject(CONTACT);
  });

  it('keeps the contact when the legal facts are saved, and the facts when the contact is', async () => {
    await saveContact(CONTACT);
    const { cookie } = await loginAs(t, 'superadmin');
    const facts = await call('PUT', '/api/legal', cookie, EXAMPLE_LEGAL_FACTS);
    expect(facts.json()).toMatchObject({ facts: EXAMPLE_LEGAL_FACTS, contact: CONTACT });
    const cleared = await saveContact({ phone: '', whatsapp: ' ', instagramUrl: null });
    expect(cleared.json()).toMatchObject({
      facts: EXAMPLE_LEGAL_FACTS,
      contact: { phone: null, whatsapp: null, instagramUrl: null, facebookUrl: null },
    });
  });

  it.each([
    [{ phone: '55 1234 567' }, 'phone', m.phoneDigits],
    [{ whatsapp: '1234' }, 'whatsapp', m.whatsappDigits],
    [{ instagramUrl: 'http://www.instagram.com/salacomun' }, 'instagramUrl', m.instagramInvalid],
    [{ instagramUrl: 'https://www.instagram.com/' }, 'instagramUrl', m.instagramInvalid],
    [{ facebookUrl: 'javascript:alert(1)' }, 'facebookUrl', m.facebookInvalid],
    [{ facebookUrl: 'facebook.com/salacomun' }, 'facebookUrl', m.facebookInvalid],
  ])('refuses %o in Spanish, under its field, and stores nothing', async (bad, field, message) => {
    await saveContact(CONTACT);
    const res = await saveContact({ ...CONTACT, ...bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid-argument', message });
    expect(res.json().error.fields?.[field]).toBe(message);
    expect((await call('GET', '/api/legal')).json().contact).toEqual(CONTACT);
  });

  it('is for the super admin alone', async () => {
    const { cookie } = await loginAs(t, 'admin');
    expect((await call('PUT', '/api/legal/contact', cookie, CONTACT)).statusCode).toBe(403);
    expect((await call('PUT', '/api/legal/contact', undefined, CONTACT)).statusCode).toBe(401);
  });

  it('the database keeps the legal facts all set or all missing', async () => {
    await expect(
      t.db.update(businessSettings).set({ address: null }).where(eq(businessSettings.id, 1)),
    ).rejects.toThrow();
  });
});

describe('"comunícate con la recepción" says how (issue 39)', () => {
  /** A client's session 20 hours ahead: too late to cancel or move. */
  async function almostSession() {
    const { user, cookie } = await loginAs(t, 'user');
    const room = await createRoom(t.db);
    const session = await createSession(t.db, room, {
      userId: user.id,
      startsAt: new Date(Date.now() + 20 * 3_600_000),
      createdAt: new Date(Date.now() - 3 * 86_400_000),
    });
    return { user, cookie, room, session };
  }

  it("refuses to cancel or move a session of the next 24 hours with the business's numbers", async () => {
    await saveContact(CONTACT);
    const { cookie, room, session } = await almostSession();
    const cancel = await call('POST', `/api/sessions/${session.id}/cancel`, cookie);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.message).toBe(
      'Las sesiones que empiezan en menos de 24 horas ya no se pueden cancelar. Comunícate con la recepción: llama al 55 1234 5678 o escribe por WhatsApp al 55 8765 4321.',
    );
    const move = await call('POST', `/api/sessions/${session.id}/reschedule`, cookie, {
      branchId: room.branchId,
      roomId: room.id,
      date: businessDate(new Date(Date.now() + 3 * 86_400_000)),
      hour: '10:00',
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().error.message).toBe(
      bookingMessages.tooLateToMove.replace(
        'Comunícate con la recepción.',
        'Comunícate con la recepción: llama al 55 1234 5678 o escribe por WhatsApp al 55 8765 4321.',
      ),
    );
  });

  it('the 24-hour reminder says how to reach the reception', async () => {
    await saveContact({ ...CONTACT, whatsapp: null });
    const { user } = await almostSession();
    await queueDueReminders({ db: t.db, notify: t.app.notify, now: new Date() });
    const [reminder] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(reminder?.subject).toBe('Recordatorio: tu sesión es mañana');
    expect(reminder?.text).toContain(
      'Si no puedes asistir, comunícate con la recepción (llama al 55 1234 5678).',
    );
  });

  it('a password reset on a site without e-mail tells the client how to reach the reception', async () => {
    await saveContact(CONTACT);
    const { user } = await loginAs(t, 'user');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: '10.39.4.1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(passwordResetMessages.resetNotSent(CONTACT));
    expect(res.json().message).toContain('llama al 55 1234 5678 o escribe por WhatsApp al 55 8765 4321');
    expect(res.json().message).not.toContain('personal del consultorio');
  });
});
