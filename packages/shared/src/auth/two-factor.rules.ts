/**
 * Issue 45: who must turn on the second factor before the staff screens. `required` (STAFF_2FA, the default in
 * production) asks it of every super admin; admins and clients may turn it on. Imports nothing.
 */
export type StaffTwoFactorPolicy = 'required' | 'optional';

export function mustEnrolTwoFactor(
  user: { role: string; twoFactorEnabled: boolean },
  policy: StaffTwoFactorPolicy,
): boolean {
  return policy === 'required' && user.role === 'superadmin' && !user.twoFactorEnabled;
}
