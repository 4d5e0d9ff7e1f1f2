import type { FieldErrors, FieldValues, Path } from 'react-hook-form';

/**
 * "Todos los campos son obligatorios" said once (issue 39): when several fields are missing, the form says it once,
 * beside its button, and marks each missing field (red border, aria-invalid, the message as its description) instead
 * of repeating it under each. One missing field, or a mistake of another kind, is still said under its field.
 */
export function requiredOnce<T extends FieldValues>(
  errors: FieldErrors<T>,
  requiredMessage: string,
  summaryId: string,
) {
  const messageOf = (field: Path<T>) =>
    (errors as Record<string, { message?: unknown } | undefined>)[field]?.message;
  const missing = Object.keys(errors).filter((field) => messageOf(field as Path<T>) === requiredMessage);
  const once = missing.length > 1;
  const saidOnce = (field: Path<T>) => once && messageOf(field) === requiredMessage;
  return {
    /** The one message to show (with `summaryId`), or nothing. */
    summary: once ? requiredMessage : undefined,
    /** What a TextField of `field` gets: its own message, or a mark that points to the summary. */
    field: (field: Path<T>) =>
      saidOnce(field)
        ? { invalid: true, 'aria-describedby': summaryId }
        : { error: typeof messageOf(field) === 'string' ? (messageOf(field) as string) : undefined },
  };
}
