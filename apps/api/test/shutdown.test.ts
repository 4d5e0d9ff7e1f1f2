import { connect } from 'node:net';
import { commonMessages } from '@sala/shared/errors/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 20 point 3: between SIGTERM and the end of the drain, a request that reaches a closing server (pipelined
 * or on a kept-alive connection) is answered 503 in the Spanish envelope with `Connection: close`; the request
 * already in flight finishes normally.
 */
let t: TestApp;
let release: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  release = resolve;
});
let port = 0;
/** Resolved when the slow request is in its handler, and when the second request's answer is on its way. */
let inHandler: () => void = () => {};
const handling = new Promise<void>((resolve) => {
  inHandler = resolve;
});
let closingStarted: () => void = () => {};
const closing = new Promise<void>((resolve) => {
  closingStarted = resolve;
});
let secondAnswered: () => void = () => {};
const answeringSecond = new Promise<void>((resolve) => {
  secondAnswered = resolve;
});

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/api/__test/slow', { config: { access: 'public' } }, async () => {
        inHandler();
        await gate;
        return { done: true };
      });
      app.addHook('preClose', async () => {
        closingStarted();
      });
      app.addHook('onSend', async (request) => {
        if (request.url === '/api/health') secondAnswered();
      });
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  release();
  await t.database.close();
});

/** A kept-alive connection: requests written on it, everything the server wrote back until it closed it. */
function connection() {
  const socket = connect(port, '127.0.0.1');
  let raw = '';
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('data', (chunk) => {
      raw += chunk.toString('utf8');
    });
    socket.on('close', () => resolve(raw));
    socket.on('error', reject);
  });
  const request = (path: string) =>
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`;
  return { ended, send: (path: string) => socket.write(request(path)) };
}

describe('shutdown', () => {
  it('answers what arrives while closing with 503 in the envelope, and finishes what was in flight', async () => {
    const client = connection();
    client.send('/api/__test/slow');
    // The slow request is in its handler when the process is told to stop; then a second request arrives on
    // the same kept-alive connection, and is answered (after the first, in order) before the first finishes.
    await handling;
    const closed = t.app.close();
    await closing;
    client.send('/api/health');
    // (Fastify's own 503 bypasses the hooks: then only the timeout ends the wait, and the checks below fail.)
    await Promise.race([answeringSecond, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    release();
    const raw = await client.ended;
    await closed;

    const responses = raw.split(/(?=HTTP\/1\.1 )/);
    expect(responses).toHaveLength(2);
    expect(responses[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(responses[0]).toContain('{"done":true}');

    const [head, body] = responses[1]!.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503/);
    expect(head!.toLowerCase()).toContain('connection: close');
    expect(head!.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(body!)).toEqual({
      error: { code: 'unavailable', message: commonMessages.shuttingDown },
    });
  });
});
