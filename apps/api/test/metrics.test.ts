import { createBranch, createRoom } from '@sala/db/factories/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/** Issue 20 point 9: GET /api/metrics in Prometheus text, for this machine or a super admin. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The Prometheus text format, line by line: `# HELP`/`# TYPE` comments and `name{label="v",…} value` samples. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    // NaN and ±Inf in any case, as Prometheus reads them (Go's ParseFloat): prom-client writes a mean with no sample
    // yet (the event loop's lag, scraped within its first 10 ms) as "Nan".
    const match =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[nN][aA][nN]|[+-][iI][nN][fF])$/.exec(line);
    if (!match) throw new Error(`not a Prometheus sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of match[2]?.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g) ?? [])
      labels[pair[1]!] = pair[2]!;
    const text = match[3]!.toLowerCase();
    const number =
      text === '+inf' ? Number.POSITIVE_INFINITY : text === '-inf' ? Number.NEGATIVE_INFINITY : Number(text);
    samples.push({ name: match[1]!, labels, value: number });
  }
  return samples;
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

const scrape = (
  options: { cookie?: string; remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });

describe('GET /api/metrics', () => {
  it('refuses an admin (403) and a visitor (401) from another address, in the envelope', async () => {
    const admin = await loginAs(t, 'admin');
    const refused = await scrape({ cookie: admin.cookie, remoteAddress: '10.20.0.1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('permission-denied');
    const anonymous = await scrape({ remoteAddress: '10.20.0.2' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a scraper on this machine, but not a request a local proxy relays', async () => {
    const local = await scrape();
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const relayed = await scrape({ headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(relayed.statusCode).toBe(401);
  });

  it('gives a super admin Prometheus text whose booking counter a booking moves', async () => {
    const boss = await loginAs(t, 'superadmin');
    const read = async () => {
      const res = await scrape({ cookie: boss.cookie, remoteAddress: '10.20.0.3' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return parse(res.body);
    };
    const before = await read();

    const branch = await createBranch(t.db);
    const room = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId });
    const client = await loginAs(t, 'user', { credits: 2 });
    const { addDays, businessDate, weekdayOf } = await import('@sala/shared/time/business-time');
    let date = addDays(businessDate(new Date()), 2);
    if (weekdayOf(date) === 0) date = addDays(date, 1);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { cookie: client.cookie },
      payload: { branchId: branch.id, roomId: room.id, date, hour: '10:00' },
    });
    expect(booked.statusCode).toBe(201);

    const after = await read();
    expect(value(after, 'sala_bookings_total', { by: 'client' })).toBe(
      value(before, 'sala_bookings_total', { by: 'client' }) + 1,
    );
    // Requests by route pattern and status, with their latency.
    expect(
      value(after, 'sala_http_requests_total', { method: 'POST', route: '/api/sessions', status: '201' }),
    ).toBe(1);
    expect(
      value(after, 'sala_http_request_duration_seconds_count', { method: 'POST', route: '/api/sessions' }),
    ).toBe(1);
    // The pool, the outbox (the booking queued its e-mails: no server sends them here), the process.
    expect(after.some((s) => s.name === 'sala_db_pool_connections' && s.labels.state === 'open')).toBe(true);
    expect(value(after, 'sala_db_pool_acquired_total')).toBeGreaterThan(
      value(before, 'sala_db_pool_acquired_total'),
    );
    // A booking is a transaction of several statements, its BEGIN and COMMIT among them.
    expect(value(after, 'sala_db_statements_total')).toBeGreaterThanOrEqual(
      value(before, 'sala_db_statements_total') + 5,
    );
    expect(value(after, 'sala_outbox_messages', { status: 'pending' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'sala_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
    expect(after.some((s) => s.name.startsWith('sala_process_'))).toBe(true);
  });
});
