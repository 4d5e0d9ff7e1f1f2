import { type ErrorCode, errorCodeForStatus, isErrorEnvelope } from '@sala/shared/errors/error-codes';
import { commonMessages } from '@sala/shared/errors/messages';

/** An API failure with the server's code and Spanish message, ready to show in a toast. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal };

/** The one way the SPA talks to /api: JSON in and out, cookies for the session, errors parsed once. */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      signal,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('unavailable', commonMessages.unavailable, 0);
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isErrorEnvelope(payload)) {
      const { code, message, fields } = payload.error;
      throw new ApiError(code, message, response.status, fields);
    }
    throw new ApiError(errorCodeForStatus(response.status), commonMessages.genericError, response.status);
  }
  return payload as T;
}
