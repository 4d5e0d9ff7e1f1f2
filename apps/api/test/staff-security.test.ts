import { createHmac, randomUUID } from 'node:crypto';
import {
  createBranch,
  createProduct,
  createRoom,
  createSession,
  createUser,
  FACTORY_PASSWORD,
} from '@sala/db/factories/factories';
import { auditLog } from '@sala/db/schema/audit';
import { authSessions } from '@sala/db/schema/auth';
import { cashDrawers } from '@sala/db/schema/commerce';
import { users } from '@sala/db/schema/users';
import { staffSecurityMessages as sm } from '@sala/shared/auth/staff-security.messages';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { and, eq } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 45: the second factor (TOTP), the open logins, the staff branch and the registration limit, on both
 * databases (the code's step is taken in one statement; a login step ends once).
 */

// Wednesday 9 January 2030, 11:00 in Mexico City: a 30-second step starts here.
const NOW = new Date('2030-01-09T17:00:00Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
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

/** RFC 6238 written out here, apart from the app's library: what an authenticator app shows at an instant. */
function appCode(secretBase32: string, at: Date): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, ''))
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

let addresses = 0;
const address = () => `10.45.${Math.floor(addresses / 250)}.${addresses++ % 250}`;
const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;

/** A browser: its own address and cookie jar (session, device, the login's code step). */
function browser(
  agent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36',
) {
  const jar = new Map<string, string>();
  const remoteAddress = address();
  const send = async (method: HTTPMethods, url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress,
      headers: {
        'user-agent': agent,
        ...(jar.size > 0 ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    for (const c of res.cookies) {
      if (c.value === '' || (c as { maxAge?: number }).maxAge === 0) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  };
  return { jar, send };
}
type Browser = ReturnType<typeof browser>;

const logIn = (b: Browser, email: string, remember = false) =>
  b.send('POST', '/api/auth/login', { email, password: FACTORY_PASSWORD, remember });

/** A super admin with the second factor on; its secret, its recovery codes and the browser it enrolled in. */
async function enrolled(role: 'superadmin' | 'admin' | 'user' = 'superadmin') {
  const user = await createUser(t.db, { role });
  const b = browser();
  expect((await logIn(b, user.email)).json()).toMatchObject({ user: { id: user.id } });
  const setup = await b.send('POST', '/api/me/two-factor/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, uri, qrDataUrl } = setup.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
  const confirmed = await b.send('POST', '/api/me/two-factor/confirm', { code: appCode(secret, NOW) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const codes: string[] = confirmed.json().recoveryCodes;
  return { user, secret, codes, b };
}

const auditOf = (entityId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));

describe('turning the second factor on (issue 45)', () => {
  it('confirms the app with its first code, gives ten single-use recovery codes once, and logs it', async () => {
    const { user, codes, b } = await enrolled();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const status = (await b.send('GET', '/api/me/two-factor')).json();
    expect(status).toEqual({
      enabled: true,
      enabledAt: NOW.toISOString(),
      recoveryCodesLeft: 10,
      required: false,
    });
    // Only hashes are kept.
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpPendingSecret).toBeNull();
    expect(await auditOf(user.id, 'two_factor.enable')).toHaveLength(1);
    expect((await b.send('GET', '/api/auth/session')).json().user.twoFactorEnabled).toBe(true);
    // Setting up again while on is refused.
    expect((await b.send('POST', '/api/me/two-factor/setup')).statusCode).toBe(409);
  });

  it('refuses a wrong first code and keeps the factor off', async () => {
    const user = await createUser(t.db);
    const b = browser();
    await logIn(b, user.email);
    const { secret } = (await b.send('POST', '/api/me/two-factor/setup')).json();
    const wrong = String((Number(appCode(secret, NOW)) + 1) % 1_000_000).padStart(6, '0');
    const res = await b.send('POST', '/api/me/two-factor/confirm', { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(sm.codeWrong);
    expect((await b.send('GET', '/api/me/two-factor')).json().enabled).toBe(false);
  });
});

describe('logging in with the second factor', () => {
  it('asks for the code after the password, refuses a wrong one and the code of a step already used', async () => {
    const { user, secret } = await enrolled();
    const b = browser();
    const first = await logIn(b, user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ codeRequired: true });
    expect(b.jar.has('sala_session')).toBe(false);
    expect(b.jar.has('sala_login_code')).toBe(true);
    expect((await b.send('GET', '/api/auth/session')).json().user).toBeNull();

    const wrong = String((Number(appCode(secret, NOW)) + 7) % 1_000_000).padStart(6, '0');
    const refused = await b.send('POST', '/api/auth/login/code', { code: wrong });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(sm.codeWrong);
    // The code the enrolment took (the same 30-second step) is not taken again.
    const reused = await b.send('POST', '/api/auth/login/code', { code: appCode(secret, NOW) });
    expect(reused.statusCode).toBe(401);

    vi.setSystemTime(later(30));
    const done = await b.send('POST', '/api/auth/login/code', { code: appCode(secret, later(30)) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      user: { id: user.id, twoFactorEnabled: true },
      mustEnrolTwoFactor: false,
    });
    expect(b.jar.has('sala_session')).toBe(true);
    expect((await b.send('GET', '/api/auth/session')).json().user.id).toBe(user.id);

    // The same code in another browser, in the same step: refused (a code works once).
    const other = browser();
    expect((await logIn(other, user.email)).json()).toEqual({ codeRequired: true });
    const again = await other.send('POST', '/api/auth/login/code', { code: appCode(secret, later(30)) });
    expect(again.statusCode).toBe(401);
    // A code of the next step, typed with a space as apps show it, is fine.
    vi.setSystemTime(later(60));
    const spaced = appCode(secret, later(60)).replace(/^(\d{3})/, '$1 ');
    expect((await other.send('POST', '/api/auth/login/code', { code: spaced })).statusCode).toBe(200);
  });

  it('finishes a login once when its right code is sent ten times at once (the step is taken in one statement)', async () => {
    const { user, secret } = await enrolled();
    const b = browser();
    await logIn(b, user.email);
    vi.setSystemTime(later(30));
    const code = appCode(secret, later(30));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => b.send('POST', '/api/auth/login/code', { code })),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.every((res) => res.statusCode < 500)).toBe(true);
    expect(await t.db.select().from(authSessions).where(eq(authSessions.userId, user.id))).toHaveLength(2);
  });

  it('lets each recovery code in once, and logs its use', async () => {
    const { user, codes } = await enrolled();
    const b = browser();
    await logIn(b, user.email);
    const used = await b.send('POST', '/api/auth/login/code', { recoveryCode: codes[3]!.toLowerCase() });
    expect(used.statusCode, used.body).toBe(200);
    expect(await auditOf(user.id, 'two_factor.recovery_used')).toHaveLength(1);
    expect((await b.send('GET', '/api/me/two-factor')).json().recoveryCodesLeft).toBe(9);

    const c = browser();
    await logIn(c, user.email);
    const again = await c.send('POST', '/api/auth/login/code', { recoveryCode: codes[3] });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(sm.recoveryWrong);
    expect((await c.send('POST', '/api/auth/login/code', { recoveryCode: codes[4] })).statusCode).toBe(200);
  });

  it('skips the code for 30 days in a browser trusted with it, and never in another', async () => {
    const { user, secret } = await enrolled();
    const trusted = browser();
    await logIn(trusted, user.email);
    vi.setSystemTime(later(30));
    const done = await trusted.send('POST', '/api/auth/login/code', {
      code: appCode(secret, later(30)),
      trustBrowser: true,
    });
    expect(done.statusCode).toBe(200);
    await trusted.send('POST', '/api/auth/logout');
    expect(trusted.jar.has('sala_session')).toBe(false);
    expect(trusted.jar.has('sala_device')).toBe(true);

    // The trusted browser: the password is enough.
    vi.setSystemTime(later(29 * 24 * 3600));
    const again = await logIn(trusted, user.email);
    expect(again.json()).toMatchObject({ user: { id: user.id } });

    // A browser that gave the code without "Confiar": asked every time.
    const plain = browser();
    await logIn(plain, user.email);
    vi.setSystemTime(later(29 * 24 * 3600 + 30));
    await plain.send('POST', '/api/auth/login/code', { code: appCode(secret, later(29 * 24 * 3600 + 30)) });
    await plain.send('POST', '/api/auth/logout');
    expect((await logIn(plain, user.email)).json()).toEqual({ codeRequired: true });

    // Past 30 days the trusted browser is asked again.
    vi.setSystemTime(later(31 * 24 * 3600));
    await trusted.send('POST', '/api/auth/logout');
    expect((await logIn(trusted, user.email)).json()).toEqual({ codeRequired: true });
  });

  it('throttles wrong codes as it throttles passwords, and a step left 10 minutes asks for the password again', async () => {
    const { user, secret } = await enrolled();
    const b = browser();
    await logIn(b, user.email);
    const wrong = String((Number(appCode(secret, NOW)) + 3) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      expect((await b.send('POST', '/api/auth/login/code', { code: wrong })).statusCode).toBe(401);
    }
    const locked = await b.send('POST', '/api/auth/login/code', { code: appCode(secret, later(30)) });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    vi.setSystemTime(later(11 * 60));
    const late = await b.send('POST', '/api/auth/login/code', { code: appCode(secret, later(11 * 60)) });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({ message: sm.challengeExpired, fields: { step: 'password' } });
    // Without the first step at all: the same answer.
    const stranger = browser();
    const none = await stranger.send('POST', '/api/auth/login/code', { code: '123456' });
    expect(none.statusCode).toBe(400);
  });

  it('turns off only with a code, new recovery codes void the old ones, and off means no code at login', async () => {
    const { user, secret, codes, b } = await enrolled('admin');
    expect((await b.send('POST', '/api/me/two-factor/disable', { code: '000000' })).statusCode).toBe(401);
    vi.setSystemTime(later(30));
    const renewed = await b.send('POST', '/api/me/two-factor/recovery-codes', {
      code: appCode(secret, later(30)),
    });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().recoveryCodes;
    expect((await b.send('POST', '/api/me/two-factor/disable', { recoveryCode: codes[0] })).statusCode).toBe(
      401,
    );
    const off = await b.send('POST', '/api/me/two-factor/disable', { recoveryCode: fresh[0] });
    expect(off.statusCode, off.body).toBe(204);
    expect(await auditOf(user.id, 'two_factor.disable')).toHaveLength(1);
    const c = browser();
    expect((await logIn(c, user.email)).json()).toMatchObject({
      user: { id: user.id, twoFactorEnabled: false },
    });
  });

  it('never lets a super admin remove their own factor without a code', async () => {
    const { user, b } = await enrolled();
    const res = await b.send('POST', `/api/users/${user.id}/two-factor/disable`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(sm.ownFactorInProfile);
    expect((await b.send('GET', '/api/me/two-factor')).json().enabled).toBe(true);
  });

  it('lets a super admin turn off the factor of a person who lost the phone', async () => {
    const { user } = await enrolled('user');
    const boss = await loginAs(t, 'superadmin');
    const res = await t.call('POST', `/api/users/${user.id}/two-factor/disable`, boss.cookie);
    expect(res.statusCode, res.body).toBe(204);
    const c = browser();
    expect((await logIn(c, user.email)).json()).toMatchObject({ user: { id: user.id } });
  });
});

describe('STAFF_2FA=required (the default in production)', () => {
  it('is required in production and optional elsewhere unless set', () => {
    const production = { NODE_ENV: 'production', PAYMENTS_MODE: 'test', MAIL_MODE: 'outbox' } as const;
    expect(loadConfig(production).staffTwoFactor).toBe('required');
    expect(loadConfig({ ...production, STAFF_2FA: 'optional' }).staffTwoFactor).toBe('optional');
    expect(loadConfig({}).staffTwoFactor).toBe('optional');
    expect(loadConfig({ STAFF_2FA: 'required' }).staffTwoFactor).toBe('required');
    expect(() => loadConfig({ STAFF_2FA: 'si' })).toThrow('STAFF_2FA debe ser required u optional.');
  });

  it('sends a super admin without a second factor to enrolment and refuses the staff routes until then', async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', PAYMENTS_MODE: 'test', MAIL_MODE: 'outbox' },
    });
    try {
      const boss = await createUser(prod.db, { role: 'superadmin' });
      const admin = await createUser(prod.db, { role: 'admin' });
      const login = (email: string) =>
        prod.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: FACTORY_PASSWORD },
          remoteAddress: address(),
        });
      const res = await login(boss.email);
      expect(res.json()).toMatchObject({ mustEnrolTwoFactor: true });
      const cookie = `sala_session=${cookieOf(res, 'sala_session')}`;
      const get = (url: string, who = cookie) =>
        prod.app.inject({ method: 'GET', url, headers: { cookie: who } });
      expect((await get('/api/auth/session')).json().mustEnrolTwoFactor).toBe(true);
      for (const url of [
        '/api/cash-summary',
        '/api/users',
        '/api/orders',
        '/api/audit',
        '/api/dashboard/today',
      ]) {
        const refused = await get(url);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().error).toMatchObject({
          message: sm.enrolFirst,
          fields: { secondFactor: 'enrol' },
        });
      }
      const sale = await prod.app.inject({
        method: 'POST',
        url: '/api/pos/orders',
        headers: { cookie },
        payload: {},
      });
      expect(sale.statusCode).toBe(403);
      // Everywhere else the account is a client until then: no role check inside a route lets it through.
      expect((await get(`/api/users/${admin.id}`)).statusCode).toBe(403);
      const theirs = await createSession(prod.db, await createRoom(prod.db), { userId: admin.id });
      const cancel = await prod.app.inject({
        method: 'POST',
        url: `/api/sessions/${theirs.id}/cancel`,
        headers: { cookie },
      });
      expect(cancel.statusCode).toBe(404);
      // The session route alone tells the truth, so the screens can send the person to turn the factor on.
      expect((await get('/api/auth/session')).json().user.role).toBe('superadmin');
      // Their own account stays open: enrol, and the screens open.
      expect((await get('/api/me/two-factor')).json()).toMatchObject({ enabled: false, required: true });
      const setup = await prod.app.inject({
        method: 'POST',
        url: '/api/me/two-factor/setup',
        headers: { cookie },
      });
      const confirm = await prod.app.inject({
        method: 'POST',
        url: '/api/me/two-factor/confirm',
        headers: { cookie },
        payload: { code: appCode(setup.json().secret, NOW) },
      });
      expect(confirm.statusCode).toBe(200);
      expect((await get('/api/cash-summary?date=2030-01-09')).statusCode).toBe(200);
      expect((await get(`/api/users/${admin.id}`)).statusCode).toBe(200);
      expect((await get('/api/users')).statusCode).toBe(200);
      expect((await get('/api/auth/session')).json().mustEnrolTwoFactor).toBe(false);
      // An admin is not required to.
      const adminLogin = await login(admin.email);
      expect(adminLogin.json()).toMatchObject({ mustEnrolTwoFactor: false });
      expect(
        (await get('/api/users', `sala_session=${cookieOf(adminLogin, 'sala_session')}`)).statusCode,
      ).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('open logins', () => {
  it('lists the logins with browser, system and "este navegador", ends one, then every other', async () => {
    const user = await createUser(t.db);
    const laptop = browser();
    const phone = browser(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    );
    const tablet = browser();
    await logIn(laptop, user.email, true);
    vi.setSystemTime(later(60));
    await logIn(phone, user.email);
    vi.setSystemTime(later(120));
    await logIn(tablet, user.email);

    const listed = (await laptop.send('GET', '/api/me/logins')).json();
    expect(listed).toHaveLength(3);
    const mine = listed.find((login: { current: boolean }) => login.current);
    expect(mine).toMatchObject({ browser: 'Chrome 131', system: 'Windows 10', persistent: true });
    const onPhone = listed.find((login: { browser: string }) => login.browser.startsWith('Safari'));
    expect(onPhone).toMatchObject({ system: 'iOS 18.1', current: false, createdAt: later(60).toISOString() });

    expect((await laptop.send('DELETE', `/api/me/logins/${mine.id}`)).statusCode).toBe(400);
    expect((await laptop.send('DELETE', `/api/me/logins/${onPhone.id}`)).statusCode).toBe(204);
    // The phone is out at its next request.
    expect((await phone.send('GET', '/api/auth/session')).json().user).toBeNull();
    expect((await phone.send('GET', '/api/me/logins')).statusCode).toBe(401);

    const ended = await laptop.send('POST', '/api/me/logins/end-others');
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await tablet.send('GET', '/api/auth/session')).json().user).toBeNull();
    expect((await laptop.send('GET', '/api/auth/session')).json().user.id).toBe(user.id);
    expect(await auditOf(user.id, 'login.end')).toHaveLength(2);
  });

  it('never ends another account’s login, and lets the super admin end every login of a user', async () => {
    const user = await createUser(t.db);
    const theirs = browser();
    await logIn(theirs, user.email);
    const [row] = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    const stranger = await loginAs(t, 'user');
    expect((await t.call('DELETE', `/api/me/logins/${row!.id}`, stranger.cookie)).statusCode).toBe(404);
    const admin = await loginAs(t, 'admin');
    expect((await t.call('POST', `/api/users/${user.id}/logins/end`, admin.cookie)).statusCode).toBe(403);

    const boss = await loginAs(t, 'superadmin');
    const seen = (await t.call('GET', `/api/users/${user.id}/logins`, boss.cookie)).json();
    expect(seen).toHaveLength(1);
    expect(seen[0].current).toBe(false);
    const res = await t.call('POST', `/api/users/${user.id}/logins/end`, boss.cookie);
    expect(res.json()).toEqual({ ended: 1 });
    expect((await theirs.send('GET', '/api/auth/session')).json().user).toBeNull();
    const [logged] = await auditOf(user.id, 'login.end');
    expect(logged).toMatchObject({
      actorId: boss.user.id,
      before: { openLogins: 1 },
      after: { openLogins: 0 },
    });
  });
});

describe('staff branch (issue 45)', () => {
  it('is set by a super admin on staff accounts, logged, and refused where it makes no sense', async () => {
    const boss = await loginAs(t, 'superadmin');
    const home = await createBranch(t.db, { name: 'Sucursal Roma' });
    const { user: admin, cookie } = await loginAs(t, 'admin');
    const put = (id: string, body: object, who = boss.cookie) =>
      t.call('PUT', `/api/users/${id}/branch`, who, body);
    const set = await put(admin.id, { homeBranchId: home.id, branchOnly: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ homeBranchId: home.id, branchOnly: true });
    expect((await t.call('GET', '/api/auth/session', cookie)).json().user).toMatchObject({
      homeBranchId: home.id,
      branchOnly: true,
    });
    const [logged] = await auditOf(admin.id, 'staff.branch');
    expect(logged).toMatchObject({
      before: { sucursal: null, soloSuSucursal: false },
      after: { sucursal: 'Sucursal Roma', soloSuSucursal: true },
    });

    const client = await createUser(t.db);
    expect((await put(client.id, { homeBranchId: home.id, branchOnly: false })).json().error.message).toBe(
      sm.branchForStaff,
    );
    expect((await put(admin.id, { homeBranchId: null, branchOnly: true })).json().error.message).toBe(
      sm.branchOnlyNeedsBranch,
    );
    expect((await put(admin.id, { homeBranchId: randomUUID(), branchOnly: false })).statusCode).toBe(400);
    expect((await put(boss.user.id, { homeBranchId: home.id, branchOnly: true })).statusCode).toBe(403);
    expect((await put(admin.id, { homeBranchId: home.id, branchOnly: false }, cookie)).statusCode).toBe(403);
  });

  it('refuses a branch-only account every named route at another branch, and lets it work at its own', async () => {
    const boss = await loginAs(t, 'superadmin');
    const home = await createBranch(t.db);
    const away = await createBranch(t.db);
    const rooms = {
      [home.id]: await createRoom(t.db, { branchId: home.id, cityId: home.cityId }),
      [away.id]: await createRoom(t.db, { branchId: away.id, cityId: away.cityId }),
    };
    const coffee = await createProduct(t.db, { priceCents: 3_500, credits: 0, extra: 0, isDigital: false });
    const client = await createUser(t.db, { credits: 20 });
    // A drawer open at each branch (opened by the super admin, who may).
    const drawers: Record<string, string> = {};
    for (const branch of [home, away]) {
      const opened = await t.call('POST', '/api/cash-drawers', boss.cookie, {
        branchId: branch.id,
        openingFloatCents: 50_000,
      });
      expect(opened.statusCode, opened.body).toBe(201);
      drawers[branch.id] = opened.json().id;
    }
    const closedAway = await t.db.select().from(cashDrawers).where(eq(cashDrawers.branchId, away.id));
    expect(closedAway).toHaveLength(1);

    const restrict = async (role: 'admin' | 'superadmin') => {
      const staff = await createUser(t.db, { role });
      await t.call('PUT', `/api/users/${staff.id}/branch`, boss.cookie, {
        homeBranchId: home.id,
        branchOnly: true,
      });
      const b = browser();
      await logIn(b, staff.email);
      return b;
    };
    const admin = await restrict('admin');
    const manager = await restrict('superadmin');
    const date = '2030-01-10';
    const slot = (branchId: string, hour: string) => ({ branchId, roomId: rooms[branchId]!.id, date, hour });
    const series = (branchId: string) => ({
      ...slot(branchId, '12:00'),
      everyWeeks: 1,
      count: 2,
      clientId: client.id,
    });

    type Route = { name: string; who: Browser; send: (branchId: string) => [HTTPMethods, string, object?] };
    const routes: Route[] = [
      {
        name: 'POST /api/pos/orders',
        who: admin,
        send: (branchId) => [
          'POST',
          '/api/pos/orders',
          {
            idempotencyKey: randomUUID(),
            clientId: client.id,
            branchId,
            items: [{ productId: coffee.id, quantity: 1 }],
            cashCents: 3_500,
          },
        ],
      },
      { name: 'GET /api/cash-drawers', who: admin, send: (b) => ['GET', `/api/cash-drawers?branchId=${b}`] },
      {
        name: 'GET /api/cash-drawers/:id',
        who: admin,
        send: (b) => ['GET', `/api/cash-drawers/${drawers[b]}`],
      },
      {
        name: 'POST /api/cash-drawers',
        who: admin,
        send: (b) => ['POST', '/api/cash-drawers', { branchId: b, openingFloatCents: 10_000 }],
      },
      {
        name: 'POST /api/cash-drawers/:id/close',
        who: admin,
        send: (b) => ['POST', `/api/cash-drawers/${drawers[b]}/close`, { countedCents: 1, note: 'Prueba' }],
      },
      {
        name: 'POST /api/cash-drawers/:id/reopen',
        who: manager,
        send: (b) => ['POST', `/api/cash-drawers/${drawers[b]}/reopen`, { reason: 'Conteo repetido' }],
      },
      {
        name: 'GET /api/staff/sessions',
        who: admin,
        send: (b) => ['GET', `/api/staff/sessions?date=${date}&branchId=${b}`],
      },
      {
        name: 'GET /api/staff/sessions/grid',
        who: admin,
        send: (b) => ['GET', `/api/staff/sessions/grid?date=${date}&branchId=${b}`],
      },
      {
        name: 'POST /api/staff/sessions',
        who: manager,
        send: (b) => [
          'POST',
          '/api/staff/sessions',
          { ...slot(b, '10:00'), for: 'client', clientId: client.id },
        ],
      },
      {
        name: 'POST /api/staff/sessions/series/preview',
        who: manager,
        send: (b) => ['POST', '/api/staff/sessions/series/preview', series(b)],
      },
      {
        name: 'POST /api/staff/sessions/series',
        who: manager,
        send: (b) => [
          'POST',
          '/api/staff/sessions/series',
          { ...series(b), occurrences: [{ date, roomId: rooms[b]!.id }] },
        ],
      },
    ];
    for (const route of routes) {
      const [method, url, body] = route.send(away.id);
      const refused = await route.who.send(method, url, body);
      expect(refused.statusCode, `${route.name} at another branch: ${refused.body}`).toBe(403);
      expect(refused.json().error.message, route.name).toBe(sm.onlyHomeBranch);
    }
    // Nothing was stored at the other branch.
    expect(await t.db.select().from(cashDrawers).where(eq(cashDrawers.branchId, away.id))).toEqual(
      closedAway,
    );
    // At its own branch, the same routes work (the answers of the business, never the branch refusal).
    for (const route of routes) {
      const [method, url, body] = route.send(home.id);
      const res = await route.who.send(method, url, body);
      expect(res.statusCode, `${route.name} at home: ${res.body}`).not.toBe(403);
      expect(res.statusCode, `${route.name} at home: ${res.body}`).toBeLessThan(500);
    }
  });

  it('refuses a branch-only super admin cancelling or moving a client’s session at another branch', async () => {
    const boss = await loginAs(t, 'superadmin');
    const home = await createBranch(t.db);
    const away = await createBranch(t.db);
    const homeRoom = await createRoom(t.db, { branchId: home.id, cityId: home.cityId });
    const awayRoom = await createRoom(t.db, { branchId: away.id, cityId: away.cityId });
    const client = await createUser(t.db, { credits: 5 });
    const inTwoDays = new Date(NOW.getTime() + 2 * 86_400_000);
    const atAway = await createSession(t.db, awayRoom, { userId: client.id, startsAt: inTwoDays });
    const atHome = await createSession(t.db, homeRoom, {
      userId: client.id,
      startsAt: new Date(inTwoDays.getTime() + 3_600_000),
    });
    const manager = await createUser(t.db, { role: 'superadmin' });
    await t.call('PUT', `/api/users/${manager.id}/branch`, boss.cookie, {
      homeBranchId: home.id,
      branchOnly: true,
    });
    const b = browser();
    await logIn(b, manager.email);

    const cancel = await b.send('POST', `/api/sessions/${atAway.id}/cancel`);
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().error.message).toBe(sm.onlyHomeBranch);
    const move = await b.send('POST', `/api/sessions/${atHome.id}/reschedule`, {
      branchId: away.id,
      roomId: awayRoom.id,
      date: '2030-01-14',
      hour: '10:00',
    });
    expect(move.statusCode, move.body).toBe(403);
    expect(move.json().error.message).toBe(sm.onlyHomeBranch);
    // At its own branch it works.
    expect((await b.send('POST', `/api/sessions/${atHome.id}/cancel`)).statusCode).toBe(200);
  });

  it('refuses the reservation list to a branch-only account whose branch was deleted (fails closed)', async () => {
    const boss = await loginAs(t, 'superadmin');
    const gone = await createBranch(t.db);
    const staff = await createUser(t.db, { role: 'admin' });
    await t.call('PUT', `/api/users/${staff.id}/branch`, boss.cookie, {
      homeBranchId: gone.id,
      branchOnly: true,
    });
    const deleted = await t.call('DELETE', `/api/branches/${gone.id}`, boss.cookie, {
      confirmName: gone.name,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const b = browser();
    await logIn(b, staff.email);
    const res = await b.send('GET', '/api/staff/sessions?date=2030-01-10');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(sm.onlyHomeBranch);
  });

  it('lists only its own branch when a branch-only admin asks for every branch', async () => {
    const boss = await loginAs(t, 'superadmin');
    const home = await createBranch(t.db);
    const away = await createBranch(t.db);
    const date = '2030-01-11';
    for (const branch of [home, away]) {
      const room = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId });
      const booked = await t.call('POST', '/api/staff/sessions', boss.cookie, {
        branchId: branch.id,
        roomId: room.id,
        date,
        hour: '10:00',
        for: 'courtesy',
        courtesyName: 'Cortesía Prueba',
      });
      expect(booked.statusCode, booked.body).toBe(201);
    }
    const staff = await createUser(t.db, { role: 'admin' });
    await t.call('PUT', `/api/users/${staff.id}/branch`, boss.cookie, {
      homeBranchId: home.id,
      branchOnly: true,
    });
    const b = browser();
    await logIn(b, staff.email);
    const page = (await b.send('GET', `/api/staff/sessions?date=${date}`)).json();
    expect(page.rows.map((row: { branchId: string }) => row.branchId)).toEqual([home.id]);
  });
});
