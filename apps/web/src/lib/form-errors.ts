import { notify } from '../components/ui/toast';
import { ApiError } from './api-client';

type SetFieldError = (field: string, error: { type: string; message: string }) => void;

/**
 * How a failed save reads to the person who pressed "Guardar": a refusal the API explains (4xx) shows its
 * Spanish message, in a toast and under the fields it names; anything else shows the form's own failure text.
 * Returns the message for the toast.
 */
export function saveErrorMessage(error: unknown, fallback: string, setFieldError?: SetFieldError): string {
  if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) return fallback;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    setFieldError?.(field, { type: 'server', message });
  }
  return error.message;
}

/** The first message anywhere in a nested react-hook-form error (a list or tuple of fields, say). */
export function firstErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = firstErrorMessage(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * The callbacks of a form dialog's save: on success the green toast and close; on failure the red toast and
 * the API's messages under the fields they name.
 */
export function saveCallbacks<TField extends string>(options: {
  success: string;
  fallback: string;
  onDone: () => void;
  /** react-hook-form's setError: the API names its fields as the form does (one contract). */
  setError?: (field: TField, error: { type: string; message: string }) => void;
}) {
  const { setError } = options;
  return {
    onSuccess: () => {
      notify.success(options.success);
      options.onDone();
    },
    onError: (error: unknown) =>
      notify.error(
        saveErrorMessage(error, options.fallback, setError && ((field, e) => setError(field as TField, e))),
      ),
  };
}

/**
 * For toggles and deletes inside a confirmation: report the failure, then rethrow so the dialog stays open.
 * `toastId` names the dialog: its next failure replaces this one's toast.
 */
export async function reportFailure<T>(
  action: () => Promise<T>,
  fallback: string,
  toastId?: string,
): Promise<T> {
  try {
    return await action();
  } catch (error) {
    const message = saveErrorMessage(error, fallback);
    if (toastId) notify.error(message, { id: toastId });
    else notify.error(message);
    throw error;
  }
}
