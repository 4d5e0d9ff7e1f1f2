import { z } from '../common/zod';
import { emailField, passwordConfirmationField, passwordField, passwordsMatch } from './auth.fields';
import { authMessages as m } from './auth.messages';
import { ZSessionUser } from './session.contract';

export { type TLoginRequest, ZLoginRequest } from './login.contract';
export { type TRegisterRequest, ZRegisterRequest } from './register.contract';

/** A finished login: the user, and what they must do first (accept a new notice, turn on the second factor). */
export const ZLoginDone = z.object({
  user: ZSessionUser,
  consentNeeded: z.boolean(),
  mustEnrolTwoFactor: z.boolean(),
});
export type TLoginDone = z.infer<typeof ZLoginDone>;
/** The password was right and the account asks for a code: POST /api/auth/login/code finishes (issue 45). */
export const ZLoginCodeStep = z.object({ codeRequired: z.literal(true) });
/** POST /api/auth/login */
export const ZLoginResponse = z.union([ZLoginDone, ZLoginCodeStep]);
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

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
