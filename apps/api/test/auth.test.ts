import { createUser, FACTORY_PASSWORD } from '@sala/db/factories/factories';
import { hashPassword } from '@sala/db/password';
import { authSessions, loginThrottles, trustedDevices } from '@sala/db/schema/auth';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { users } from '@sala/db/schema/users';
import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { passwordResetMessages } from '@sala/shared/auth/password-reset.messages';
import { staffSecurityMessages as sm } from '@sala/shared/auth/staff-security.messages';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { purgeExpiredAccessRecords } from '../src/modules/auth/auth.service';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

// The real argon2id, watched: a reset with a bad link must never reach it.
vi.mock('@sala/db/password', async (importOriginal) => {
  const original = await importOriginal<typeof import('@sala/db/password')>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let n = 0;
const ip = () => `10.9.${Math.floor(n / 250)}.${n++ % 250}`;
const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lucía Fernández',
  email: `lucia-${Date.now()}-${n++}@example.test`,
  phone: '3312345678',
  password: 'secreto1',
  passwordConfirmation: 'secreto1',
  acceptTerms: true,
  ...overrides,
});
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip() });
const userCount = async () => (await t.db.select({ c: sql<number>`count(*)::int` }).from(users))[0]!.c;

describe('register', () => {
  it('creates an inactive client with no credits whatever the request says, and tells the admins', async () => {
    await createUser(t.db, { role: 'superadmin', email: `jefa-${n++}@example.test` });
    const body = registration({ role: 'superadmin', credits: 99, isActive: true, isAdmin: true });
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: m.registered });
    expect(res.cookies).toHaveLength(0);

    const [user] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ role: 'user', credits: 0, isActive: false, name: 'Lucía Fernández' });
    // argon2id at the OWASP cost (19 MiB, 2 passes, 1 lane): test users are hashed cheaply, real ones never.
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.text} like ${`%${body.email}%`}`);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]!.subject).toBe('Nuevo cliente registrado: Lucía Fernández');
  });

  it.each(['55 1234 5678', '55-1234-5678', '+52 55 1234 5678'])(
    'takes a phone written as %j and stores its 10 digits (issue 39)',
    async (phone) => {
      const body = registration({ phone });
      const res = await post('/api/auth/register', body);
      expect(res.statusCode, res.body).toBe(201);
      const [user] = await t.db.select().from(users).where(eq(users.email, body.email));
      expect(user!.phone).toBe('5512345678');
    },
  );

  it('refuses an e-mail already registered, in any letter case', async () => {
    const body = registration();
    expect((await post('/api/auth/register', body)).statusCode).toBe(201);
    const again = await post('/api/auth/register', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'aborted', message: m.emailTaken });
  });

  it.each([
    [{ name: undefined }, m.allFieldsRequired],
    [{ email: 42 }, m.allFieldsRequired],
    [{ phone: '123' }, m.phoneDigits],
    [{ email: 'correo-malo' }, m.registerInvalidEmail],
    [{ password: 'abc', passwordConfirmation: 'abc' }, m.weakPassword],
    [{ passwordConfirmation: 'distinta1' }, m.passwordsMustMatch],
    [{ acceptTerms: false }, m.acceptTerms],
    [
      { name: 'x'.repeat(10_000) },
      expect.stringMatching(/^El texto es demasiado largo: máximo \d+ caracteres\.$/),
    ],
    [
      { phone: '1'.repeat(10_000) },
      expect.stringMatching(/^El texto es demasiado largo: máximo \d+ caracteres\.$/),
    ],
    [{ name: '<img src=x onerror=alert(1)>' }, m.invalidName],
    [{ name: "Robert'); DROP TABLE users;--" }, m.invalidName],
    [{ phone: "55' OR 1=1 --" }, m.phoneDigits],
  ])('refuses %o with 400 and stores nothing', async (overrides, message) => {
    const before = await userCount();
    const res = await post('/api/auth/register', registration(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid-argument', message });
    expect(await userCount()).toBe(before);
  });
});

describe('login', () => {
  it('opens a browser-session cookie that is HttpOnly and SameSite=Lax', async () => {
    const user = await createUser(t.db);
    const res = await post('/api/auth/login', {
      email: user.email.toUpperCase(),
      password: FACTORY_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, isAdmin: false, isSuperAdmin: false });
    expect(res.json().user.passwordHash).toBeUndefined();
    const cookie = res.cookies.find((c) => c.name === 'sala_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.maxAge).toBeUndefined();

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `sala_session=${cookie.value}` },
    });
    expect(session.json().user.email).toBe(user.email);
  });

  it('keeps the session 30 days with remember', async () => {
    const user = await createUser(t.db);
    const res = await post('/api/auth/login', {
      email: user.email,
      password: FACTORY_PASSWORD,
      remember: true,
    });
    expect(res.cookies.find((c) => c.name === 'sala_session')!.maxAge).toBe(30 * 24 * 3600);
  });

  it.each([
    [{ email: '', password: '' }, 400, m.loginFieldsRequired],
    [{ email: 'no-es-correo', password: 'x' }, 400, m.invalidEmail],
    [{ email: 'nadie@example.test', password: 'x' }, 404, m.userNotFound],
  ])('refuses %o', async (body, status, message) => {
    const res = await post('/api/auth/login', body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
  });

  it('says the password is wrong', async () => {
    const user = await createUser(t.db);
    const res = await post('/api/auth/login', { email: user.email, password: 'equivocada' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'unauthenticated', message: m.wrongPassword });
  });

  it('refuses an inactive account with the spec message', async () => {
    const user = await createUser(t.db, { isActive: false });
    const res = await post('/api/auth/login', { email: user.email, password: FACTORY_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'permission-denied', message: m.accountDisabled });
    expect(res.cookies).toHaveLength(0);
  });
});

describe('login throttling (docs/decisions/006)', () => {
  const attempt = (email: string, password: string, address: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: address,
      headers: cookie ? { cookie } : {},
    });
  const deviceCookieOf = (res: Awaited<ReturnType<typeof attempt>>) => {
    const device = res.cookies.find((c) => c.name === 'sala_device');
    return device ? `sala_device=${device.value}` : undefined;
  };

  it('slows guessing one account from one address down with growing waits, and says how long', async () => {
    freezeClock(new Date('2026-11-21T10:00:00Z'));
    const user = await createUser(t.db);
    const address = '10.77.1.1';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(user.email, 'mala', address)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    const refused = await attempt(user.email, FACTORY_PASSWORD, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json().error).toEqual({
      code: 'resource-exhausted',
      message: m.tooManyLoginAttempts('30 segundos'),
    });

    // After the wait, one more guess; a wrong one doubles the next wait.
    vi.setSystemTime(new Date('2026-11-21T10:00:31Z'));
    expect((await attempt(user.email, 'mala', address)).statusCode).toBe(401);
    const longer = await attempt(user.email, 'mala', address);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('60');

    // The owner's right password after the wait opens the session and clears the count.
    vi.setSystemTime(new Date('2026-11-21T10:01:32Z'));
    expect((await attempt(user.email, FACTORY_PASSWORD, address)).statusCode).toBe(200);
    expect((await attempt(user.email, 'mala', address)).statusCode).toBe(401);
  });

  it('never locks the owner out from another address while the account is attacked', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 12; i++) await attempt(user.email, 'mala', '10.77.2.1');
    expect((await attempt(user.email, 'mala', '10.77.2.1')).statusCode).toBe(429);
    expect((await attempt(user.email, FACTORY_PASSWORD, '10.77.2.2')).statusCode).toBe(200);
  });

  it('lets the owner in from a browser it used before, even at the attacked address', async () => {
    const user = await createUser(t.db);
    const first = await attempt(user.email, FACTORY_PASSWORD, '10.77.3.1');
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toBeDefined();
    const cookie = first.cookies.find((c) => c.name === 'sala_device')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });

    for (let i = 0; i < 8; i++) await attempt(user.email, 'mala', '10.77.3.9');
    expect((await attempt(user.email, FACTORY_PASSWORD, '10.77.3.9')).statusCode).toBe(429);
    expect((await attempt(user.email, FACTORY_PASSWORD, '10.77.3.9', device)).statusCode).toBe(200);
  });

  it('does not let a shared address (a clinic) lock every account after ten failures', async () => {
    const address = '10.77.4.1';
    for (let i = 0; i < 12; i++) {
      expect((await attempt(`nadie${i}@example.test`, 'x', address)).statusCode).toBe(404);
    }
    const colleague = await createUser(t.db);
    expect((await attempt(colleague.email, FACTORY_PASSWORD, address)).statusCode).toBe(200);
  });

  it('counts parallel guesses before checking them, so a burst gets no more than the allowance', async () => {
    const user = await createUser(t.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => attempt(user.email, 'mala', '10.77.5.1')),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe('logout and deactivation', () => {
  it('ends the session on the server', async () => {
    const { cookie } = await loginAs(t, 'user');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/me/orders', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('ends every session of a user a super admin deactivates', async () => {
    const client = await loginAs(t, 'user');
    const boss = await loginAs(t, 'superadmin');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${client.user.id}/active`,
      headers: { cookie: boss.cookie },
      payload: { isActive: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(false);
    // Refused at once, everywhere.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/me/orders',
      headers: { cookie: client.cookie },
    });
    expect(refused.statusCode).toBe(401);
    // The session check says why, once, and ends the login for good.
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: client.cookie },
    });
    expect(after.json()).toEqual({ user: null, ended: 'account-disabled' });
    expect(after.cookies.find((c) => c.name === 'sala_session')?.value).toBe('');
    const sessions = await t.db.select().from(authSessions).where(eq(authSessions.userId, client.user.id));
    expect(sessions).toHaveLength(0);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: client.cookie },
    });
    expect(again.json()).toEqual({ user: null });
  });

  it('brings back no login when a deactivated account is activated again', async () => {
    const client = await loginAs(t, 'user');
    const boss = await loginAs(t, 'superadmin');
    const setActive = (isActive: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/users/${client.user.id}/active`,
        headers: { cookie: boss.cookie },
        payload: { isActive },
      });
    expect((await setActive(false)).statusCode).toBe(200);
    expect((await setActive(true)).statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: client.cookie },
    });
    expect(after.json()).toEqual({ user: null });
    // Activating an account that is already active ends nobody's login.
    const active = await loginAs(t, 'user');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${active.user.id}/active`,
      headers: { cookie: boss.cookie },
      payload: { isActive: true },
    });
    expect(patch.statusCode).toBe(200);
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: active.cookie },
    });
    expect(still.json().user?.id).toBe(active.user.id);
  });
});

describe('password reset', () => {
  async function resetLinkFor(email: string) {
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    return /token=([\w-]+)/.exec(mail!.text)![1]!;
  }

  it('sends a single-use link that changes the password', async () => {
    const user = await createUser(t.db);
    const sent = await post('/api/auth/forgot-password', { email: user.email });
    expect(sent.statusCode).toBe(200);
    // This app has no SMTP server: the answer never claims a mail was sent (the link waits in the outbox).
    expect(sent.json().message).toBe(passwordResetMessages.resetNotSent({ phone: null, whatsapp: null }));
    const token = await resetLinkFor(user.email);

    const reset = await post('/api/auth/reset-password', {
      token,
      password: 'nueva123',
      passwordConfirmation: 'nueva123',
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await post('/api/auth/login', { email: user.email, password: FACTORY_PASSWORD })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'nueva123' })).statusCode).toBe(200);

    const twice = await post('/api/auth/reset-password', {
      token,
      password: 'otra1234',
      passwordConfirmation: 'otra1234',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe(m.resetInvalid);
  });

  it('voids the older link as soon as a newer one is issued', async () => {
    const user = await createUser(t.db);
    await post('/api/auth/forgot-password', { email: user.email });
    const older = await resetLinkFor(user.email);
    await post('/api/auth/forgot-password', { email: user.email });
    const newer = await resetLinkFor(user.email);
    expect(newer).not.toBe(older);

    const stale = await post('/api/auth/reset-password', {
      token: older,
      password: 'robada12',
      passwordConfirmation: 'robada12',
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe(m.resetInvalid);
    const used = await post('/api/auth/reset-password', {
      token: newer,
      password: 'nueva123',
      passwordConfirmation: 'nueva123',
    });
    expect(used.statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: user.email, password: 'nueva123' })).statusCode).toBe(200);
  });

  it('checks the link before hashing: a bad, used or expired link never reaches argon2id', async () => {
    const hasher = vi.mocked(hashPassword);
    const user = await createUser(t.db);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await resetLinkFor(user.email);
    const reset = (link: string) =>
      post('/api/auth/reset-password', {
        token: link,
        password: 'nueva123',
        passwordConfirmation: 'nueva123',
      });

    hasher.mockClear();
    expect((await reset('x'.repeat(43))).statusCode).toBe(400);
    expect(hasher).not.toHaveBeenCalled();

    expect((await reset(token)).statusCode).toBe(200);
    expect(hasher).toHaveBeenCalledTimes(1);

    hasher.mockClear();
    expect((await reset(token)).statusCode).toBe(400);
    expect(hasher).not.toHaveBeenCalled();

    await post('/api/auth/forgot-password', { email: user.email });
    const late = await resetLinkFor(user.email);
    freezeClock(Date.now() + 31 * 60_000);
    hasher.mockClear();
    expect((await reset(late)).statusCode).toBe(400);
    expect(hasher).not.toHaveBeenCalled();
  });

  it.each([
    ['no body', undefined],
    ['a JSON null', 'null'],
  ])('answers a reset with %s in the envelope, never a 500', async (_label, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
  });

  it('expires the link after 30 minutes', async () => {
    const user = await createUser(t.db);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await resetLinkFor(user.email);
    freezeClock(Date.now() + 31 * 60_000);
    const res = await post('/api/auth/reset-password', {
      token,
      password: 'nueva123',
      passwordConfirmation: 'nueva123',
    });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    [{}, 400, m.emailRequired],
    [{ email: 'mal' }, 400, m.invalidEmail],
    [{ email: 'nadie@example.test' }, 404, m.userNotFound],
  ])('forgot-password refuses %o', async (body, status, message) => {
    const res = await post('/api/auth/forgot-password', body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
  });
});

describe('per-address limits of the account routes (issue 18, point 8)', () => {
  const from = (url: string, payload: unknown, address: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: address });
  const badReset = { token: 'y'.repeat(43), password: 'nueva123', passwordConfirmation: 'nueva123' };

  it('answers the 31st password reset of an hour from one address with 429 and the wait', async () => {
    freezeClock(new Date('2026-11-21T10:40:00Z'));
    const address = '10.78.1.1';
    for (let i = 0; i < 30; i++) {
      expect((await from('/api/auth/reset-password', badReset, address)).statusCode).toBe(400);
    }
    const refused = await from('/api/auth/reset-password', badReset, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1200');
    expect(refused.json().error).toEqual({
      code: 'resource-exhausted',
      message: m.tooManyAttempts('20 minutos'),
    });
    // Another address is not held back; the next hour starts again.
    expect((await from('/api/auth/reset-password', badReset, '10.78.1.2')).statusCode).toBe(400);
    vi.setSystemTime(new Date('2026-11-21T11:00:00Z'));
    expect((await from('/api/auth/reset-password', badReset, address)).statusCode).toBe(400);
  });

  it('lets one address register 5 accounts an hour (REGISTER_LIMIT_PER_HOUR) and refuses the 6th, e-mailing nobody', async () => {
    freezeClock(new Date('2026-11-21T10:20:00Z'));
    const address = '10.78.2.1';
    for (let i = 0; i < 5; i++) {
      expect((await from('/api/auth/register', registration(), address)).statusCode).toBe(201);
    }
    const before = await userCount();
    const mailsBefore = (await t.db.select({ c: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.c;
    const refused = await from('/api/auth/register', registration(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('2400');
    expect(refused.json().error).toEqual({
      code: 'resource-exhausted',
      message: sm.tooManyRegistrations('40 minutos'),
    });
    expect(await userCount()).toBe(before);
    expect((await t.db.select({ c: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.c).toBe(mailsBefore);
    // Another address is not held back; the next hour starts again.
    expect((await from('/api/auth/register', registration(), '10.78.2.2')).statusCode).toBe(201);
    vi.setSystemTime(new Date('2026-11-21T11:00:00Z'));
    expect((await from('/api/auth/register', registration(), address)).statusCode).toBe(201);
  });

  it('takes the hourly registrations per address from REGISTER_LIMIT_PER_HOUR (load tests set it higher)', async () => {
    const loose = await createTestApp({ env: { REGISTER_LIMIT_PER_HOUR: '8' } });
    try {
      freezeClock(new Date('2026-11-21T10:00:00Z'));
      const send = () =>
        loose.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: registration(),
          remoteAddress: '10.78.2.9',
        });
      for (let i = 0; i < 8; i++) expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await loose.close();
    }
  });

  it('keeps 5 reset e-mails a minute per address, with the same kind of answer', async () => {
    freezeClock(new Date('2026-11-21T10:00:15Z'));
    const user = await createUser(t.db);
    const address = '10.78.3.1';
    for (let i = 0; i < 5; i++) {
      expect((await from('/api/auth/forgot-password', { email: user.email }, address)).statusCode).toBe(200);
    }
    const refused = await from('/api/auth/forgot-password', { email: user.email }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.json().error.message).toBe(m.tooManyAttempts('45 segundos'));
  });
});

describe('the purge job', () => {
  it('deletes throttle rows that count for nothing and expired trusted browsers, and keeps the rest', async () => {
    // A fixed instant: the job's clock is its parameter.
    const now = new Date('2031-05-04T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const HOUR = 3_600_000;
    const user = await createUser(t.db);
    await t.db.insert(loginThrottles).values([
      { key: 'purge:stale', failures: 30, lastFailureAt: ago(HOUR + 1_000), lockedUntil: ago(1_000) },
      { key: 'purge:recent', failures: 30, lastFailureAt: ago(HOUR - 60_000), lockedUntil: ago(-60_000) },
    ]);
    await t.db.insert(trustedDevices).values([
      { tokenHash: 'purge-expired', userId: user.id, expiresAt: ago(1) },
      { tokenHash: 'purge-live', userId: user.id, expiresAt: ago(-86_400_000) },
    ]);
    await purgeExpiredAccessRecords({ db: t.db, now });
    const throttles = await t.db.select({ key: loginThrottles.key }).from(loginThrottles);
    expect(throttles.map((row) => row.key)).toContain('purge:recent');
    expect(throttles.map((row) => row.key)).not.toContain('purge:stale');
    const devices = await t.db
      .select({ tokenHash: trustedDevices.tokenHash })
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, user.id));
    expect(devices).toEqual([{ tokenHash: 'purge-live' }]);
  });
});
