import { plainText } from '../common/fields';
import { z } from '../common/zod';
import { emailField, PASSWORD_MAX_LENGTH } from './auth.fields';
import { authMessages as m } from './auth.messages';

/** POST /api/auth/login */
export const ZLoginRequest = z.object({
  email: emailField(m.loginFieldsRequired, m.invalidEmail),
  password: plainText(m.loginFieldsRequired, PASSWORD_MAX_LENGTH).min(1, m.loginFieldsRequired),
  remember: z.boolean().default(false),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;
