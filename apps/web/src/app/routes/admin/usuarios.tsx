import { useSession } from '../../../features/auth/api/get-session';
import { UsersTable } from '../../../features/users/components/users-table';

export default function AdminUsersPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="space-y-6">
      <h1 className="font-display text-3xl font-semibold text-brand-800">Usuarios</h1>
      <UsersTable actor={user} />
    </div>
  );
}
