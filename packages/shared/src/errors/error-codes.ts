import { z } from 'zod';

/** Error codes of spec §8 and the HTTP status each one travels with (design.md §6). */
export const errorHttpStatus = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  aborted: 409,
  'resource-exhausted': 429,
  cancelled: 499,
  internal: 500,
  unimplemented: 501,
  unavailable: 503,
  'deadline-exceeded': 504,
} as const;

export type ErrorCode = keyof typeof errorHttpStatus;

export const ZErrorCode = z.enum(Object.keys(errorHttpStatus) as [ErrorCode, ...ErrorCode[]]);

/** Every API error has this body. `fields` names the inputs a validation message belongs to. */
export const ZErrorEnvelope = z.object({
  error: z.object({
    code: ZErrorCode,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

/** The reverse mapping, for a client reading a status without a body (a proxy's 502, say). */
export function errorCodeForStatus(status: number): ErrorCode {
  if (status === 0) return 'internal';
  const match = Object.entries(errorHttpStatus).find(([, s]) => s === status);
  return match ? (match[0] as ErrorCode) : status >= 500 ? 'internal' : 'invalid-argument';
}
