import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Answers shorter than this go out as they are (app.ts gives @fastify/compress the same threshold). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts of ours: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** How hard to compress: the pages, made a few times a day, at the most; answers made each minute, less. */
export const COMPRESSION = {
  max: { brotliQuality: 11, gzipLevel: 9 },
  everyMinute: { brotliQuality: 6, gzipLevel: 6 },
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
      forms[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            })
          : gzipSync(raw, { level: gzipLevel });
      return forms[encoding];
    },
  };
}

/**
 * Sends a remembered text in the form the client accepts, compressed once for everyone rather than once per request
 * (@fastify/compress leaves an answer that already says its encoding alone).
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  text: EncodedText,
  contentType: string,
): FastifyReply {
  reply.type(contentType).header('vary', 'accept-encoding');
  const encoding =
    text.raw.length >= COMPRESS_THRESHOLD_BYTES ? pickEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(text.raw);
  return reply.header('content-encoding', encoding).send(text.form(encoding));
}
