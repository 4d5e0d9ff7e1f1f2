// The fields of the auth forms' contracts, as functions: nothing is built until a contract calls them. The login and
// registration contracts have a module each (login.contract.ts, register.contract.ts), so a page's form builds only
// its own schema when its validation loads (issue 25: the login page built every auth schema, a 40–70 ms task at 4×).
import { optionalText, plainText, requiredText } from '../common/fields';
import { normalizePhone, PHONE_MAX_TYPED } from '../common/phone';
import { z } from '../common/zod';
import { authMessages as m } from './auth.messages';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** People's names: letters (any alphabet), spaces, apostrophes, periods and hyphens; no markup or code. */
export const personNameField = (requiredMessage: string) =>
  requiredText(requiredMessage, 120).pipe(
    z.string().regex(/^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u, m.invalidName),
  );

export const emailField = (requiredMessage: string, invalidMessage: string) =>
  requiredText(requiredMessage, 254).pipe(z.email({ error: invalidMessage }));

const tenDigits = (digitsMessage: string) =>
  z
    .string()
    .transform(normalizePhone)
    .pipe(z.string().regex(/^\d{10}$/, digitsMessage));

/** A Mexican phone, as people write it ("55 1234 5678", "+52 55-1234-5678"): stored as its 10 digits (issue 39). */
export const phoneField = (requiredMessage: string, digitsMessage: string) =>
  requiredText(requiredMessage, PHONE_MAX_TYPED).pipe(tenDigits(digitsMessage));

/** The same, optional: blank is stored as null. */
export const optionalPhoneField = (digitsMessage: string) =>
  optionalText(tenDigits(digitsMessage), PHONE_MAX_TYPED);

/**
 * Compared even while other fields are still wrong, so the form shows every message at once; a body that is not
 * an object at all (missing, `null`) has nothing to compare.
 */
export const passwordsMatch = {
  message: m.passwordsMustMatch,
  path: ['passwordConfirmation'],
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; passwordConfirmation?: unknown } | null | undefined;
    return (
      typeof value === 'object' &&
      value !== null &&
      typeof value.password === 'string' &&
      typeof value.passwordConfirmation === 'string'
    );
  },
};

/** A password is hashed, never shown: any printable text of 6 to 128 characters. */
export const passwordField = () =>
  plainText(m.allFieldsRequired, PASSWORD_MAX_LENGTH)
    .min(1, m.allFieldsRequired)
    .min(PASSWORD_MIN_LENGTH, m.weakPassword);
export const passwordConfirmationField = () => plainText(m.allFieldsRequired, PASSWORD_MAX_LENGTH);
