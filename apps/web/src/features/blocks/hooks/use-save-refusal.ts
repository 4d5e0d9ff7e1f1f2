import { useState } from 'react';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { saveErrorMessage } from '../../../lib/form-errors';

type SetFieldError = (field: string, error: { type: string; message: string }) => void;

/**
 * How a block form reports a failed save: the red toast with the API's Spanish message for a refusal (4xx), or
 * the form's own failure text; the message under the field the API names, or, when it names none (a conflict
 * with blocks already there), next to the button for as long as the form holds the values that were refused.
 * `valuesKey` identifies the form's current values; `toastId` names the form, whose next refusal replaces the red
 * toast of this one instead of stacking another (issue 39).
 */
export function useSaveRefusal(
  valuesKey: string,
  fallback: string,
  setFieldError: SetFieldError,
  toastId: string,
) {
  const [refusal, setRefusal] = useState<{ message: string; key: string }>();
  const onError = (error: unknown) => {
    const message = saveErrorMessage(error, fallback, setFieldError);
    notify.error(message, { id: toastId });
    const namesAField = error instanceof ApiError && Object.keys(error.fields ?? {}).length > 0;
    setRefusal(namesAField ? undefined : { message, key: valuesKey });
  };
  return {
    refusal: refusal?.key === valuesKey ? refusal.message : undefined,
    onError,
    clear: () => setRefusal(undefined),
  };
}
