import { createUser, FACTORY_PASSWORD } from '@sala/db/factories/factories';
import type { UserRole } from '@sala/db/schema/users';
import type { TestApp } from './test-app';

/** Logs in through the API (not the form) and returns the Cookie header to send with later requests. */
export async function loginAs(t: TestApp, role: UserRole, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, { role, ...overrides });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: FACTORY_PASSWORD },
    remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (res.statusCode !== 200) throw new Error(`login as ${role} failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sala_session');
  return { user, cookie: `sala_session=${cookie!.value}` };
}
