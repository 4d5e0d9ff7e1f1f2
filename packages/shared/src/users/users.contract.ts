import { emailField, personNameField, phoneField } from '../auth/auth.fields';
import { roles } from '../auth/roles';
import { ZSessionUser } from '../auth/session.contract';
import { plainText } from '../common/fields';
import { z } from '../common/zod';
import { pageQuery, pageResponse } from '../table/table.contract';
import { userMessages as m } from './users.messages';

/** A row of /admin/usuarios and the profile of one user. */
export const ZUser = ZSessionUser.extend({ createdAt: z.iso.datetime() });
export type TUser = z.infer<typeof ZUser>;

export const USER_PAGE_SIZES = [10, 20, 30, 50] as const;
export const userSortable = ['name', 'email', 'phone', 'role', 'credits', 'isActive', 'createdAt'] as const;

/** GET /api/users */
export const ZUserListQuery = pageQuery(userSortable, 'name');
export type TUserListQuery = z.output<typeof ZUserListQuery>;
export const ZUserListResponse = pageResponse(ZUser);

/**
 * PATCH /api/users/:id — the edit form of docs/business-rules.md §5. credits, role and isActive are for super admins only; the
 * API refuses them from anyone else.
 */
export const ZUpdateUserRequest = z.object({
  name: personNameField(m.allFieldsRequired),
  email: emailField(m.allFieldsRequired, m.invalidEmail),
  phone: phoneField(m.allFieldsRequired, m.phoneDigits),
  credits: z
    .number({ error: m.creditsInvalid })
    .int(m.creditsInvalid)
    .min(0, m.creditsInvalid)
    .max(1_000_000, m.creditsInvalid)
    .optional(),
  role: z.enum(roles, { error: m.allFieldsRequired }).optional(),
  isActive: z.boolean({ error: m.allFieldsRequired }).optional(),
});
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequest>;

/** GET /api/users/clients?q= — active clients by name, e-mail or phone (search-as-you-type pickers). */
export const ZClientSearchQuery = z.object({
  q: plainText('Escribe un nombre, correo o teléfono.', 100).trim(),
});
export const ZClientOption = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  credits: z.int().nonnegative(),
});
export type TClientOption = z.infer<typeof ZClientOption>;
export const ZClientSearchResponse = z.array(ZClientOption);

/** The role shown in the users table, derived from the flags. */
export const roleLabels = {
  user: 'Usuario',
  admin: 'Administrador',
  superadmin: 'Super Administrador',
} as const;

/**
 * POST /api/users — staff register a client at the desk (the point of sale): active at once, no credits. The
 * client was shown the privacy notice and accepted the terms there; the account records it (docs/decisions/018).
 */
export const ZCreateClientRequest = z.object({
  name: personNameField(m.allFieldsRequired),
  email: emailField(m.allFieldsRequired, m.invalidEmail),
  phone: phoneField(m.allFieldsRequired, m.phoneDigits),
  noticeGiven: z.literal(true, { error: m.noticeRequired }),
});
export type TCreateClientRequest = z.input<typeof ZCreateClientRequest>;
