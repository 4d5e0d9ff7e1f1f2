import { z } from '../common/zod';
import {
  emailField,
  passwordConfirmationField,
  passwordField,
  passwordsMatch,
  personNameField,
  phoneField,
} from './auth.fields';
import { authMessages as m } from './auth.messages';

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
