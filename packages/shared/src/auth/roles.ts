/** docs/business-rules.md §6: three levels. Plain values (no zod) so the public bundle can check roles cheaply. */
export const roles = ['user', 'admin', 'superadmin'] as const;
export type TRole = (typeof roles)[number];

/** Staff roles: admin and super admin see the admin area. */
export function isStaff(role: TRole): boolean {
  return role === 'admin' || role === 'superadmin';
}

export function isSuperAdmin(role: TRole): boolean {
  return role === 'superadmin';
}
