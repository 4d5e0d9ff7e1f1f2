import { useSession } from '../../../features/auth/api/get-session';
import { BranchCalendarFeeds } from '../../../features/calendar-feeds/components/branch-calendar-feeds';
import { BranchesAdmin } from '../../../features/locations/components/branches-admin';

/**
 * /admin/consultorios: every staff member reads the branches, a super admin changes them (docs/business-rules.md
 * §6) and keeps each branch's staff calendar address (issue 43; the API refuses it to anyone else).
 */
export default function AdminBranchesPage() {
  const { user } = useSession();
  if (!user) return null;
  const isSuperAdmin = user.role === 'superadmin';
  return (
    <div className="space-y-10">
      <BranchesAdmin canEdit={isSuperAdmin} />
      {isSuperAdmin && <BranchCalendarFeeds />}
    </div>
  );
}
