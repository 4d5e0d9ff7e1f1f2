import { z } from 'zod';

export const fieldMessages = {
  invalidId: 'Identificador inválido.',
  tooLong: 'El texto es demasiado largo.',
  invalidLabel: 'Usa solo letras, números, espacios y . , - ( ) # & / +',
  noMarkup: 'El texto no puede contener < ni >.',
} as const;

/** PATCH /api/…/:id/active — the generic status toggle of spec §4 (users, rooms, products). */
export const ZSetActiveRequest = z.object({
  isActive: z.boolean({ error: 'Indica si el elemento queda activo o inactivo.' }),
});
export type TSetActiveRequest = z.input<typeof ZSetActiveRequest>;

/** `:id` of every resource route. */
export const ZIdParams = z.object({ id: z.uuid({ error: fieldMessages.invalidId }) });

/** A required text: missing, of the wrong type or blank all read as the form's "required" message. */
const required = (requiredMessage: string, max: number) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, fieldMessages.tooLong);

/**
 * Names of places and things (zones, branches, products): letters of any alphabet, digits, spaces and
 * everyday punctuation; no markup or code.
 */
export const labelField = (requiredMessage: string, max = 80) =>
  required(requiredMessage, max).pipe(
    z.string().regex(/^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,'’()#&/+-]*$/u, fieldMessages.invalidLabel),
  );

/**
 * Free text such as a description: any punctuation (it is stored as typed and always rendered escaped) but no
 * angle brackets, so nobody mistakes it for markup.
 */
export const freeTextField = (requiredMessage: string, max = 500) =>
  required(requiredMessage, max).pipe(z.string().regex(/^[^<>]*$/, fieldMessages.noMarkup));

/** A required number: missing or blank reads as "required", anything else that is not a number as "invalid". */
export const numberField = (requiredMessage: string, invalidMessage: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || Number.isNaN(issue.input)
        ? requiredMessage
        : invalidMessage,
  });
