import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createBranch, createRoom, createSession, FACTORY_PASSWORD } from '@sala/db/factories/factories';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { whatsappConsents, whatsappMessages } from '@sala/db/schema/messaging';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { whatsappMessages as m, WHATSAPP_PURPOSE } from '@sala/shared/whatsapp/whatsapp.messages';
import { and, eq, like } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWhatsAppStandIn, type WhatsAppStandIn } from '../harness/whatsapp-stand-in';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { queueDueReminders } from '../src/modules/bookings/bookings.service';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

// Monday 7 January 2030, 09:30 in Mexico City.
const NOW = new Date('2030-01-07T15:30:00Z');
const HOUR = 3_600_000;
const SECRET = 'wa-test-secret';
let standIn: WhatsAppStandIn;
let t: TestApp;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  freezeClock(NOW);
  standIn = await startWhatsAppStandIn({ appSecret: SECRET, statuses: 'manual', clock: () => Date.now() });
  env = {
    WHATSAPP_TOKEN: standIn.token,
    WHATSAPP_PHONE_NUMBER_ID: standIn.phoneNumberId,
    WHATSAPP_APP_SECRET: SECRET,
    WHATSAPP_VERIFY_TOKEN: 'token-de-verificacion',
    WHATSAPP_API_URL: standIn.url,
  };
  t = await createTestApp({ env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  standIn.setWebhookUrl(
    `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/whatsapp/webhook`,
  );
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
  await standIn.close();
});
beforeEach(async () => {
  vi.setSystemTime(NOW);
  // Each test starts with nothing left to send by the one before.
  await t.app.whatsappWorker!.runOnce();
  standIn.reset();
});

const worker = () => t.app.whatsappWorker!;
const put = (cookie: string, enabled: boolean) =>
  t.app.inject({ method: 'PUT', url: '/api/me/whatsapp', headers: { cookie }, payload: { enabled } });
const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const messagesOf = (userId: string) =>
  t.db.select().from(whatsappMessages).where(eq(whatsappMessages.userId, userId));

let phones = 0;
/** A client with its own phone (the last four digits never 0000 unless asked: the stand-in's "not on WhatsApp"). */
async function client(options: { notOnWhatsApp?: boolean; credits?: number } = {}) {
  phones += 1;
  const phone = options.notOnWhatsApp
    ? `55${String(phones).padStart(4, '0')}0000`
    : `55${String(4000 + phones).padStart(8, '1')}`;
  return loginAs(t, 'user', { credits: options.credits ?? 5, phone, name: 'Ana María López' });
}
async function place() {
  const branch = await createBranch(t.db, { address: 'Colima 120, Roma Norte' });
  const room = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 1 });
  return { branch, room };
}
const book = (cookie: string, p: Awaited<ReturnType<typeof place>>, date = '2030-01-09', hour = '10:00') =>
  post('/api/sessions', cookie, { branchId: p.branch.id, roomId: p.room.id, date, hour });

describe('consent in Mi perfil (issue 43)', () => {
  it('is off until the client turns it on; on records date, notice version and number; off is one call', async () => {
    const c = await client();
    const before = (await t.call('GET', '/api/me/whatsapp', c.cookie)).json();
    expect(before).toMatchObject({ available: true, enabled: false, consentedAt: null, unreachable: null });
    expect(before.number).toMatch(/^\+52 55 /);
    const on = await put(c.cookie, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      enabled: true,
      consentedAt: NOW.toISOString(),
      noticeVersion: '2026-11-28',
    });
    const [row] = await t.db.select().from(whatsappConsents).where(eq(whatsappConsents.userId, c.user.id));
    expect(row).toMatchObject({ phone: `52${c.user.phone}`, noticeVersion: '2026-11-28', withdrawnAt: null });
    const off = await put(c.cookie, false);
    expect(off.json()).toMatchObject({ enabled: false });
    const [after] = await t.db.select().from(whatsappConsents).where(eq(whatsappConsents.userId, c.user.id));
    expect(after).toMatchObject({ withdrawnVia: 'profile', consentedAt: NOW });
    expect(WHATSAPP_PURPOSE).toContain('BAJA');
  });

  it('is in the client’s data download (ARCO access), with the messages written to them', async () => {
    const p = await place();
    const c = await client();
    await put(c.cookie, true);
    expect((await book(c.cookie, p, '2030-01-14', '09:00')).statusCode).toBe(201);
    const res = await t.call('GET', '/api/me/data-export', c.cookie);
    expect(res.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(res.rawPayload))['datos.json']!));
    expect(data.whatsapp.consentimiento).toMatchObject({
      number: expect.stringMatching(/^\+52 55 /),
      consentedAt: NOW.toISOString(),
      noticeVersion: '2026-11-28',
      withdrawnAt: null,
    });
    expect(data.whatsapp.mensajes).toHaveLength(1);
    expect(data.whatsapp.mensajes[0].text).toContain('Hola Ana, tu reservación está confirmada');
  });

  it('refuses a phone WhatsApp cannot take, with what to fix', async () => {
    const c = await loginAs(t, 'user', { phone: '12345' });
    const res = await put(c.cookie, true);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(m.phoneInvalid);
  });
});

describe('messages through the Cloud API stand-in (issue 43)', () => {
  it('a booking by a consenting client sends one template message with the right parameters; e-mail as always', async () => {
    const p = await place();
    const c = await client();
    await put(c.cookie, true);
    const booked = await book(c.cookie, p);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await worker().runOnce()).toEqual({ accepted: 1, failed: 0 });
    expect(await worker().runOnce()).toEqual({ accepted: 0, failed: 0 });
    expect(standIn.received).toHaveLength(1);
    expect(standIn.received[0]).toMatchObject({
      to: `52${c.user.phone}`,
      template: 'reservacion_confirmada',
      language: 'es_MX',
      parameters: [
        'Ana',
        'miércoles 9 de enero de 2030, de 10:00 a 11:00',
        'Sala 1',
        p.branch.name,
        'Colima 120, Roma Norte',
        expect.stringMatching(/\/perfil$/),
      ],
    });
    const [row] = await messagesOf(c.user.id);
    expect(row).toMatchObject({ status: 'accepted', wamid: standIn.received[0]!.wamid, attempts: 1 });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, c.user.email));
    expect(mails.map((mail) => mail.subject)).toContain('Reservacion confirmada');
  });

  it('sends nothing to a client who did not turn it on, or turned it off', async () => {
    const p = await place();
    const never = await client();
    const stopped = await client();
    await put(stopped.cookie, true);
    await put(stopped.cookie, false);
    expect((await book(never.cookie, p, '2030-01-09', '11:00')).statusCode).toBe(201);
    expect((await book(stopped.cookie, p, '2030-01-09', '12:00')).statusCode).toBe(201);
    await worker().runOnce();
    expect(await messagesOf(never.user.id)).toEqual([]);
    expect(await messagesOf(stopped.user.id)).toEqual([]);
    expect(standIn.attempts).toBe(0);
  });

  it('tries again after a 5xx and a 429, and sends the message once', async () => {
    const p = await place();
    const c = await client();
    await put(c.cookie, true);
    await book(c.cookie, p, '2030-01-10', '10:00');
    standIn.failNext(1);
    expect(await worker().runOnce()).toEqual({ accepted: 0, failed: 1 });
    const [waiting] = await messagesOf(c.user.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, errorCode: 131000 });
    // Not due yet: nothing is tried.
    expect(await worker().runOnce()).toEqual({ accepted: 0, failed: 0 });
    vi.setSystemTime(NOW.getTime() + 2 * 60_000);
    standIn.rateLimitNext(1);
    expect(await worker().runOnce()).toEqual({ accepted: 0, failed: 1 });
    expect((await messagesOf(c.user.id))[0]).toMatchObject({
      status: 'pending',
      attempts: 2,
      errorCode: 130429,
    });
    vi.setSystemTime(NOW.getTime() + 10 * 60_000);
    expect(await worker().runOnce()).toEqual({ accepted: 1, failed: 0 });
    expect(standIn.received).toHaveLength(1);
    expect(standIn.attempts).toBe(3);
    expect((await messagesOf(c.user.id))[0]).toMatchObject({
      status: 'accepted',
      attempts: 3,
      lastError: null,
    });
  });

  it('follows statuses that arrive out of order to the furthest one', async () => {
    const p = await place();
    const c = await client();
    await put(c.cookie, true);
    await book(c.cookie, p, '2030-01-11', '10:00');
    await worker().runOnce();
    const { wamid } = standIn.received[0]!;
    expect(await standIn.sendStatus(wamid, 'read')).toBe(200);
    expect(await standIn.sendStatus(wamid, 'sent')).toBe(200);
    expect(await standIn.sendStatus(wamid, 'delivered')).toBe(200);
    const [row] = await messagesOf(c.user.id);
    expect(row!.status).toBe('read');
  });

  it('marks a number WhatsApp cannot reach, and the client sees it in Mi perfil', async () => {
    const p = await place();
    const c = await client({ notOnWhatsApp: true });
    await put(c.cookie, true);
    await book(c.cookie, p, '2030-01-11', '11:00');
    await worker().runOnce();
    const { wamid } = standIn.received[0]!;
    await standIn.sendStatus(wamid, 'failed', [
      {
        code: 131026,
        title: 'Message undeliverable',
        message: 'Message undeliverable',
        error_data: { details: 'Message Undeliverable.' },
        href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
      },
    ]);
    expect((await messagesOf(c.user.id))[0]).toMatchObject({ status: 'failed', errorCode: 131026 });
    const mine = (await t.call('GET', '/api/me/whatsapp', c.cookie)).json();
    expect(mine.unreachable).toMatchObject({ reason: m.unreachable });
    // A late "sent" changes nothing; turning it on again clears the warning.
    await standIn.sendStatus(wamid, 'sent');
    expect((await messagesOf(c.user.id))[0]!.status).toBe('failed');
    expect((await put(c.cookie, true)).json().unreachable).toBeNull();
  });

  it('refuses a forged or unsigned webhook with 401 and changes nothing', async () => {
    const p = await place();
    const c = await client();
    await put(c.cookie, true);
    await book(c.cookie, p, '2030-01-11', '12:00');
    await worker().runOnce();
    const { wamid } = standIn.received[0]!;
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: { statuses: [{ id: wamid, status: 'read', timestamp: '1894000000' }] },
            },
          ],
        },
      ],
    });
    const forged = `sha256=${createHmac('sha256', 'otro-secreto').update(body).digest('hex')}`;
    for (const headers of [{}, { 'x-hub-signature-256': forged }, { 'x-hub-signature-256': 'sha256=zz' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/whatsapp/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    }
    expect((await messagesOf(c.user.id))[0]!.status).toBe('accepted');
    const signed = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signed },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect((await messagesOf(c.user.id))[0]!.status).toBe('read');
  });

  it('turns WhatsApp off when the client answers BAJA', async () => {
    const c = await client();
    await put(c.cookie, true);
    const reply = await standIn.receiveText(`52${c.user.phone}`, 'Baja');
    expect(reply.status).toBe(200);
    const [row] = await t.db.select().from(whatsappConsents).where(eq(whatsappConsents.userId, c.user.id));
    expect(row).toMatchObject({ withdrawnVia: 'reply' });
    expect((await t.call('GET', '/api/me/whatsapp', c.cookie)).json().enabled).toBe(false);
  });

  it('answers Meta’s verification handshake only with the verify token', async () => {
    expect(await standIn.verifyWebhook('token-de-verificacion')).toMatchObject({ status: 200 });
    const ok = await standIn.verifyWebhook('token-de-verificacion');
    expect(ok.body).toBe(ok.challenge);
    expect((await standIn.verifyWebhook('otro')).status).toBe(403);
  });

  it('sends a cancellation; a confirmation not yet sent then is dropped with it', async () => {
    const p = await place();
    const c = await client();
    await put(c.cookie, true);
    const first = (await book(c.cookie, p, '2030-01-12', '10:00')).json().session;
    await worker().runOnce();
    expect((await post(`/api/sessions/${first.id}/cancel`, c.cookie)).statusCode).toBe(200);
    await worker().runOnce();
    expect(standIn.received.map((sent) => sent.template)).toEqual([
      'reservacion_confirmada',
      'reservacion_cancelada',
    ]);
    expect(standIn.received[1]!.parameters.at(-1)).toBe('1');
    // Booked and cancelled before the worker ran: only the cancellation goes.
    standIn.reset();
    const second = (await book(c.cookie, p, '2030-01-12', '11:00')).json().session;
    expect((await post(`/api/sessions/${second.id}/cancel`, c.cookie)).statusCode).toBe(200);
    await worker().runOnce();
    expect(standIn.received.map((sent) => sent.template)).toEqual(['reservacion_cancelada']);
  });

  it('fails a message WhatsApp refuses for good (its parameters) and retries what the business can fix', async () => {
    const c = await client();
    await put(c.cookie, true);
    const row = (template: string, params: string[], key: string) => ({
      userId: c.user.id,
      toPhone: `52${c.user.phone}`,
      template,
      params,
      dedupeKey: `test:${key}:${c.user.id}`,
    });
    await t.db.insert(whatsappMessages).values(row('reservacion_cancelada', ['Ana'], 'params'));
    expect(await worker().runOnce()).toEqual({ accepted: 0, failed: 1 });
    expect((await messagesOf(c.user.id))[0]).toMatchObject({ status: 'failed', errorCode: 132000 });
    // A template Meta has not approved yet: the owner fixes it, so the message waits for its next attempt.
    await t.db.insert(whatsappMessages).values(row('plantilla_por_aprobar', ['x'], 'template'));
    expect(await worker().runOnce()).toEqual({ accepted: 0, failed: 1 });
    const waiting = (await messagesOf(c.user.id)).find(
      (message) => message.template === 'plantilla_por_aprobar',
    );
    expect(waiting).toMatchObject({ status: 'pending', errorCode: 132001, attempts: 1 });
    await t.db.delete(whatsappMessages).where(eq(whatsappMessages.id, waiting!.id));
  });

  it('sends nothing once the client withdraws, nor after the session started', async () => {
    const p = await place();
    const c = await client();
    await put(c.cookie, true);
    await book(c.cookie, p, '2030-01-10', '13:00');
    // Meta is down when the confirmation is first tried; the client says BAJA before the retry.
    standIn.failNext(1);
    await worker().runOnce();
    await standIn.receiveText(`52${c.user.phone}`, 'BAJA');
    vi.setSystemTime(NOW.getTime() + 10 * 60_000);
    expect(await worker().runOnce()).toEqual({ accepted: 0, failed: 0 });
    expect(standIn.received).toHaveLength(0);
    expect(await messagesOf(c.user.id)).toEqual([]);

    // On again; a booking whose message is still waiting when its session starts is failed, never sent late.
    vi.setSystemTime(NOW);
    await put(c.cookie, true);
    await book(c.cookie, p, '2030-01-07', '11:00');
    standIn.failNext(1);
    await worker().runOnce();
    vi.setSystemTime(new Date('2030-01-07T17:01:00Z'));
    expect(await worker().runOnce()).toEqual({ accepted: 0, failed: 0 });
    expect(standIn.received).toHaveLength(0);
    const [late] = await messagesOf(c.user.id);
    expect(late).toMatchObject({ status: 'failed', lastError: m.expired });
  });

  it('asks WhatsApp to repeat a status that arrives before its message is recorded', async () => {
    const body = (timestamp: number) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            changes: [
              {
                field: 'messages',
                value: {
                  statuses: [{ id: 'wamid.desconocido', status: 'delivered', timestamp: String(timestamp) }],
                },
              },
            ],
          },
        ],
      });
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/whatsapp/webhook',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(payload).digest('hex')}`,
        },
        payload,
      });
    const early = await send(body(Math.floor(NOW.getTime() / 1000) - 5));
    expect(early.statusCode).toBe(503);
    expect(early.json().error.message).toBe(m.statusTooEarly);
    // One of long ago names no message of ours: taken, and nothing changes.
    expect((await send(body(Math.floor(NOW.getTime() / 1000) - 3600))).statusCode).toBe(200);
    const bad = 'no es json';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(bad).digest('hex')}`,
      },
      payload: bad,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(m.bodyInvalid);
  });

  it('stops the calendar address and WhatsApp when the client closes the account', async () => {
    const c = await client({ credits: 0 });
    await put(c.cookie, true);
    const { url } = (await post('/api/me/calendar-feed', c.cookie)).json();
    const path = new URL(url).pathname;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const closed = await post('/api/me/account/close', c.cookie, { password: FACTORY_PASSWORD });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const [consent] = await t.db
      .select()
      .from(whatsappConsents)
      .where(eq(whatsappConsents.userId, c.user.id));
    expect(consent!.withdrawnAt).not.toBeNull();
  });

  it('shows the super admin every message with its state (Mensajes)', async () => {
    const superAdmin = await loginAs(t, 'superadmin');
    const res = await t.call('GET', '/api/whatsapp/messages?pageSize=50&dir=desc', superAdmin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.channel).toBe(true);
    expect(page.rows.length).toBeGreaterThan(0);
    const read = page.rows.find((row: { status: string }) => row.status === 'read');
    expect(read).toMatchObject({ templateTitle: 'Reservación confirmada', clientName: 'Ana María López' });
    expect(read.text).toContain('Hola Ana, tu reservación está confirmada');
    // Searched by the client's name or by digits of the number.
    const byName = (
      await t.call('GET', '/api/whatsapp/messages?q=mar%C3%ADa%20l%C3%B3pez', superAdmin.cookie)
    ).json();
    expect(byName.total).toBe(page.total);
    const byNumber = await t.call('GET', `/api/whatsapp/messages?q=${read.to.slice(-4)}`, superAdmin.cookie);
    expect(byNumber.json().rows.map((row: { id: string }) => row.id)).toContain(read.id);
    expect((await t.call('GET', '/api/whatsapp/messages?q=nadie', superAdmin.cookie)).json().total).toBe(0);
    expect(
      (await t.call('GET', '/api/whatsapp/messages', (await loginAs(t, 'admin')).cookie)).statusCode,
    ).toBe(403);
  });
});

describe('the 24-hour reminder (issue 43)', () => {
  it('goes once per session by WhatsApp too, even with two processes running the job and the worker', async () => {
    const p = await place();
    const c = await client();
    await put(c.cookie, true);
    const session = await createSession(t.db, p.room, {
      userId: c.user.id,
      startsAt: new Date(NOW.getTime() + 30 * HOUR),
      createdAt: new Date(NOW.getTime() - 10 * HOUR),
    });
    const second: App = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', ...env }),
      database: t.database,
    });
    await second.ready();
    try {
      const at = new Date(NOW.getTime() + 7 * HOUR);
      vi.setSystemTime(at);
      const runs = await Promise.all([
        queueDueReminders({ db: t.db, notify: t.app.notify, now: at }),
        queueDueReminders({ db: t.db, notify: second.notify, now: at }),
        queueDueReminders({ db: t.db, notify: t.app.notify, now: at }),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      await Promise.all([worker().runOnce(), second.whatsappWorker!.runOnce()]);
      const reminders = standIn.received.filter((sent) => sent.template === 'recordatorio_sesion');
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.parameters.slice(2, 5)).toEqual([
        'Sala 1',
        p.branch.name,
        'Colima 120, Roma Norte',
      ]);
      const rows = await t.db
        .select()
        .from(whatsappMessages)
        .where(
          and(eq(whatsappMessages.userId, c.user.id), like(whatsappMessages.dedupeKey, 'wa:reminder:%')),
        );
      expect(rows.map((row) => row.dedupeKey)).toEqual([`wa:reminder:${session.id}`]);
    } finally {
      await second.close();
    }
  });
});
