import { createBranch, createRoom } from '@sala/db/factories/factories';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { authMessages } from '@sala/shared/auth/auth.messages';
import { addDays, businessDate, businessInstant, weekdayOf } from '@sala/shared/time/business-time';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SmtpPeer, startSmtpPeer } from '../harness/smtp-peer';
import { oxxoBarcodeSize } from '../src/lib/barcode';
import { DEFAULT_RETRY_DELAYS_MS } from '../src/lib/retry-schedule';
import { createOutboxWorker } from '../src/modules/mail/outbox.worker';
import { OXXO_BARCODE_CID, paymentPendingEmail } from '../src/modules/mail/templates';
import type { PosReceipt } from '../src/ports/notify';
import { readCode128 } from './barcode-reader';
import { readInvite } from './calendar-reader';
import { enqueueEmails, storedText } from './outbox';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

// One app whose SMTP_URL points at a real local SMTP server; each test decides how that server answers.
let peer: SmtpPeer;
let t: TestApp;
let boss: Awaited<ReturnType<typeof loginAs>>;
const FROM = { name: 'Sala Común', email: 'reservas@sala.example.mx' };

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp({
    env: {
      SMTP_URL: peer.url,
      ADMIN_EMAIL: 'recepcion@example.test',
      MAIL_FROM: `${FROM.name} <${FROM.email}>`,
      PUBLIC_URL: 'https://reservas.example.mx',
    },
  });
  boss = await loginAs(t, 'superadmin');
});
afterAll(async () => {
  await t.close();
  await peer.stop();
});
beforeEach(async () => {
  await peer.restart();
  peer.answerWith(() => ({ accept: true }));
  peer.slowDown(0);
  peer.received.length = 0;
});

/** A bookable slot two or three days ahead (never a Sunday), 10:00 Mexico City. */
async function slot() {
  const branch = await createBranch(t.db);
  const room = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId });
  let date = addDays(businessDate(new Date()), 2);
  if (weekdayOf(date) === 0) date = addDays(date, 1);
  return { branchId: branch.id, roomId: room.id, date, hour: '10:00' };
}

async function book(credits = 3) {
  const client = await loginAs(t, 'user', { credits });
  const body = await slot();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: { cookie: client.cookie },
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return {
    client,
    body,
    answer: res.json() as { session: { id: string }; mailWarning: boolean; mailDelivery: string },
  };
}

const rowsTo = (addresses: string[]) =>
  t.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, addresses));

/** A worker of its own over the app's mailer, with the clock it is given: retries without waiting minutes. */
const workerAt = (at: () => Date) =>
  createOutboxWorker({ db: t.db, mailer: t.app.mailer, from: FROM, clock: at });

describe('a booking with an SMTP server', () => {
  it('delivers both e-mails at once: subjects, recipients, the logo inline and an .ics calendars read', async () => {
    const { client, body, answer } = await book();
    expect(answer.mailWarning).toBe(false);
    expect(answer.mailDelivery).toBe('sent');
    expect(peer.received).toHaveLength(2);

    const toClient = peer.received.find((m) => m.parsed.subject === 'Reservacion confirmada')!;
    const toAdmin = peer.received.find(
      (m) => m.parsed.subject === `Nueva reservacion de ${client.user.name}`,
    )!;
    expect(toClient.parsed.to).toMatchObject({ value: [{ address: client.user.email }] });
    expect(toAdmin.parsed.to).toMatchObject({ value: [{ address: 'recepcion@example.test' }] });
    expect(toClient.parsed.from).toMatchObject({ value: [{ address: FROM.email, name: FROM.name }] });

    const startsAt = businessInstant(body.date, body.hour);
    for (const mail of [toClient, toAdmin]) {
      const ics = mail.parsed.attachments.find((a) => a.contentType === 'text/calendar')!;
      expect(ics.filename).toBe('reservacion.ics');
      const invite = readInvite(ics.content.toString('utf8'));
      expect(invite).toMatchObject({
        method: 'REQUEST',
        uid: answer.session.id,
        tzid: 'America/Mexico_City',
        localStart: `${body.date}T10:00:00`,
      });
      expect(invite.start.toISOString()).toBe(startsAt.toISOString());
      expect(invite.end.getTime() - invite.start.getTime()).toBe(3_600_000);
      // The logo travels with the message; the HTML loads nothing from elsewhere.
      const logo = mail.parsed.attachments.find((a) => a.contentType === 'image/png')!;
      expect(logo.cid).toBe('logo@sala-comun');
      expect(mail.parsed.html).toContain('src="cid:logo@sala-comun"');
      expect(mail.parsed.html).not.toMatch(/src="https?:/);
      expect(mail.parsed.text).toContain(`Sala: `);
    }

    // Each message carries its outbox row's id as a stable Message-ID, and the row is sent.
    const rows = await rowsTo([client.user.email, 'recepcion@example.test']);
    const mine = rows.filter((row) => row.attachments.some((a) => storedText(a).includes(answer.session.id)));
    expect(mine).toHaveLength(2);
    for (const row of mine) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(peer.received.map((m) => m.messageId)).toContain(`<${row.id}@sala.example.mx>`);
    }
  });

  it('with the server down: the session is kept, the answer warns, and the worker delivers it once it is back', async () => {
    await peer.stop();
    const { client, answer } = await book();
    expect(answer.mailWarning).toBe(true);
    expect(answer.mailDelivery).toBe('delayed');
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/me/sessions',
      headers: { cookie: client.cookie },
    });
    expect(sessions.json().rows.map((s: { id: string }) => s.id)).toContain(answer.session.id);

    const [row] = await rowsTo([client.user.email]);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
    const retryAt = row!.nextAttemptAt.getTime();
    // About a minute after the attempt (the clock is read again when the failure is recorded).
    expect(retryAt - row!.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(60_000);
    expect(retryAt - row!.lastAttemptAt!.getTime()).toBeLessThan(65_000);

    await peer.restart();
    // Not due yet half a minute later; due after the first delay.
    expect(await workerAt(() => new Date(retryAt - 30_000)).runOnce()).toEqual({ sent: 0, failed: 0 });
    // Both messages are due by then (the admin's failure was recorded a moment after the client's).
    const later = await workerAt(() => new Date(retryAt + 10_000)).runOnce();
    expect(later.sent).toBeGreaterThanOrEqual(2);
    const delivered = peer.received.filter((m) => m.parsed.text?.includes(client.user.name));
    expect(delivered.map((m) => m.parsed.subject).sort()).toEqual([
      `Nueva reservacion de ${client.user.name}`,
      'Reservacion confirmada',
    ]);
    expect(await rowsTo([client.user.email])).toMatchObject([{ status: 'sent', attempts: 2 }]);
    // A later run sends nothing again.
    await workerAt(() => new Date(retryAt + 600_000)).runOnce();
    expect(peer.received.filter((m) => m.parsed.text?.includes(client.user.name))).toHaveLength(2);
  });

  it('a retried booking (same idempotency key) says how its e-mails stand now', async () => {
    await peer.stop();
    const client = await loginAs(t, 'user', { credits: 3 });
    const body = { ...(await slot()), idempotencyKey: '0199a2b3-0000-7000-8000-0000000f00d1' };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie: client.cookie },
        payload: body,
      });
    const first = await send();
    expect(first.json()).toMatchObject({ mailDelivery: 'delayed', mailWarning: true });
    const retried = await send();
    expect(retried.json()).toMatchObject({
      session: { id: first.json().session.id },
      mailDelivery: 'delayed',
      mailWarning: true,
    });
    await peer.restart();
    await workerAt(() => new Date(Date.now() + 3_600_000)).runOnce();
    expect((await send()).json()).toMatchObject({ mailDelivery: 'sent', mailWarning: false });
  });

  it('a server that answers 451 and then 250: delivered exactly once, after the first delay', async () => {
    const refused = new Set<string>();
    peer.answerWith((mail) => {
      if (refused.has(mail.messageId!)) return { accept: true };
      refused.add(mail.messageId!);
      return { accept: false, code: 451, message: '4.3.0 Intenta más tarde' };
    });
    const { client, answer } = await book();
    expect(answer.mailWarning).toBe(true);
    const [row] = await rowsTo([client.user.email]);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/^451/);

    await workerAt(() => new Date(row!.nextAttemptAt.getTime() + 1)).runOnce();
    await workerAt(() => new Date(row!.nextAttemptAt.getTime() + 3_600_000)).runOnce();
    const ids = peer.received.map((m) => m.messageId);
    expect(ids).toContain(`<${row!.id}@sala.example.mx>`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await rowsTo([client.user.email])).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('bounds the immediate attempt: a server that takes too long leaves the booking with the warning', async () => {
    // The server answers only when the test lets it: the attempt can only come back by its own bound.
    const release = peer.hold();
    const worker = createOutboxWorker({
      db: t.db,
      mailer: t.app.mailer,
      from: FROM,
      immediateTimeoutMs: 200,
    });
    const [id] = await enqueueEmails(t.db, [
      { to: 'lento@example.test', subject: 'Lento', html: '<p>x</p>', text: 'x' },
    ]);
    expect(await worker.deliverNow([id!])).toBe(false);
    const [waiting] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(waiting?.status).not.toBe('sent');
    // The send goes on in the background and is recorded when the server answers.
    release();
    await worker.stop();
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe("an OXXO voucher's e-mail (decision 043)", () => {
  it('is stored with its reference and reaches the server with the barcode drawn, inline, at the size its HTML says', async () => {
    const number = '93000262280785070190123456789012';
    const voucher = paymentPendingEmail(
      'oxxo@example.test',
      {
        name: 'Ana',
        folio: 12,
        lines: [{ name: 'Paquete', quantity: 1, amount: '$500' }],
        totalCents: 50_000,
        credits: 5,
        instructions: { kind: 'oxxo', number, hostedUrl: null, expiresAt: '2030-01-10T05:59:00.000Z' },
      },
      'https://reservas.example.mx/perfil/mis-pedidos',
      oxxoBarcodeSize(number),
    );
    const [id] = await enqueueEmails(t.db, [voucher]);
    const worker = createOutboxWorker({ db: t.db, mailer: t.app.mailer, from: FROM });
    expect(await worker.deliverNow([id!])).toBe(true);
    await worker.stop();

    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.attachments).toEqual([
      {
        filename: 'referencia-oxxo.png',
        contentType: 'image/png',
        cid: OXXO_BARCODE_CID,
        oxxoBarcode: number,
      },
    ]);
    const [received] = peer.received.filter((m) => m.parsed.subject === 'Tu ficha de pago OXXO · Sala Común');
    const barcode = received!.parsed.attachments.find((a) => a.cid === OXXO_BARCODE_CID)!;
    expect(barcode).toMatchObject({ contentType: 'image/png', filename: 'referencia-oxxo.png' });
    expect(await readCode128(barcode.content)).toBe(number);
    const [width, height] = [barcode.content.readUInt32BE(16), barcode.content.readUInt32BE(20)];
    expect(received!.parsed.html).toContain(`src="cid:${OXXO_BARCODE_CID}"`);
    expect(received!.parsed.html).toContain(`width="${width}" height="${height}"`);
  });
});

describe('the outbox insert, built once per count of rows (issue 46)', () => {
  it('writes each row with its own values, for one, two and five rows, again and again, and skips a dedupe key taken', async () => {
    const batch = (tag: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        to: `${tag}-${i}@example.test`,
        subject: `${tag} ${i}`,
        html: `<p>${tag} ${i}</p>`,
        text: `${tag} ${i}`,
        attachments:
          i === 0 ? [{ filename: `${tag}.txt`, contentType: 'text/plain', content: 'eA==' }] : undefined,
        headers: i === 1 ? { 'List-Unsubscribe': `<https://x.example/${tag}>` } : undefined,
        dedupeKey: `${tag}-${i}`,
      }));
    const written: string[] = [];
    try {
      for (const [tag, count] of [
        ['uno', 1],
        ['dos', 2],
        ['cinco', 5],
        ['otra-dos', 2],
        ['otro-uno', 1],
      ] as const) {
        const emails = batch(tag, count);
        const ids = await enqueueEmails(t.db, emails);
        expect(ids).toHaveLength(count);
        written.push(...ids);
        const rows = await t.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
        expect(
          rows
            .map((row) => ({
              to: row.toAddress,
              subject: row.subject,
              html: row.html,
              text: row.text,
              attachments: row.attachments,
              headers: row.headers,
              dedupeKey: row.dedupeKey,
            }))
            .sort((a, b) => a.to.localeCompare(b.to)),
        ).toEqual(
          emails.map((email) => ({
            ...email,
            attachments: email.attachments ?? [],
            headers: email.headers ?? {},
          })),
        );
      }
      // The same keys again, beside a new one: only the new one is written.
      const again = [...batch('dos', 2), ...batch('nueva', 1)];
      const ids = await enqueueEmails(t.db, again);
      written.push(...ids);
      expect(ids).toHaveLength(1);
      const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, ids[0]!));
      expect(row?.toAddress).toBe('nueva-0@example.test');
    } finally {
      await t.db.delete(emailOutbox).where(inArray(emailOutbox.id, written));
    }
  });
});

describe('the immediate attempt when a poller claimed the rows first (issue 20 point 1)', () => {
  // Rows left claimed or waiting would fall due under the later tests' clocks: each test's rows go away after it.
  const made: string[] = [];
  afterEach(async () => {
    await t.db.delete(emailOutbox).where(inArray(emailOutbox.id, made.splice(0)));
  });
  const letters = async (prefix: string) => {
    const ids = await enqueueEmails(t.db, [
      { to: `${prefix}-1@example.test`, subject: prefix, html: '<p>x</p>', text: 'x' },
      { to: `${prefix}-2@example.test`, subject: prefix, html: '<p>x</p>', text: 'x' },
    ]);
    made.push(...ids);
    return ids;
  };
  /** A worker of its own whose immediate attempt waits at most `ms`. */
  const immediateWorker = (ms: number) =>
    createOutboxWorker({ db: t.db, mailer: t.app.mailer, from: FROM, immediateTimeoutMs: ms });
  const pollerClaims = async (ids: string[]) => {
    const { claimEmails } = await import('../src/modules/mail/outbox.repository');
    const now = new Date();
    return claimEmails(t.db, { now, claimUntil: new Date(now.getTime() + 120_000), limit: 10, ids });
  };

  it('never says "sent" for messages another worker holds and has not delivered', async () => {
    const ids = await letters('tomado');
    expect(await pollerClaims(ids)).toHaveLength(2);
    const worker = immediateWorker(300);
    expect(await worker.deliverNow(ids)).toBe(false);
  });

  it('says "not yet" as soon as the other worker records a failure', async () => {
    const ids = await letters('fallido');
    const claimed = await pollerClaims(ids);
    const { markAttemptFailed } = await import('../src/modules/mail/outbox.repository');
    // A bound far beyond the assertion below: coming back in time can only be the failure's doing.
    const worker = immediateWorker(20_000);
    const answer = worker.deliverNow(ids);
    for (const row of claimed) {
      await markAttemptFailed(t.db, row.id, row.attempts, {
        error: 'ECONNREFUSED',
        at: new Date(Date.now() + 1_000),
        nextAttemptAt: new Date(Date.now() + 60_000),
      });
    }
    const started = Date.now();
    expect(await answer).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('says "sent" once the other worker has delivered them', async () => {
    const ids = await letters('entregado');
    const claimed = await pollerClaims(ids);
    const { markSent } = await import('../src/modules/mail/outbox.repository');
    // A bound far beyond the assertion below: coming back in time can only be the failure's doing.
    const worker = immediateWorker(20_000);
    const answer = worker.deliverNow(ids);
    for (const row of claimed) await markSent(t.db, row.id, row.attempts, new Date());
    expect(await answer).toBe(true);
  });
});

describe('mail queued while the server was down (issue 20 point 5)', () => {
  it('is sent as soon as one send succeeds again, not at its next retry a minute later', async () => {
    await peer.stop();
    const worker = createOutboxWorker({
      db: t.db,
      mailer: t.app.mailer,
      from: FROM,
      pollIntervalMs: 600_000,
    });
    const waiting = await enqueueEmails(t.db, [
      { to: 'espera-1@example.test', subject: 'En espera', html: '<p>x</p>', text: 'x' },
      { to: 'espera-2@example.test', subject: 'En espera', html: '<p>x</p>', text: 'x' },
    ]);
    const rows = () => t.db.select().from(emailOutbox).where(inArray(emailOutbox.id, waiting));
    try {
      worker.start();
      await expect
        .poll(async () => (await rows()).map((row) => row.attempts), { timeout: 5_000 })
        .toEqual([1, 1]);
      for (const row of await rows()) {
        expect(row.status).toBe('pending');
        expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(50_000);
      }

      await peer.restart();
      // A new message goes out at once (a booking's immediate attempt): the server is back.
      const [fresh] = await enqueueEmails(t.db, [
        { to: 'nuevo@example.test', subject: 'Nuevo', html: '<p>x</p>', text: 'x' },
      ]);
      expect(await worker.deliverNow([fresh!])).toBe(true);
      await expect
        .poll(async () => (await rows()).map((row) => row.status), { timeout: 3_000 })
        .toEqual(['sent', 'sent']);
      expect(peer.received.filter((m) => m.parsed.subject === 'En espera')).toHaveLength(2);
    } finally {
      await worker.stop();
    }
  });
});

describe('a message that cannot be built (no barcode to draw)', () => {
  it('fails alone: the retries waiting for the server keep their time, as the server never failed', async () => {
    const [waiting] = await enqueueEmails(t.db, [
      { to: 'espera@example.test', subject: 'En espera', html: '<p>x</p>', text: 'x' },
    ]);
    // Its first attempt found no server a second ago: the next success would bring it forward.
    const retryAt = new Date(Date.now() + 3_600_000);
    await t.db
      .update(emailOutbox)
      .set({
        attempts: 1,
        lastAttemptAt: new Date(Date.now() - 2_000),
        lastFailedAt: new Date(Date.now() - 1_000),
        lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
        nextAttemptAt: retryAt,
      })
      .where(eq(emailOutbox.id, waiting!));
    const [broken] = await enqueueEmails(t.db, [
      {
        to: 'ficha@example.test',
        subject: 'Ficha',
        html: '<p>x</p>',
        text: 'x',
        attachments: [
          {
            filename: 'referencia-oxxo.png',
            contentType: 'image/png',
            cid: OXXO_BARCODE_CID,
            oxxoBarcode: '',
          },
        ],
      },
    ]);
    const [fine] = await enqueueEmails(t.db, [
      { to: 'nuevo@example.test', subject: 'Nuevo', html: '<p>x</p>', text: 'x' },
    ]);
    const worker = createOutboxWorker({
      db: t.db,
      mailer: t.app.mailer,
      from: FROM,
      pollIntervalMs: 600_000,
    });
    try {
      expect(await worker.deliverNow([broken!])).toBe(false);
      expect(await worker.deliverNow([fine!])).toBe(true);
      const rows = await t.db
        .select()
        .from(emailOutbox)
        .where(inArray(emailOutbox.id, [waiting!, broken!]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(broken!)).toMatchObject({ status: 'pending', attempts: 1 });
      expect(byId.get(broken!)!.lastError).toContain('bar code text not specified');
      expect(byId.get(waiting!)).toMatchObject({ status: 'pending', nextAttemptAt: retryAt });
    } finally {
      await worker.stop();
      // Left pending, they would fall due in the tests below, whose workers run at later clocks.
      await t.db.delete(emailOutbox).where(inArray(emailOutbox.id, [waiting!, broken!]));
    }
  });
});

describe('a password reset with an SMTP server', () => {
  it('says the link was sent', async () => {
    const { user } = await loginAs(t, 'user');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: '10.66.0.1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(authMessages.resetSent);
  });
});

describe('a permanent refusal, and Reintentar in /admin/correos', () => {
  it('550 on every attempt: failed after the last one, listed with its error, retried by the super admin', async () => {
    peer.answerWith((mail) =>
      mail.subject === 'Rechazado'
        ? { accept: false, code: 550, message: '5.1.1 Buzón inexistente' }
        : { accept: true },
    );
    const [id] = await enqueueEmails(t.db, [
      { to: 'nadie@example.test', subject: 'Rechazado', html: '<p>Hola</p>', text: 'Hola' },
    ]);
    const state = async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!)))[0]!;
    const worker = (at: Date) =>
      createOutboxWorker({ db: t.db, mailer: t.app.mailer, from: FROM, clock: () => at });

    // The real schedule: each failure waits longer (1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h), then failed.
    // A second after it was written: the database stamps the row with microseconds, a JavaScript Date has only
    // milliseconds, so "now" on this side could still read a hair before the row's own "now".
    let at = new Date(Date.now() + 1_000);
    await worker(at).runOnce();
    for (const [i, delay] of DEFAULT_RETRY_DELAYS_MS.entries()) {
      const row = await state();
      expect(row).toMatchObject({ status: 'pending', attempts: i + 1 });
      expect(row.nextAttemptAt.getTime() - at.getTime()).toBe(delay);
      // A moment before it is due, nothing happens.
      expect(await worker(new Date(row.nextAttemptAt.getTime() - 1_000)).runOnce()).toEqual({
        sent: 0,
        failed: 0,
      });
      at = row.nextAttemptAt;
      await worker(at).runOnce();
    }
    const failed = await state();
    expect(failed).toMatchObject({ status: 'failed', attempts: 8 });
    expect(failed.lastError).toMatch(/^550 5\.1\.1 Buzón inexistente/);
    // Failed is final: the worker leaves it alone.
    await worker(new Date(at.getTime() + 7 * 86_400_000)).runOnce();
    expect(await state()).toMatchObject({ status: 'failed', attempts: 8 });
    expect(peer.received.filter((m) => m.parsed.subject === 'Rechazado')).toHaveLength(0);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/outbox?status=failed&q=nadie@example.test',
      headers: { cookie: boss.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().mailServer).toBe(true);
    expect(list.json().rows).toEqual([
      expect.objectContaining({
        id,
        status: 'failed',
        attempts: 8,
        lastError: expect.stringMatching(/^550/),
        nextAttemptAt: null,
        sentAt: null,
      }),
    ]);
    const pendingOnly = await t.app.inject({
      method: 'GET',
      url: '/api/outbox?status=pending&q=nadie@example.test',
      headers: { cookie: boss.cookie },
    });
    expect(pendingOnly.json().rows).toEqual([]);

    // Reintentar while the server still refuses: one more attempt, failed again.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/outbox/${id}/retry`,
      headers: { cookie: boss.cookie },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'failed', attempts: 9 });

    // Once the mailbox exists: delivered, once.
    peer.answerWith(() => ({ accept: true }));
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/outbox/${id}/retry`,
      headers: { cookie: boss.cookie },
    });
    expect(retried.json()).toMatchObject({ status: 'sent', attempts: 10, lastError: null });
    expect(peer.received.filter((m) => m.parsed.subject === 'Rechazado')).toHaveLength(1);

    // A sent message is not retried; an unknown one is not found.
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/outbox/${id}/retry`,
      headers: { cookie: boss.cookie },
    });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().error).toEqual({
      code: 'aborted',
      message: 'Solo se puede reintentar un correo fallido.',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/outbox/0199a2b3-0000-7000-8000-000000000abc/retry',
      headers: { cookie: boss.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'not-found', message: 'El correo no existe.' });
  });
});

describe('a process killed mid-send', () => {
  it('loses nothing: the claim expires and another worker sends the message', async () => {
    const [id] = await enqueueEmails(t.db, [
      { to: 'huerfano@example.test', subject: 'Huérfano', html: '<p>x</p>', text: 'x' },
    ]);
    // A second ahead, so the row (stamped by the database in microseconds) is surely due at t0.
    const t0 = Date.now() + 1_000;
    // A worker claims it and "dies": the row is held until the claim expires, then due again.
    const { claimEmails } = await import('../src/modules/mail/outbox.repository');
    const [claimed] = await claimEmails(t.db, {
      now: new Date(t0),
      claimUntil: new Date(t0 + 120_000),
      limit: 100,
      ids: [id!],
    });
    expect(claimed).toMatchObject({ id, attempts: 1 });
    expect(await workerAt(() => new Date(t0 + 60_000)).runOnce()).toEqual({ sent: 0, failed: 0 });
    await workerAt(() => new Date(t0 + 120_001)).runOnce();
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(peer.received.filter((m) => m.parsed.subject === 'Huérfano')).toHaveLength(1);
  });
});

describe('without SMTP_URL', () => {
  it('keeps every message, readable as "held" (never a pending one due in the past), and says so to whoever books', async () => {
    const plain = await createTestApp();
    try {
      const branch = await createBranch(plain.db);
      const room = await createRoom(plain.db, { branchId: branch.id, cityId: branch.cityId });
      let date = addDays(businessDate(new Date()), 2);
      if (weekdayOf(date) === 0) date = addDays(date, 1);
      const client = await loginAs(plain, 'user', { credits: 3 });
      const booked = await plain.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie: client.cookie },
        payload: { branchId: branch.id, roomId: room.id, date, hour: '10:00' },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      // Not "sent", not "delayed": nothing will ever be sent.
      expect(booked.json()).toMatchObject({ mailDelivery: 'off', mailWarning: false });

      const admin = await loginAs(plain, 'superadmin');
      const listed = await plain.app.inject({
        method: 'GET',
        url: '/api/outbox?pageSize=50',
        headers: { cookie: admin.cookie },
      });
      expect(listed.json().mailServer).toBe(false);
      const mine = listed.json().rows.filter((row: { to: string }) => row.to === client.user.email);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ status: 'held', nextAttemptAt: null, attempts: 0 });
      // The stored state is still pending: the filter finds it, and an SMTP server set later sends it.
      const filtered = await plain.app.inject({
        method: 'GET',
        url: '/api/outbox?status=pending&pageSize=50',
        headers: { cookie: admin.cookie },
      });
      expect(filtered.json().rows.map((row: { to: string }) => row.to)).toContain(client.user.email);

      expect(plain.app.mailer).toBeNull();
      expect(plain.app.outbox.enabled).toBe(false);
      const [id] = await enqueueEmails(plain.db, [
        { to: 'x@example.test', subject: 'Guardado', html: '<p>x</p>', text: 'x' },
      ]);
      expect(await plain.app.outbox.deliverNow([id!])).toBe(true);
      expect(await plain.app.outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
      const [row] = await plain.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
      expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    } finally {
      await plain.close();
    }
  });
});

describe('notify.posSale (the point of sale receipt)', () => {
  const receipt: PosReceipt = {
    folio: 42,
    createdAt: new Date('2030-01-07T18:05:00Z'),
    branchName: 'Valle',
    cashierName: 'Rosa Caja',
    items: [{ name: 'Paquete 5 sesiones', quantity: 1, unitPriceCents: 50_000, credits: 5 }],
    totalCents: 50_000,
    paidCashCents: 0,
    paidCardCents: 50_000,
    paidTransferCents: 0,
    changeCents: 0,
    creditsGranted: 5,
    client: { name: 'Luis Pérez', email: 'luis-pos@example.test' },
  };

  it("writes the receipt in the caller's transaction, and nothing for a client without an e-mail", async () => {
    await t.db.transaction((tx) => t.app.notify.posSale(tx, receipt));
    const [row] = await rowsTo(['luis-pos@example.test']);
    expect(row).toMatchObject({
      toAddress: 'luis-pos@example.test',
      subject: 'Recibo de tu compra en Valle',
      status: 'pending',
    });
    expect(row!.text).toContain('Tarjeta: $500');

    // Rolled back with the order: no receipt.
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.notify.posSale(tx, {
          ...receipt,
          client: { name: 'Otro', email: 'rollback@example.test' },
        });
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await rowsTo(['rollback@example.test'])).toEqual([]);

    const before = await t.db.select({ id: emailOutbox.id }).from(emailOutbox);
    await t.db.transaction((tx) =>
      t.app.notify.posSale(tx, { ...receipt, client: { name: 'Mostrador', email: null } }),
    );
    expect(await t.db.select({ id: emailOutbox.id }).from(emailOutbox)).toHaveLength(before.length);
  });
});
