import {
  createBranch,
  createOrder,
  createRoom,
  createSession,
  createUser,
  FACTORY_PASSWORD,
} from '@sala/db/factories/factories';
import { auditLog } from '@sala/db/schema/audit';
import { orders } from '@sala/db/schema/commerce';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { fiscalProfiles } from '@sala/db/schema/invoicing';
import { creditLedger } from '@sala/db/schema/ledger';
import { consents, privacyRequests } from '@sala/db/schema/privacy';
import { roomSessions } from '@sala/db/schema/sessions';
import { users } from '@sala/db/schema/users';
import { currentVersion, PRIVACY_NOTICE_VERSIONS, TERMS_VERSIONS } from '@sala/shared/legal/legal.rules';
import { EXAMPLE_LEGAL_FACTS } from '@sala/shared/legal/legal-facts';
import { formatFolio } from '@sala/shared/orders/folio';
import { privacyMessages as pm } from '@sala/shared/privacy/privacy.messages';
import { privacyDueDate } from '@sala/shared/privacy/privacy.rules';
import { businessDate } from '@sala/shared/time/business-time';
import { and, desc, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDueReminders } from '../src/modules/bookings/bookings.service';
import { suppressExpiredAccounts } from '../src/modules/privacy/privacy.service';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PRIVACY = currentVersion(PRIVACY_NOTICE_VERSIONS).version;
const TERMS = currentVersion(TERMS_VERSIONS).version;
let n = 0;
const uniqueEmail = (prefix = 'persona') => `${prefix}-${++n}@example.test`;

const call: TestApp['call'] = (...request) => t.call(...request);

/** Σ ledger = users.credits for every account, and no ledger row left a negative balance. */
async function ledgerHolds() {
  const broken = await t.db.execute(sql`
    select u.id from ${users} u
    left join ${creditLedger} l on l.user_id = u.id
    group by u.id, u.credits
    having u.credits <> coalesce(sum(l.delta), 0)`);
  const negative = await t.db.select().from(creditLedger).where(sql`${creditLedger.balanceAfter} < 0`);
  return {
    broken: (broken as { rows?: unknown[] }).rows?.length ?? (broken as unknown[]).length,
    negative: negative.length,
  };
}

const outboxTo = (address: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(desc(emailOutbox.createdAt));

const requestsOf = (userId: string) =>
  t.db.select().from(privacyRequests).where(eq(privacyRequests.userId, userId));

describe('the business legal facts', () => {
  it('are public, the super admin writes them (audited), and the demo values read as examples', async () => {
    const before = await call('GET', '/api/legal');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      facts: null,
      isExample: false,
      privacyVersion: PRIVACY,
      termsVersion: TERMS,
    });

    const { cookie } = await loginAs(t, 'superadmin');
    const example = await call('PUT', '/api/legal', cookie, EXAMPLE_LEGAL_FACTS);
    expect(example.statusCode, example.body).toBe(200);
    expect(example.json()).toMatchObject({ facts: EXAMPLE_LEGAL_FACTS, isExample: true });

    const real = {
      legalName: 'Consultorios Providencia, S.C.',
      address: 'Av. Vallarta 1234, Col. Americana, 44160 Guadalajara, Jal.',
      privacyEmail: 'privacidad@consultorios.mx',
      retentionYears: 6,
    };
    const saved = await call('PUT', '/api/legal', cookie, real);
    expect(saved.json()).toMatchObject({ facts: real, isExample: false });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'legal.update'));
    expect(audit).toHaveLength(2);
    expect(audit.at(-1)?.after).toMatchObject({ legalName: real.legalName });
  });

  it('refuses a retention outside 1–20 years and a bad e-mail, in Spanish', async () => {
    const { cookie } = await loginAs(t, 'superadmin');
    const bad = await call('PUT', '/api/legal', cookie, { ...EXAMPLE_LEGAL_FACTS, retentionYears: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('El plazo de conservación va de 1 a 20 años.');
    const email = await call('PUT', '/api/legal', cookie, { ...EXAMPLE_LEGAL_FACTS, privacyEmail: 'no' });
    expect(email.statusCode).toBe(400);
  });
});

describe('consents (issue 27, point 3)', () => {
  it('records the notice and the terms a person accepts at registration', async () => {
    const email = uniqueEmail('registro');
    const res = await call('POST', '/api/auth/register', undefined, {
      name: 'Lucía Ramos',
      email,
      phone: '5512345678',
      password: 'secreto1',
      passwordConfirmation: 'secreto1',
      acceptTerms: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const rows = await t.db.select().from(consents).where(eq(consents.userId, user!.id));
    expect(rows.map((r) => [r.document, r.version, r.way]).sort()).toEqual([
      ['privacy', PRIVACY, 'registration'],
      ['terms', TERMS, 'registration'],
    ]);
  });

  it('asks an account that never accepted at its login, and not after it accepts', async () => {
    const { user, cookie } = await loginAs(t, 'user');
    const session = await call('GET', '/api/auth/session', cookie);
    expect(session.json()).toMatchObject({ user: { id: user.id }, consentNeeded: true });

    const stale = await call('POST', '/api/me/consents', cookie, {
      privacyVersion: '1999-01-01',
      termsVersion: TERMS,
    });
    expect(stale.statusCode).toBe(409);
    const accepted = await call('POST', '/api/me/consents', cookie, {
      privacyVersion: PRIVACY,
      termsVersion: TERMS,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await call('GET', '/api/auth/session', cookie)).json().consentNeeded).toBe(false);
    const login = await call('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: FACTORY_PASSWORD,
    });
    expect(login.json().consentNeeded).toBe(false);
  });

  it('asks again at the next login when what the account accepted is older than a version that asks again', async () => {
    const user = await createUser(t.db);
    // Accepted an earlier notice (one the list no longer holds: every later version asks again), today's terms.
    await t.db.insert(consents).values([
      { userId: user.id, document: 'privacy', version: '2025-03-21', way: 'registration' },
      { userId: user.id, document: 'terms', version: TERMS, way: 'registration' },
    ]);
    const login = await call('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: FACTORY_PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().consentNeeded).toBe(true);
  });

  it('records who at the desk registered a client, and tells the client', async () => {
    const { user: admin, cookie } = await loginAs(t, 'admin');
    const email = uniqueEmail('recepcion');
    const missing = await call('POST', '/api/users', cookie, {
      name: 'Mario Núñez',
      email,
      phone: '5511223344',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(
      'Confirma que el cliente recibió el aviso de privacidad y aceptó los términos.',
    );

    const res = await call('POST', '/api/users', cookie, {
      name: 'Mario Núñez',
      email,
      phone: '5511223344',
      noticeGiven: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email, isActive: true, credits: 0, role: 'user' });
    const rows = await t.db.select().from(consents).where(eq(consents.userId, res.json().id));
    expect(rows.map((r) => [r.document, r.way, r.actorId]).sort()).toEqual([
      ['privacy', 'staff', admin.id],
      ['terms', 'staff', admin.id],
    ]);
    expect((await outboxTo(email)).map((m) => m.subject)).toEqual(['Tu cuenta de Sala Común está lista']);
    const again = await call('POST', '/api/users', cookie, {
      name: 'Otro',
      email: email.toUpperCase(),
      phone: '5511223344',
      noticeGiven: true,
    });
    expect(again.statusCode).toBe(409);
  });
});

/** A client with a session, an order, a ledger row and a message, all its own. */
async function clientWithHistory() {
  const { user, cookie } = await loginAs(t, 'user', { credits: 5 });
  const room = await createRoom(t.db);
  await createSession(t.db, room, { userId: user.id, startsAt: new Date(Date.now() - 3 * 86_400_000) });
  await createOrder(t.db, { userId: user.id, totalCents: 28_000, creditsGranted: 1 });
  return { user, cookie, room };
}

const unzip = (payload: Buffer) => {
  const files = unzipSync(new Uint8Array(payload));
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [
      name,
      new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
    ]),
  );
};

const fiscalProfile = {
  rfc: 'COSC8001137NA',
  legalName: 'COSME FULANITO',
  taxSystem: '612',
  zip: '06700',
  cfdiUse: 'G03',
  email: 'facturas@example.test',
};

describe('access: "Descargar mis datos" (issue 27, point 4)', () => {
  it('holds exactly the caller’s rows, whatever id is sent along', async () => {
    const mine = await clientWithHistory();
    const other = await clientWithHistory();
    expect((await call('PUT', '/api/me/fiscal-profile', mine.cookie, fiscalProfile)).statusCode).toBe(200);
    for (const url of [
      '/api/me/data-export',
      `/api/me/data-export?userId=${other.user.id}`,
      `/api/me/data-export?id=${other.user.id}&user=${other.user.email}`,
    ]) {
      const res = await call('GET', url, mine.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="mis-datos-sala-comun-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      const files = unzip(res.rawPayload);
      expect(Object.keys(files).sort()).toEqual([
        'correos.csv',
        'datos.json',
        'listas-de-espera.csv',
        'movimientos-de-creditos.csv',
        'pagos-en-linea.csv',
        'paquetes-de-creditos.csv',
        'pedidos.csv',
        'sesiones-abiertas.csv',
        'sesiones.csv',
        'solicitudes-de-privacidad.csv',
      ]);
      const data = JSON.parse(files['datos.json']!);
      expect(data.perfil.id).toBe(mine.user.id);
      expect(data.sesiones).toHaveLength(1);
      expect(data.pedidos).toHaveLength(1);
      expect(data.pedidos[0].lines[0]).toMatchObject({ unitPriceCents: 28_000, creditsGranted: 1 });
      // The spreadsheet names the order by the folio on its receipt (issue 39), not by its internal id.
      expect(files['pedidos.csv']).toContain(`\r\n${formatFolio(data.pedidos[0].folio)},`);
      expect(files['pedidos.csv']).not.toContain(data.pedidos[0].id);
      expect(data.movimientosDeCreditos.map((r: { delta: number }) => r.delta)).toEqual([5]);
      // Issue 44: the same credits by package, with their last day (none: they never expire).
      expect(data.paquetesDeCreditos).toMatchObject([
        { credits: 5, remaining: 5, expiresOn: null, status: 'live' },
      ]);
      expect(files['paquetes-de-creditos.csv']).toContain('Sin vencimiento');
      // Its own login (where from, which browser), and no online payment it never started.
      expect(data.sesionesAbiertas).toHaveLength(1);
      expect(data.sesionesAbiertas[0].ip).toMatch(/^10\.0\.\d+\.\d+$/);
      expect(data.pagosEnLinea).toEqual([]);
      // Fiscal data (issue 42): the saved profile, and no invoice yet.
      expect(data.datosFiscales).toMatchObject({ rfc: 'COSC8001137NA', legalName: 'COSME FULANITO' });
      expect(data.facturas).toEqual([]);
      const everything = Object.values(files).join('\n');
      expect(everything).not.toContain(other.user.id);
      expect(everything).not.toContain(other.user.email);
      expect(files['sesiones.csv']!.startsWith('\uFEFFFecha y hora,Zona,Sucursal,Sala')).toBe(true);
    }
    // Each download is an access the staff list shows.
    const logged = await requestsOf(mine.user.id);
    expect(
      logged.filter((r) => r.kind === 'access' && r.status === 'done' && r.channel === 'web'),
    ).toHaveLength(3);
    // The staff's export of a request is the super admin's alone.
    const forbidden = await call('GET', `/api/privacy/requests/${logged[0]!.id}/export`, mine.cookie);
    expect(forbidden.statusCode).toBe(403);
  });

  it('gives a client with 5 000 sessions the whole file in under a second', async () => {
    const { user, cookie } = await loginAs(t, 'user');
    const room = await createRoom(t.db);
    const start = Date.UTC(2020, 0, 1, 14);
    const rows = Array.from({ length: 5_000 }, (_, i) => ({
      userId: user.id,
      roomId: room.id,
      branchId: room.branchId,
      cityId: room.cityId,
      startsAt: new Date(start + i * 3_600_000),
      creditsCharged: 1,
    }));
    for (let i = 0; i < rows.length; i += 1_000)
      await t.db.insert(roomSessions).values(rows.slice(i, i + 1_000));
    // Once to warm the path (the first query of a kind plans it), then timed three times.
    await call('GET', '/api/me/data-export', cookie);
    // The work it costs is timed as CPU time (this process runs the route and, on PGlite, the database): a busy
    // machine stretches the wall clock, not the work. Even CPU time grows when the other test worker shares the
    // cores (caches, clock), and only ever grows: the best of three runs is the cost, held to the budget. The wall
    // clock is printed and held loosely.
    let cpuMs = Number.POSITIVE_INFINITY;
    let ms = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const res = await call('GET', '/api/me/data-export', cookie);
      const { user: userMicros, system: systemMicros } = process.cpuUsage(cpu);
      cpuMs = Math.min(cpuMs, (userMicros + systemMicros) / 1000);
      ms = Math.min(ms, performance.now() - started);
      expect(res.statusCode).toBe(200);
      if (run === 0) {
        const files = unzip(res.rawPayload);
        expect(JSON.parse(files['datos.json']!).sesiones).toHaveLength(5_000);
        expect(files['sesiones.csv']!.trim().split('\r\n')).toHaveLength(5_001);
        console.log(`zip of 5 000 sessions: ${Math.round(res.rawPayload.length / 1024)} kB`);
      }
    }
    console.log(`export of 5 000 sessions, best of 3: ${Math.round(ms)} ms (${Math.round(cpuMs)} ms of CPU)`);
    expect(cpuMs).toBeLessThan(1_000);
    expect(ms).toBeLessThan(5_000);
  });
});

describe('opposition: reminders off (issue 27, point 4)', () => {
  /** A session 20 hours ahead, booked three days ago: its 24-hour reminder is due now. */
  async function dueSession(userId: string) {
    const room = await createRoom(t.db);
    return createSession(t.db, room, {
      userId,
      startsAt: new Date(Date.now() + 20 * 3_600_000),
      createdAt: new Date(Date.now() - 3 * 86_400_000),
    });
  }
  const queue = () => queueDueReminders({ db: t.db, notify: t.app.notify, now: new Date() });

  it('sends no reminder to a client who turned them off, and logs it', async () => {
    const { user, cookie } = await loginAs(t, 'user');
    const off = await call('PATCH', '/api/me/preferences', cookie, { remindersEnabled: false });
    expect(off.json()).toEqual({ remindersEnabled: false, message: pm.remindersOff });
    await dueSession(user.id);
    await queue();
    expect((await outboxTo(user.email)).filter((m) => m.subject.startsWith('Recordatorio'))).toHaveLength(0);
    expect((await call('GET', '/api/me/privacy', cookie)).json().remindersEnabled).toBe(false);
    expect(await requestsOf(user.id)).toMatchObject([{ kind: 'opposition', status: 'done', channel: 'web' }]);
  });

  it('gives every reminder a one-click unsubscribe that works once, with no session, and refuses a forged one', async () => {
    const { user } = await loginAs(t, 'user');
    await dueSession(user.id);
    await queue();
    const [reminder] = (await outboxTo(user.email)).filter((m) => m.subject.startsWith('Recordatorio'));
    expect(reminder).toBeDefined();
    expect(reminder!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(http[^>]+\/api\/unsubscribe\/reminders\?token=([^>]+))>$/.exec(
      reminder!.headers['List-Unsubscribe']!,
    );
    expect(oneClick).not.toBeNull();
    const token = oneClick![2]!;
    expect(reminder!.text).toContain(`/baja-recordatorios?token=${token}`);

    // A token signed for this account with another key, or this signature on another account: both refused.
    const last = token.at(-1)!;
    const forged = `${token.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
    const other = await createUser(t.db);
    for (const bad of [forged, `${other.id}${token.slice(token.indexOf('.'))}`]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/unsubscribe/reminders?token=${bad}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(pm.unsubscribeInvalid);
    }
    expect((await t.db.select().from(users).where(eq(users.id, other.id)))[0]!.remindersEnabled).toBe(true);

    // The mail provider's one-click POST (from its own site, as RFC 8058 has it), then the page's button: both fine.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/reminders?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(pm.unsubscribed);
    const again = await call('POST', '/api/unsubscribe/reminders', undefined, { token });
    expect(again.statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.remindersEnabled).toBe(false);
    // One opposition logged, not two.
    expect(await requestsOf(user.id)).toMatchObject([
      { kind: 'opposition', channel: 'email', status: 'done' },
    ]);
  });
});

describe('rectification: a new e-mail, confirmed from it (issue 27, point 4)', () => {
  it('sends the link to the new address, tells the old one, ends every login, and takes the link once', async () => {
    const { user, cookie } = await loginAs(t, 'user');
    const newEmail = uniqueEmail('nuevo');
    const wrong = await call('POST', '/api/me/email', cookie, { email: newEmail, password: 'otra' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(pm.wrongPassword);

    const asked = await call('POST', '/api/me/email', cookie, {
      email: newEmail,
      password: FACTORY_PASSWORD,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // No mail server in this test app: the answer says the link will not arrive.
    expect(asked.json().message).toBe(pm.emailChangeNotSent(newEmail, { phone: null, whatsapp: null }));
    const [link] = await outboxTo(newEmail);
    const token = /confirmar-correo\?token=([\w-]+)/.exec(link!.text)![1]!;

    const confirmed = await call('POST', '/api/me/email/confirm', undefined, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(pm.emailChanged(newEmail));
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.email).toBe(newEmail);
    expect((await outboxTo(user.email)).map((m) => m.subject)).toContain('Cambió el correo de tu cuenta');
    expect((await call('GET', '/api/auth/session', cookie)).json().user).toBeNull();
    const reused = await call('POST', '/api/me/email/confirm', undefined, { token });
    expect(reused.statusCode).toBe(400);
    expect(await requestsOf(user.id)).toMatchObject([{ kind: 'rectification', status: 'done' }]);
  });

  it('refuses an address another account has', async () => {
    const { cookie } = await loginAs(t, 'user');
    const taken = await createUser(t.db);
    const res = await call('POST', '/api/me/email', cookie, {
      email: taken.email,
      password: FACTORY_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('cancellation: "Eliminar mi cuenta" (issue 27, point 4)', () => {
  it('is refused while a session is still to come, naming it', async () => {
    const { user, cookie } = await loginAs(t, 'user');
    const room = await createRoom(t.db, { position: 4 });
    const startsAt = new Date('2031-03-04T16:00:00Z');
    await createSession(t.db, room, { userId: user.id, startsAt });
    const res = await call('POST', '/api/me/account/close', cookie, { password: FACTORY_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('martes 4 de marzo de 2031, de 10:00 a 11:00');
    expect((await call('GET', '/api/me/privacy', cookie)).json().closeBlockers).toHaveLength(1);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.closedAt).toBeNull();
  });

  it('is refused while a payment is still in process, naming its amount and date', async () => {
    const { user, cookie } = await loginAs(t, 'user');
    await createOrder(t.db, {
      userId: user.id,
      branchId: null,
      isPos: false,
      status: 'pending',
      totalCents: 120_000,
      createdAt: new Date('2030-01-05T18:00:00Z'),
    });
    const res = await call('POST', '/api/me/account/close', cookie, { password: FACTORY_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(pm.closeRefusedPayments(['$1,200 del sábado 5 de enero de 2030']));
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.closedAt).toBeNull();
  });

  it('closes an account at once: its credits through the ledger, no login, off every staff list and picker', async () => {
    const { user, cookie } = await loginAs(t, 'user', { credits: 7, name: 'Renata Eliminada' });
    const wrong = await call('POST', '/api/me/account/close', cookie, { password: 'otra' });
    expect(wrong.statusCode).toBe(400);
    const res = await call('POST', '/api/me/account/close', cookie, { password: FACTORY_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(pm.accountClosed);

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ credits: 0, isActive: false });
    expect(row!.closedAt).not.toBeNull();
    const [closing] = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.reason, 'account_closed')));
    expect(closing).toMatchObject({ delta: -7, balanceAfter: 0 });
    expect(await ledgerHolds()).toEqual({ broken: 0, negative: 0 });

    expect((await call('GET', '/api/auth/session', cookie)).json().user).toBeNull();
    const login = await call('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: FACTORY_PASSWORD,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.message).toBe(pm.accountGone);

    const { cookie: staff } = await loginAs(t, 'superadmin');
    const list = await call('GET', `/api/users?q=${encodeURIComponent('Renata Eliminada')}`, staff);
    expect(list.json().rows).toEqual([]);
    const picker = await call('GET', `/api/users/clients?q=${encodeURIComponent('Renata')}`, staff);
    expect(picker.json()).toEqual([]);
    const reactivate = await call('PATCH', `/api/users/${user.id}/active`, staff, { isActive: true });
    expect(reactivate.statusCode).toBe(409);
    expect((await outboxTo(user.email)).map((m) => m.subject)).toContain(
      'Tu cuenta de Sala Común fue eliminada',
    );
    expect(await requestsOf(user.id)).toMatchObject([
      { kind: 'cancellation', status: 'done', channel: 'web' },
    ]);
  });

  it('closes once when asked twice at once', async () => {
    const { user, cookie } = await loginAs(t, 'user', { credits: 3 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/api/me/account/close', cookie, { password: FACTORY_PASSWORD }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s < 500)).toBe(true);
    const closings = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.reason, 'account_closed')));
    expect(closings).toHaveLength(1);
  });
});

describe('suppression after the retention period', () => {
  it('replaces the personal fields, drops their mail, keeps every amount and every past corte', async () => {
    const branch = await createBranch(t.db);
    const room = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId });
    const { user, cookie } = await loginAs(t, 'user', {
      credits: 2,
      name: 'Sofía Suprimida',
      phone: '5544332211',
    });
    // Two days ago at noon in Mexico City: a past corte.
    const soldAt = new Date(Date.now() - 2 * 86_400_000);
    await createOrder(t.db, { userId: user.id, branchId: branch.id, totalCents: 45_000, createdAt: soldAt });
    await createSession(t.db, room, { userId: user.id, startsAt: new Date(Date.now() - 86_400_000) });
    const { cookie: boss } = await loginAs(t, 'superadmin');
    // An edit by staff, in the audit log with the client's e-mail.
    await call('PATCH', `/api/users/${user.id}`, boss, {
      name: 'Sofía Suprimida',
      email: user.email,
      phone: '5544332299',
    });
    const corte = async () =>
      (
        await call('GET', `/api/cash-summary?date=${businessDate(soldAt)}&branchId=${branch.id}`, boss)
      ).json();
    const corteBefore = await corte();
    expect(corteBefore.totals.receivedCents).toBeGreaterThanOrEqual(45_000);
    expect((await call('PUT', '/api/me/fiscal-profile', cookie, fiscalProfile)).statusCode).toBe(200);

    expect(
      (await call('POST', '/api/me/account/close', cookie, { password: FACTORY_PASSWORD })).statusCode,
    ).toBe(200);
    // Not yet: the retention period runs from the closing.
    expect(await suppressExpiredAccounts({ db: t.db, notify: t.app.notify, now: new Date() })).toBe(0);
    const later = new Date(Date.now() + 6 * 366 * 86_400_000);
    expect(
      await suppressExpiredAccounts({ db: t.db, notify: t.app.notify, now: later }),
    ).toBeGreaterThanOrEqual(1);

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      name: 'Cuenta eliminada',
      phone: '0000000000',
      email: `eliminada-${user.id}@cuentas.invalid`,
    });
    expect(row!.suppressedAt).not.toBeNull();
    // The name each order holds for the orders table's sort (migration 0029) goes too.
    expect(
      await t.db.select({ name: orders.clientName }).from(orders).where(eq(orders.userId, user.id)),
    ).toEqual([{ name: 'Cuenta eliminada' }]);
    expect(await outboxTo(user.email)).toEqual([]);
    // The saved fiscal profile (RFC, legal name, address) goes too.
    expect(await t.db.select().from(fiscalProfiles).where(eq(fiscalProfiles.userId, user.id))).toEqual([]);
    const logged = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(JSON.stringify(logged)).not.toContain(user.email);
    expect(JSON.stringify(logged)).not.toContain('Sofía Suprimida');
    expect(await ledgerHolds()).toEqual({ broken: 0, negative: 0 });
    const corteAfter = await corte();
    expect(corteAfter.totals).toEqual(corteBefore.totals);
    expect(corteAfter.movements.length).toBe(corteBefore.movements.length);
    // Run again: nothing left to do.
    expect(await suppressExpiredAccounts({ db: t.db, notify: t.app.notify, now: later })).toBe(0);
  });
});

describe('the super admin’s privacy requests (issue 27, point 5)', () => {
  it('logs a request that came by e-mail, due 20 business days later, and carries out each right for the client', async () => {
    const { cookie: boss } = await loginAs(t, 'superadmin');
    const client = await createUser(t.db, { credits: 4, name: 'Andrea Por Correo' });
    const ask = (kind: string) =>
      call('POST', '/api/privacy/requests', boss, {
        userId: client.id,
        kind,
        channel: 'email',
        detail: `Pidió ${kind} por correo.`,
      });

    const access = await ask('access');
    expect(access.statusCode, access.body).toBe(201);
    expect(access.json()).toMatchObject({
      userName: 'Andrea Por Correo',
      kind: 'access',
      channel: 'email',
      status: 'open',
      dueOn: privacyDueDate(businessDate(new Date())),
    });
    const exported = await call('GET', `/api/privacy/requests/${access.json().id}/export`, boss);
    expect(exported.statusCode).toBe(200);
    expect(JSON.parse(unzip(exported.rawPayload)['datos.json']!).perfil.id).toBe(client.id);
    const resolved = await call('POST', `/api/privacy/requests/${access.json().id}/resolve`, boss, {
      status: 'done',
      resolution: 'Se le envió el archivo por correo.',
    });
    expect(resolved.json()).toMatchObject({ status: 'done', resolvedByName: expect.any(String) });
    const twice = await call('POST', `/api/privacy/requests/${access.json().id}/resolve`, boss, {
      status: 'refused',
      resolution: 'x',
    });
    expect(twice.statusCode).toBe(409);

    const opposition = await ask('opposition');
    expect(
      (await call('POST', `/api/privacy/requests/${opposition.json().id}/opt-out`, boss)).json().status,
    ).toBe('done');
    expect((await t.db.select().from(users).where(eq(users.id, client.id)))[0]!.remindersEnabled).toBe(false);

    const cancellation = await ask('cancellation');
    // The action of another kind is refused for a request.
    expect(
      (await call('POST', `/api/privacy/requests/${cancellation.json().id}/opt-out`, boss)).statusCode,
    ).toBe(404);
    const closed = await call('POST', `/api/privacy/requests/${cancellation.json().id}/close-account`, boss);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'done', userClosed: true });
    expect(await ledgerHolds()).toEqual({ broken: 0, negative: 0 });

    const list = await call(
      'GET',
      `/api/privacy/requests?q=${encodeURIComponent('Andrea Por Correo')}`,
      boss,
    );
    expect(
      list
        .json()
        .rows.map((r: { kind: string }) => r.kind)
        .sort(),
    ).toEqual(['access', 'cancellation', 'opposition']);
    const open = await call('GET', '/api/privacy/requests?status=open', boss);
    expect(open.json().rows.every((r: { status: string }) => r.status === 'open')).toBe(true);
  });

  it('lists the clients’ own actions too, every ARCO right', async () => {
    const { user, cookie } = await loginAs(t, 'user');
    await call('GET', '/api/me/data-export', cookie);
    // A name and phone corrected from the profile is a rectification; the same data again is none.
    expect(
      (await call('PATCH', '/api/me/profile', cookie, { name: 'Nombre Corregido', phone: '3312345678' }))
        .statusCode,
    ).toBe(200);
    await call('PATCH', '/api/me/profile', cookie, { name: 'Nombre Corregido', phone: '3312345678' });
    await call('PATCH', '/api/me/preferences', cookie, { remindersEnabled: false });
    await call('POST', '/api/me/account/close', cookie, { password: FACTORY_PASSWORD });
    const { cookie: boss } = await loginAs(t, 'superadmin');
    const list = await call(
      'GET',
      `/api/privacy/requests?q=${encodeURIComponent(user.email)}&pageSize=50`,
      boss,
    );
    expect(
      list
        .json()
        .rows.map((r: { kind: string; channel: string }) => `${r.kind}/${r.channel}`)
        .sort(),
    ).toEqual(['access/web', 'cancellation/web', 'opposition/web', 'rectification/web']);
    const rectified = list.json().rows.find((r: { kind: string }) => r.kind === 'rectification');
    expect(rectified).toMatchObject({
      status: 'done',
      detail: 'Corrigió su nombre y su teléfono desde su perfil.',
    });
  });
});
