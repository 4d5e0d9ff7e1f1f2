import { createUser, FACTORY_PASSWORD } from '@sala/db/factories/factories';
import type { UserRole } from '@sala/db/schema/users';
import type { TestApp } from './test-app';

/** Each login comes from its own address (a counter, never a chance collision), so no test meets the login limit. */
let logins = 0;
const nextAddress = () => {
  logins += 1;
  return `10.0.${Math.floor(logins / 250) % 250}.${logins % 250}`;
};

/** Logs in through the API (not the form) and returns the Cookie header to send with later requests. */
export async function loginAs(t: TestApp, role: UserRole, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, { role, ...overrides });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: FACTORY_PASSWORD },
    remoteAddress: nextAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`login as ${role} failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sala_session');
  return { user, cookie: `sala_session=${cookie!.value}` };
}
