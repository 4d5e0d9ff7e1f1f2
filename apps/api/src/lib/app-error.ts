import { type ErrorCode, errorHttpStatus } from '@sala/shared/errors/error-codes';

/** A failure the user can be told about: a code of docs/business-rules.md §8 and a Spanish message. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Response headers that belong to the refusal (Retry-After of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = errorHttpStatus[code];
  }
}
