import type { ComponentType } from 'react';
import { useSession } from '../../../features/auth/api/get-session';

/**
 * An admin screen that every staff member reads and only a super admin changes (docs/business-rules.md §6): the screen gets
 * `canEdit`, the API refuses the writes of anyone else regardless.
 */
export function superAdminEdits(Screen: ComponentType<{ canEdit: boolean }>) {
  return function AdminScreen() {
    const { user } = useSession();
    if (!user) return null;
    return <Screen canEdit={user.role === 'superadmin'} />;
  };
}
