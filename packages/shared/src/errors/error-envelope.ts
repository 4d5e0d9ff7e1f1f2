import { z } from '../common/zod';
import { type ErrorCode, errorHttpStatus } from './error-codes';

export const ZErrorCode = z.enum(Object.keys(errorHttpStatus) as [ErrorCode, ...ErrorCode[]]);

/** The error body of every API failure, as documented in OpenAPI and checked in tests. */
export const ZErrorEnvelope = z.object({
  error: z.object({
    code: ZErrorCode,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
