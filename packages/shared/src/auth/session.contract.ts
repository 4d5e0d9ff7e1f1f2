import { z } from '../common/zod';

import { roles } from './roles';

export const ZRole = z.enum(roles);

/** The signed-in user as the API describes it; isAdmin/isSuperAdmin are derived from the role. */
export const ZSessionUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  credits: z.int(),
  role: ZRole,
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  isActive: z.boolean(),
  /** Issue 45: the staff account's home branch (where its screens start), and whether it works only there. */
  homeBranchId: z.uuid().nullable(),
  branchOnly: z.boolean(),
  /** A second factor (TOTP) is asked at login. */
  twoFactorEnabled: z.boolean(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/**
 * GET /api/auth/session: user is null for a visitor (200, not 401: being logged out is not an error). `ended`
 * says why a login this browser still had is over, once: the account was deactivated.
 */
export const ZSessionResponse = z.object({
  user: ZSessionUser.nullable(),
  ended: z.enum(['account-disabled']).optional(),
  /** The signed-in person has yet to accept today's privacy notice or terms (a version that asks again). */
  consentNeeded: z.boolean().optional(),
  /**
   * This account must turn on the second factor before any staff screen (STAFF_2FA=required, a super admin
   * without one): the API refuses the staff routes until then (issue 45).
   */
  mustEnrolTwoFactor: z.boolean().optional(),
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;
