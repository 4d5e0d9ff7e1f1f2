import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  COMPRESS_THRESHOLD_BYTES,
  COMPRESSION,
  encodedText,
  pickEncoding,
  sendEncoded,
} from './encoded-text';

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['br;q=0.1, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['x-gzip', 'gzip'],
    ['identity', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('encodedText', () => {
  const text = JSON.stringify({
    hours: Array.from({ length: 13 }, (_, i) => ({ hour: `${8 + i}:00`, free: i })),
  });

  it('compresses each form the first time it is asked for, and gives the same bytes after', () => {
    const encoded = encodedText(text, COMPRESSION.often);
    expect(encoded.raw.toString()).toBe(text);
    const br = encoded.form('br');
    expect(encoded.form('br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(gunzipSync(encoded.form('gzip')).toString()).toBe(text);
    expect(br.length).toBeLessThan(encoded.raw.length);
  });

  it("keeps each form in a buffer of its own size, not in zlib's 16 KiB chunk", () => {
    const encoded = encodedText(text, COMPRESSION.often);
    for (const form of [encoded.form('br'), encoded.form('gzip')])
      expect(form.buffer.byteLength).toBeLessThanOrEqual(Buffer.poolSize);
  });
});

const JSON_TYPE = 'application/json; charset=utf-8';

describe('sendEncoded', () => {
  const long = encodedText(JSON.stringify({ text: 'hora libre '.repeat(200) }), COMPRESSION.often);
  const short = encodedText(JSON.stringify({ status: 'ok' }), COMPRESSION.often);
  const app = Fastify();
  app.get('/long', async (request, reply) => sendEncoded(request, reply.type(JSON_TYPE), long));
  app.get('/short', async (request, reply) => sendEncoded(request, reply.type(JSON_TYPE), short));
  app.get('/varied', async (request, reply) =>
    sendEncoded(request, reply.type(JSON_TYPE).header('vary', 'origin'), long),
  );
  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the form the client accepts, with its encoding and its type, and says it varies by it', async () => {
    expect(long.raw.length).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD_BYTES);
    const br = await get('/long', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(long.raw.toString());
    const gzip = await get('/long', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(long.raw.toString());
    const plain = await get('/long');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(long.raw.toString());
  });

  it('sends the text as it is to a request that asks for no compression', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/long',
      headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(long.raw.toString());
  });

  it('adds accept-encoding to a Vary the answer already has', async () => {
    const res = await get('/varied', 'br');
    expect(res.headers.vary).toBe('origin, accept-encoding');
  });

  it('sends a short text as it is, whatever the client accepts', async () => {
    const res = await get('/short', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
