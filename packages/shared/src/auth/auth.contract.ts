import { plainText, requiredText } from '../common/fields';
import { z } from '../common/zod';
import { authMessages as m } from './auth.messages';
import { ZSessionUser } from './session.contract';

export const PASSWORD_MIN_LENGTH = 6;
const PASSWORD_MAX_LENGTH = 128;

/** People's names: letters (any alphabet), spaces, apostrophes, periods and hyphens; no markup or code. */
export const personNameField = (requiredMessage: string) =>
  requiredText(requiredMessage, 120).pipe(
    z.string().regex(/^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u, m.invalidName),
  );

export const emailField = (requiredMessage: string, invalidMessage: string) =>
  requiredText(requiredMessage, 254).pipe(z.email({ error: invalidMessage }));

export const phoneField = (requiredMessage: string, digitsMessage: string) =>
  requiredText(requiredMessage, 20).pipe(z.string().regex(/^\d{10}$/, digitsMessage));

/**
 * Compared even while other fields are still wrong, so the form shows every message at once; a body that is not
 * an object at all (missing, `null`) has nothing to compare.
 */
const passwordsMatch = {
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
const passwordField = () =>
  plainText(m.allFieldsRequired, PASSWORD_MAX_LENGTH)
    .min(1, m.allFieldsRequired)
    .min(PASSWORD_MIN_LENGTH, m.weakPassword);
const passwordConfirmationField = () => plainText(m.allFieldsRequired, PASSWORD_MAX_LENGTH);

/** POST /api/auth/register — self-registration; the API ignores any role, credits or status sent. */
export const ZRegisterRequest = z
  .object({
    name: personNameField(m.allFieldsRequired),
    email: emailField(m.allFieldsRequired, m.registerInvalidEmail),
    phone: phoneField(m.allFieldsRequired, m.phoneDigits),
    password: passwordField(),
    passwordConfirmation: passwordConfirmationField(),
    acceptTerms: z.literal(true, { error: m.acceptTerms }),
  })
  .refine((data) => data.password === data.passwordConfirmation, passwordsMatch);
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/** POST /api/auth/login */
export const ZLoginRequest = z.object({
  email: emailField(m.loginFieldsRequired, m.invalidEmail),
  password: plainText(m.loginFieldsRequired, PASSWORD_MAX_LENGTH).min(1, m.loginFieldsRequired),
  remember: z.boolean().default(false),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({ user: ZSessionUser, consentNeeded: z.boolean() });

/** POST /api/auth/forgot-password */
export const ZForgotPasswordRequest = z.object({ email: emailField(m.emailRequired, m.invalidEmail) });
export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

/** POST /api/auth/reset-password */
export const ZResetPasswordRequest = z
  .object({
    token: z.string({ error: m.resetInvalid }).regex(/^[A-Za-z0-9_-]{20,200}$/, m.resetInvalid),
    password: passwordField(),
    passwordConfirmation: passwordConfirmationField(),
  })
  .refine((data) => data.password === data.passwordConfirmation, passwordsMatch);
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

export const ZMessageResponse = z.object({ message: z.string() });
