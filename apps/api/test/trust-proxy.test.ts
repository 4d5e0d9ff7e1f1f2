import { createUser } from '@sala/db/factories/factories';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * Behind a reverse proxy the client's address comes from X-Forwarded-For, but only as far as the configured
 * proxies vouch for it: whatever a client writes at the front of the header must not become its address, or it
 * walks around the per-address login limit (issue 18).
 */
const apps: TestApp[] = [];
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function appTrusting(
  trustProxy: string,
  extend?: NonNullable<Parameters<typeof createTestApp>[0]>['extend'],
) {
  const t = await createTestApp({ env: { TRUST_PROXY: trustProxy }, extend });
  apps.push(t);
  return t;
}

const PROXY = '10.20.0.2';
const CLIENT = '203.0.113.7';

describe.each([
  ['one hop', '1'],
  ["the proxy's address", PROXY],
  ["the proxy's block", '10.20.0.0/24'],
])('TRUST_PROXY as %s', (_case, trustProxy) => {
  it('keeps counting a client that forges X-Forwarded-For, so the login limit holds', async () => {
    freezeClock(new Date('2026-11-21T10:00:00Z'));
    const t = await appTrusting(trustProxy);
    const user = await createUser(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'mala' },
        remoteAddress: PROXY,
        // The client forges a new first address each time; the proxy appends the one it saw.
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}, ${CLIENT}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('TRUST_PROXY as two hops', () => {
  it("reads the client two addresses back: the address the first proxy saw, not the client's own claim", async () => {
    const seen: string[] = [];
    const t = await appTrusting('2', (app) => {
      app.addHook('onRequest', async (request) => {
        seen.push(request.ip);
      });
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.20.0.3',
      headers: { 'x-forwarded-for': `198.51.100.1, ${CLIENT}, ${PROXY}` },
    });
    expect(seen).toEqual([CLIENT]);
  });
});

describe.each([
  ["the proxy's address", PROXY],
  ["the proxy's block", '10.20.0.0/24'],
])('TRUST_PROXY as %s, reached without the proxy', (_case, trustProxy) => {
  it('reads a client that connects directly by its own socket, whatever X-Forwarded-For it sends', async () => {
    const seen: string[] = [];
    const t = await appTrusting(trustProxy, (app) => {
      app.addHook('onRequest', async (request) => {
        seen.push(request.ip);
      });
    });
    for (const forged of ['198.51.100.1', `198.51.100.1, ${PROXY}`]) {
      await t.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: CLIENT,
        headers: { 'x-forwarded-for': forged },
      });
    }
    expect(seen).toEqual([CLIENT, CLIENT]);
  });
});
