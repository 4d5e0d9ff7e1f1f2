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
    const encoded = encodedText(text, COMPRESSION.everyMinute);
    expect(encoded.raw.toString()).toBe(text);
    const br = encoded.form('br');
    expect(encoded.form('br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(gunzipSync(encoded.form('gzip')).toString()).toBe(text);
    expect(br.length).toBeLessThan(encoded.raw.length);
  });
});

describe('sendEncoded', () => {
  const long = encodedText(JSON.stringify({ text: 'hora libre '.repeat(200) }), COMPRESSION.everyMinute);
  const short = encodedText(JSON.stringify({ status: 'ok' }), COMPRESSION.everyMinute);
  const app = Fastify();
  app.get('/long', async (request, reply) =>
    sendEncoded(request, reply, long, 'application/json; charset=utf-8'),
  );
  app.get('/short', async (request, reply) =>
    sendEncoded(request, reply, short, 'application/json; charset=utf-8'),
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

  it('sends a short text as it is, whatever the client accepts', async () => {
    const res = await get('/short', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
