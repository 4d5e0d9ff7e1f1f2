import { type ErrorCode, errorHttpStatus, type TErrorEnvelope } from '@sala/shared/errors/error-codes';
import { commonMessages } from '@sala/shared/errors/messages';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { pgErrorOf } from '../lib/db-errors';

function send(reply: FastifyReply, code: ErrorCode, message: string, fields?: Record<string, string>) {
  const body: TErrorEnvelope = { error: { code, message, ...(fields ? { fields } : {}) } };
  return reply.status(errorHttpStatus[code]).type('application/json; charset=utf-8').send(body);
}

/** PostgreSQL constraint violations that slipped past a service's own check: still never a 500. */
function fromDatabase(error: unknown): { code: ErrorCode; message: string } | undefined {
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
      return { code: 'invalid-argument', message: commonMessages.invalidInput };
    default:
      return undefined;
  }
}

/**
 * One place turns every failure into the error envelope of design.md §6. Internals (stacks, SQL) go to the
 * log with the request id, never to the client.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, error.code, error.message, error.fields);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
        fields[key] ??= issue.message ?? commonMessages.invalidInput;
      }
      const first = error.validation[0]?.message ?? commonMessages.invalidInput;
      return send(reply, 'invalid-argument', first, fields);
    }

    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 'invalid-argument', commonMessages.invalidJson);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, 'invalid-argument', commonMessages.unsupportedMediaType);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 'invalid-argument', commonMessages.payloadTooLarge);
    }
    if (error instanceof SyntaxError) return send(reply, 'invalid-argument', commonMessages.invalidJson);

    const fromDb = fromDatabase(error);
    if (fromDb) {
      request.log.warn({ err: error }, 'database constraint rejected a request');
      return send(reply, fromDb.code, fromDb.message);
    }

    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, 'resource-exhausted', commonMessages.tooManyRequests);
    if (status === 401) return send(reply, 'unauthenticated', commonMessages.unauthenticated);
    if (status === 403) return send(reply, 'permission-denied', commonMessages.permissionDenied);
    if (status === 404) return send(reply, 'not-found', commonMessages.routeNotFound);
    if (status === 503) return send(reply, 'unavailable', commonMessages.unavailable);
    if (status >= 400 && status < 500) return send(reply, 'invalid-argument', commonMessages.invalidInput);

    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 'internal', commonMessages.genericError);
  });
}
