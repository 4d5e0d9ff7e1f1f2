import { z } from './zod';

export const fieldMessages = {
  invalidId: 'Identificador inválido.',
  invalidLabel: 'Usa solo letras, números, espacios y . , - ( ) # & / +',
  noMarkup: 'El texto no puede contener < ni >.',
  controlCharacters: 'El texto contiene caracteres no permitidos.',
  invalidText: 'Escribe un texto.',
  httpUrl: 'El enlace debe ser una dirección web completa que empiece con http:// o https://.',
} as const;

/** Too long, and by how much it may be: the form shows the same limit beside the field (issue 39). */
export const tooLongMessage = (max: number) => `El texto es demasiado largo: máximo ${max} caracteres.`;

/**
 * Control characters (NUL, escapes, DEL, C1): never typed by a person, and PostgreSQL refuses NUL in text. And
 * half of a surrogate pair alone (\p{Cs} in a /u pattern, which reads a whole pair as one character): text that
 * is not well-formed Unicode, which JSON can carry ("\ud800") but UTF-8 cannot store.
 */
const NOT_ALLOWED = /[\p{Cc}\p{Cs}]/u;
/** The same, but a multi-line text may hold tabs and line breaks. */
const NOT_ALLOWED_BUT_LINE_BREAKS = /[^\P{Cc}\t\n\r]|\p{Cs}/u;
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Every identifier the API reads (a `:id` parameter, a body or query field naming a row): a UUID, normalised to
 * lower case, so two spellings of one id compare equal in code as they do in PostgreSQL.
 */
export const idField = (message: string = fieldMessages.invalidId) =>
  z.uuid({ error: message }).toLowerCase();

/** `:id` of every resource route. */
export const ZIdParams = z.object({ id: idField() });

/** PATCH /api/…/:id/active — the generic status toggle of docs/business-rules.md §4 (users, rooms, products). */
export const ZSetActiveRequest = z.object({
  isActive: z.boolean({ error: 'Indica si el elemento queda activo o inactivo.' }),
});
export type TSetActiveRequest = z.input<typeof ZSetActiveRequest>;

/**
 * Any one-line text a person types (a search, a confirmation phrase, a password): no control characters, and
 * well-formed Unicode. Shorter checks of a field's own come after it.
 */
export const plainText = (typeMessage: string, max: number, tooLong: string = tooLongMessage(max)) =>
  z
    .string({ error: typeMessage })
    .max(max, tooLong)
    .refine((value) => !NOT_ALLOWED.test(value), fieldMessages.controlCharacters);

/** A required one-line text: missing, of the wrong type or blank all read as the form's "required" message. */
export const requiredText = (requiredMessage: string, max: number) =>
  plainText(requiredMessage, max).trim().min(1, requiredMessage);

/**
 * Names of places and things (zones, branches, products): letters of any alphabet, digits, spaces and
 * everyday punctuation; no markup or code.
 */
export const labelField = (requiredMessage: string, max = 80) =>
  requiredText(requiredMessage, max).pipe(
    z.string().regex(/^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,'’()#&/+-]*$/u, fieldMessages.invalidLabel),
  );

/**
 * Free text such as a description: any punctuation and line breaks (it is stored as typed and always rendered
 * escaped) but no angle brackets, so nobody mistakes it for markup, no control characters, and well-formed
 * Unicode.
 */
export const freeTextField = (requiredMessage: string, max = 500) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, tooLongMessage(max))
    .refine((value) => !NOT_ALLOWED_BUT_LINE_BREAKS.test(value), fieldMessages.controlCharacters)
    .pipe(z.string().regex(/^[^<>]*$/, fieldMessages.noMarkup));

/** At most two decimals: centavos are the smallest unit of a peso amount. */
export const hasCentavoPrecision = (pesos: number) => Math.abs(pesos * 100 - Math.round(pesos * 100)) < 1e-6;

/** A required number: missing or blank reads as "required", anything else that is not a number as "invalid". */
export const numberField = (requiredMessage: string, invalidMessage: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || Number.isNaN(issue.input)
        ? requiredMessage
        : invalidMessage,
  });

/** A web address a person pastes (a map link, a profile): http or https only, no spaces, at most `max` long. */
export const httpUrlField = (message: string = fieldMessages.httpUrl, max = 500) =>
  z
    .string({ error: message })
    .max(max, tooLongMessage(max))
    .refine((value) => !LONE_SURROGATE.test(value), { error: fieldMessages.controlCharacters, abort: true })
    .refine((value) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value) && URL.canParse(value), message);

/**
 * An optional one-line field: missing, null or blank is stored as null; anything else is trimmed and must pass
 * `field` (a phone, a link), with that field's own message.
 */
export const optionalText = <T extends z.ZodType<string, string>>(field: T, max = 500) =>
  plainText(fieldMessages.invalidText, max)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null))
    .pipe(field.nullable());
