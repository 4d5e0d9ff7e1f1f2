/** Error codes of docs/business-rules.md §8 and the HTTP status each one travels with (docs/business-rules.md D§6). */
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

/** Every API error has this body (see error-envelope.ts for its zod contract). */
export type TErrorEnvelope = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorHttpStatus, value);
}

/** A dependency-free check, so the web bundle does not need zod to read an error. */
export function isErrorEnvelope(value: unknown): value is TErrorEnvelope {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    isErrorCode(error.code) &&
    typeof error.message === 'string'
  );
}

/** The reverse mapping, for a client reading a status without a body (a proxy's 502, say). */
export function errorCodeForStatus(status: number): ErrorCode {
  if (status === 0) return 'internal';
  const match = Object.entries(errorHttpStatus).find(([, s]) => s === status);
  return match ? (match[0] as ErrorCode) : status >= 500 ? 'internal' : 'invalid-argument';
}
