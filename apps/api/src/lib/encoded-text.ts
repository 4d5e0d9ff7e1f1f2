import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Answers shorter than this go out as they are (app.ts gives @fastify/compress the same threshold). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding of ours the client ranks highest (its q-values; brotli on a tie), gzip also as its old name x-gzip;
 * none when it accepts neither.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (...names: string[]) =>
    Math.max(...names.map((name) => accepted.get(name) ?? accepted.get('*') ?? 0));
  const br = weight('br');
  const gzip = weight('gzip', 'x-gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** How hard to compress: the pages, made a few times a day, at the most; answers made again each second, less. */
export const COMPRESSION = {
  max: { brotliQuality: 11, gzipLevel: 9 },
  often: { brotliQuality: 6, gzipLevel: 6 },
} as const;

/** A text sent many times as it is: its bytes, and each compressed form made on its first ask and kept. */
export type EncodedText = { readonly raw: Buffer; form(encoding: Encoding): Buffer };

export function encodedText(
  text: string,
  { brotliQuality, gzipLevel }: (typeof COMPRESSION)[keyof typeof COMPRESSION],
): EncodedText {
  const raw = Buffer.from(text);
  const forms: Partial<Record<Encoding, Buffer>> = {};
  return {
    raw,
    form(encoding) {
      if (!forms[encoding]) {
        const made =
          encoding === 'br'
            ? brotliCompressSync(raw, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              })
            : gzipSync(raw, { level: gzipLevel });
        // zlib answers with a slice of its 16 KiB output chunk: kept as it is, a 300-byte form would hold all of it.
        forms[encoding] = Buffer.copyBytesFrom(made);
      }
      return forms[encoding];
    },
  };
}

/** Adds accept-encoding to the answer's Vary, keeping what it already names (as @fastify/compress does). */
function varyByEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const named = [vary ?? []].flat().map(String);
  if (!named.some((value) => value.toLowerCase().includes('accept-encoding')))
    reply.header('vary', [...named, 'accept-encoding'].join(', '));
}

/**
 * Sends a remembered text in the form the client accepts, compressed once for everyone rather than once per request
 * (@fastify/compress leaves an answer that already says its encoding alone). A request that asks for none
 * (`x-no-compression`, which @fastify/compress honours too) gets the text as it is. The caller gives the answer its
 * type.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, text: EncodedText): FastifyReply {
  varyByEncoding(reply);
  const encoding =
    text.raw.length >= COMPRESS_THRESHOLD_BYTES && request.headers['x-no-compression'] === undefined
      ? pickEncoding(request.headers['accept-encoding'])
      : null;
  if (!encoding) return reply.send(text.raw);
  return reply.header('content-encoding', encoding).send(text.form(encoding));
}
