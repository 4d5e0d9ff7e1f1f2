import { createUser } from '@sala/db/factories/factories';
import { authSessions, passwordResetTokens } from '@sala/db/schema/auth';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { creditLedger } from '@sala/db/schema/ledger';
import { users } from '@sala/db/schema/users';
import { userMessages as m } from '@sala/shared/users/users.messages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let admin: { cookie: string };
let boss: { cookie: string; user: { id: string; email: string } };
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t, 'admin');
  boss = await loginAs(t, 'superadmin');
});
afterAll(async () => {
  await t.close();
});

const patch = (cookie: string, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: { cookie }, payload });
const contact = (u: { name: string; email: string; phone: string }) => ({
  name: u.name,
  email: u.email,
  phone: u.phone,
});

describe('GET /api/users', () => {
  it('pages, sorts and searches on the server', async () => {
    const tag = `zeta${Date.now()}`;
    for (const name of ['Ana', 'Beto', 'Carla', 'Dario', 'Elena']) {
      await createUser(t.db, { name: `${name} ${tag}`, email: `${name.toLowerCase()}-${tag}@example.test` });
    }
    const page1 = await t.app.inject({
      method: 'GET',
      url: `/api/users?q=${tag}&pageSize=2&page=1&sort=name&dir=desc`,
      headers: { cookie: admin.cookie },
    });
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(page1.json().rows.map((r: { name: string }) => r.name)).toEqual([`Elena ${tag}`, `Dario ${tag}`]);

    const page3 = await t.app.inject({
      method: 'GET',
      url: `/api/users?q=${tag}&pageSize=2&page=3&sort=name&dir=desc`,
      headers: { cookie: admin.cookie },
    });
    expect(page3.json().rows.map((r: { name: string }) => r.name)).toEqual([`Ana ${tag}`]);
    expect(page3.json().rows[0].passwordHash).toBeUndefined();
  });

  it('takes % and _ in the search literally', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users?q=%25',
      headers: { cookie: admin.cookie },
    });
    expect(res.json().total).toBe(0);
  });

  it.each(['pageSize=500', 'page=0', 'sort=password_hash', 'dir=sideways', `q=${'a'.repeat(101)}`])(
    'refuses %s with 400',
    async (query) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users?${query}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    },
  );
});

describe('PATCH /api/users/:id', () => {
  it('lets an admin edit a client’s contact data', async () => {
    const client = await createUser(t.db);
    const res = await patch(admin.cookie, client.id, {
      ...contact(client),
      name: 'Nombre Nuevo',
      phone: '5511112222',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Nombre Nuevo', phone: '5511112222' });
  });

  it.each([{ credits: 5 }, { role: 'admin' }, { isActive: false }])(
    'refuses %o from an admin',
    async (extra) => {
      const client = await createUser(t.db, { credits: 2 });
      const res = await patch(admin.cookie, client.id, { ...contact(client), ...extra });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(m.superAdminOnly);
      const [after] = await t.db.select().from(users).where(eq(users.id, client.id));
      expect(after).toMatchObject({ credits: 2, role: 'user', isActive: true });
    },
  );

  it('writes a super admin’s credit change as a ledger adjustment', async () => {
    const client = await createUser(t.db, { credits: 3 });
    const res = await patch(boss.cookie, client.id, { ...contact(client), credits: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json().credits).toBe(10);
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.userId, client.id));
    expect(ledger.map((row) => [row.delta, row.balanceAfter, row.reason])).toEqual([
      [3, 3, 'adjustment'],
      [7, 10, 'adjustment'],
    ]);
    expect(ledger[1]!.actorId).toBe(boss.user.id);
    const [sum] = await t.db
      .select({ total: sql<number>`sum(${creditLedger.delta})::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, client.id));
    expect(sum!.total).toBe(10);
  });

  it.each([[-1], [1.5], ['diez']])('refuses credits %o with the spec message', async (credits) => {
    const client = await createUser(t.db);
    const res = await patch(boss.cookie, client.id, { ...contact(client), credits });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Verifica el valor de los créditos');
  });

  it('locks the e-mail of staff accounts', async () => {
    const staff = await createUser(t.db, { role: 'admin' });
    const res = await patch(boss.cookie, staff.id, { ...contact(staff), email: 'otro@example.test' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(m.emailLocked);
  });

  it('keeps admins away from staff accounts', async () => {
    const staff = await createUser(t.db, { role: 'superadmin' });
    const res = await patch(admin.cookie, staff.id, contact(staff));
    expect(res.statusCode).toBe(403);
  });

  it('refuses a super admin demoting or deactivating themselves', async () => {
    const [me] = await t.db.select().from(users).where(eq(users.id, boss.user.id));
    for (const change of [{ role: 'user' }, { isActive: false }]) {
      const res = await patch(boss.cookie, me!.id, { ...contact(me!), ...change });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(m.cannotChangeSelf);
    }
  });

  it('refuses an e-mail another account has', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const res = await patch(boss.cookie, a.id, { ...contact(a), email: b.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(await mailsTo(a.email)).toHaveLength(0);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const unknown = await patch(boss.cookie, '01900000-0000-7000-8000-000000000000', {
      name: 'Nadie',
      email: 'nadie@example.test',
      phone: '5500000000',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await patch(boss.cookie, 'abc', {
      name: 'Nadie',
      email: 'nadie@example.test',
      phone: '5500000000',
    });
    expect(malformed.statusCode).toBe(400);
  });
});

const mailsTo = (address: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
const sessionsOf = (userId: string) =>
  t.db.select().from(authSessions).where(eq(authSessions.userId, userId));

describe('changing a client’s e-mail (issue 18, point 3)', () => {
  it('refuses an admin with a Spanish 403 and changes nothing, while the same case of the e-mail passes', async () => {
    const client = await loginAs(t, 'user');
    const res = await patch(admin.cookie, client.user.id, {
      ...contact(client.user),
      name: 'Nombre Nuevo',
      email: 'toma-de-cuenta@example.test',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'permission-denied',
      message: m.emailSuperAdminOnly,
      fields: { email: m.emailSuperAdminOnly },
    });
    const [after] = await t.db.select().from(users).where(eq(users.id, client.user.id));
    expect(after).toMatchObject({ email: client.user.email, name: client.user.name });
    expect(await mailsTo(client.user.email)).toHaveLength(0);
    expect(await sessionsOf(client.user.id)).toHaveLength(1);

    // The same address in other letters is no change: the admin still edits the rest.
    const same = await patch(admin.cookie, client.user.id, {
      ...contact(client.user),
      email: client.user.email.toUpperCase(),
      phone: '5598765432',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ email: client.user.email, phone: '5598765432' });
    expect(await sessionsOf(client.user.id)).toHaveLength(1);
  });

  it('lets a super admin change it, tells the old address, and ends the client’s sessions and reset links', async () => {
    const client = await loginAs(t, 'user', { name: 'Julia Ríos' });
    const oldEmail = client.user.email;
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: oldEmail },
      remoteAddress: '10.18.3.1',
    });
    expect(forgot.statusCode).toBe(200);
    const newEmail = `julia-nueva-${client.user.id}@example.test`;

    const res = await patch(boss.cookie, client.user.id, { ...contact(client.user), email: newEmail });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(newEmail);

    const notices = (await mailsTo(oldEmail)).filter(
      (mail) => mail.subject === 'Cambió el correo de tu cuenta',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Julia Ríos');
    expect(notices[0]!.text).toContain(newEmail);
    expect(await mailsTo(newEmail)).toHaveLength(0);

    expect(await sessionsOf(client.user.id)).toHaveLength(0);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: client.cookie },
    });
    expect(session.json().user).toBeNull();
    const openLinks = await t.db
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, client.user.id), isNull(passwordResetTokens.usedAt)));
    expect(openLinks).toHaveLength(0);

    // The super admin's own session goes on.
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: boss.cookie },
    });
    expect(own.json().user.id).toBe(boss.user.id);
  });

  it('sends no notice and ends no session when a super admin leaves the e-mail as it is', async () => {
    const client = await loginAs(t, 'user');
    const res = await patch(boss.cookie, client.user.id, { ...contact(client.user), name: 'Otro Nombre' });
    expect(res.statusCode).toBe(200);
    expect(await mailsTo(client.user.email)).toHaveLength(0);
    expect(await sessionsOf(client.user.id)).toHaveLength(1);
  });
});
