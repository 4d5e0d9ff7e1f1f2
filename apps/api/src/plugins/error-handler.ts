import type { Socket } from 'node:net';
import { type ErrorCode, errorHttpStatus, type TErrorEnvelope } from '@sala/shared/errors/error-codes';
import { commonMessages } from '@sala/shared/errors/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { pgErrorOf } from '../lib/db-errors';

type Failure = { code: ErrorCode; message: string; status?: number };

const envelope = (code: ErrorCode, message: string, fields?: Record<string, string>): TErrorEnvelope => ({
  error: { code, message, ...(fields ? { fields } : {}) },
});

/** `status` only where HTTP has a more precise word than the code's own (413, 414, 415, 431). */
function send(
  reply: FastifyReply,
  { code, message, status }: Failure,
  fields?: Record<string, string>,
): FastifyReply {
  return reply
    .status(status ?? errorHttpStatus[code])
    .type('application/json; charset=utf-8')
    .send(envelope(code, message, fields));
}

/** PostgreSQL refusals that slipped past a service's own check: still never a 500. */
function fromDatabase(error: unknown): Failure | undefined {
  switch (pgErrorOf(error)?.code) {
    case '23505': // unique_violation
    case '23503': // foreign_key_violation
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      return { code: 'aborted', message: commonMessages.conflict };
    case '23514': // check_violation
    case '22P02': // invalid_text_representation
    case '22001': // string_data_right_truncation
    case '22003': // numeric_value_out_of_range
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
    case '22021': // character_not_in_repertoire (a NUL byte in text)
    case '22P05': // untranslatable_character
    case '2200H': // sequence_generator_limit_exceeded
      return { code: 'invalid-argument', message: commonMessages.invalidInput };
    default:
      return undefined;
  }
}

/** Fastify's own refusals (routing, content type, body size), in Spanish and without paths or Fastify codes. */
function fromFramework(error: FastifyError): Failure | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'invalid-argument', message: commonMessages.invalidJson };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'invalid-argument', message: commonMessages.unsupportedMediaType, status: 415 };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 'invalid-argument', message: commonMessages.invalidRequest };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'invalid-argument', message: commonMessages.payloadTooLarge, status: 413 };
    case 'FST_ERR_BAD_URL':
      return { code: 'invalid-argument', message: commonMessages.badUrl };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { code: 'invalid-argument', message: commonMessages.urlTooLong, status: 414 };
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return { code: 'internal', message: commonMessages.genericError };
    default:
      return undefined;
  }
}

function fromStatus(status: number): Failure {
  if (status === 401) return { code: 'unauthenticated', message: commonMessages.unauthenticated };
  if (status === 403) return { code: 'permission-denied', message: commonMessages.permissionDenied };
  if (status === 404) return { code: 'not-found', message: commonMessages.routeNotFound };
  if (status === 429) return { code: 'resource-exhausted', message: commonMessages.tooManyRequests };
  if (status === 503) return { code: 'unavailable', message: commonMessages.unavailable };
  return { code: 'invalid-argument', message: commonMessages.invalidInput };
}

/**
 * One place turns every failure into the error envelope of docs/business-rules.md D§6. Internals (stacks, SQL, paths) go to
 * the log with the request id, never to the client.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error, error.fields);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
        fields[key] ??= issue.message ?? commonMessages.invalidInput;
      }
      const first = error.validation[0]?.message ?? commonMessages.invalidInput;
      return send(reply, { code: 'invalid-argument', message: first }, fields);
    }

    const framework = fromFramework(error);
    if (framework) return send(reply, framework);
    if (error instanceof SyntaxError) {
      return send(reply, { code: 'invalid-argument', message: commonMessages.invalidJson });
    }

    const fromDb = fromDatabase(error);
    if (fromDb) {
      request.log.warn({ err: error }, 'database refused a request');
      return send(reply, fromDb);
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return send(reply, fromStatus(status));
    if (status === 503) return send(reply, fromStatus(status));

    request.log.error({ err: error }, 'unexpected error');
    return send(reply, { code: 'internal', message: commonMessages.genericError });
  });
}

/** Fastify's `frameworkErrors` option: a malformed URL or an over-long parameter, before any route runs. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return send(reply, fromFramework(error) ?? { code: 'invalid-argument', message: commonMessages.badUrl });
}

/**
 * Fastify's `clientErrorHandler` option: requests Node's HTTP parser refuses (headers or URL over the size
 * limit, garbage) never reach Fastify, so the answer is written on the socket, in the same envelope.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, failure]: [number, string, Failure] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          { code: 'invalid-argument', message: commonMessages.headersTooLarge },
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', { code: 'deadline-exceeded', message: commonMessages.requestTimeout }]
        : [400, 'Bad Request', { code: 'invalid-argument', message: commonMessages.invalidRequest }];
  const body = JSON.stringify(envelope(failure.code, failure.message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
