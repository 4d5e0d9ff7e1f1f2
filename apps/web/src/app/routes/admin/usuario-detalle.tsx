import { formatCredits } from '@sala/shared/format/credits';
import { formatDate } from '@sala/shared/format/date-time';
import { roleLabels } from '@sala/shared/users/users.contract';
import { ArrowLeft, Coins } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailList } from '../../../components/ui/detail-list';
import { Button } from '../../../components/ui/link-button';
import { PageLoader } from '../../../components/ui/spinner';
import { useSession } from '../../../features/auth/api/get-session';
import { SECURITY_PATH } from '../../../features/auth/api/login-return';
import { FiscalProfileSection } from '../../../features/invoicing/components/my-fiscal-profile';
import { useUser } from '../../../features/users/api/users-api';
import { AdjustCreditsDialog, ClientAccount } from '../../../features/users/components/client-account';
import { StaffBranchCard } from '../../../features/users/components/staff-branch-card';
import { UserLoginsCard, UserTwoFactorCard } from '../../../features/users/components/user-security';

/**
 * /admin/usuarios/:id — a person's data, and for a client the account: ledger, sessions and orders (issue 22). The
 * super admin also sets a staff account's branch, and ends another person's logins or turns off their second factor
 * (issue 45); their own are in Mi Perfil.
 */
export default function AdminUserDetailPage() {
  const { id = '' } = useParams();
  const user = useUser(id);
  const { user: me } = useSession();
  const [adjusting, setAdjusting] = useState(false);
  if (user.isPending) return <PageLoader />;
  if (user.isError) {
    return (
      <p role="alert" className="text-red-700">
        {user.error.message}
      </p>
    );
  }
  const u = user.data;
  const isSuperAdmin = me?.role === 'superadmin';
  const isSelf = me?.id === u.id;
  const isStaff = u.role !== 'user';
  // The branch of a staff account, and another person's second factor, beside their open logins.
  const hasSideCards = isStaff || (!isSelf && u.twoFactorEnabled);
  const details = [
    { label: 'Correo', value: u.email },
    { label: 'Teléfono', value: u.phone },
    { label: 'Rol', value: roleLabels[u.role] },
    { label: 'Créditos', value: formatCredits(u.credits), emphasis: true, testId: 'account-credits' },
    { label: 'Estado', value: u.isActive ? 'Activo' : 'Inactivo' },
    { label: 'Registro', value: formatDate(u.createdAt) },
  ];
  return (
    <div className="max-w-5xl space-y-8">
      <Link
        to="/admin/usuarios"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Volver a usuarios
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-display text-3xl font-semibold text-brand-800">{u.name}</h1>
        {isSuperAdmin && (
          <Button variant="secondary" onClick={() => setAdjusting(true)}>
            <Coins aria-hidden className="size-4" /> Ajustar créditos
          </Button>
        )}
      </div>
      <DetailList
        items={details}
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2"
      />
      {isSuperAdmin && (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          {hasSideCards && (
            <div className="space-y-6">
              {isStaff && (
                <StaffBranchCard
                  // Saved here or elsewhere, the form starts over from what the account now says.
                  key={`${u.homeBranchId}:${u.branchOnly}`}
                  user={u}
                  isSelf={isSelf}
                />
              )}
              {!isSelf && <UserTwoFactorCard user={u} />}
            </div>
          )}
          {isSelf ? (
            <p className="rounded-2xl bg-white p-4 text-sm text-muted shadow-sm ring-1 ring-slate-200 sm:p-6">
              Tus sesiones abiertas y tu verificación en dos pasos están en{' '}
              <Link to={SECURITY_PATH} className="font-semibold text-brand-700 hover:underline">
                Mi Perfil
              </Link>
              .
            </p>
          ) : (
            <div className={hasSideCards ? 'min-w-0' : 'min-w-0 lg:col-span-2'}>
              <UserLoginsCard user={u} />
            </div>
          )}
        </div>
      )}
      <ClientAccount userId={u.id} canExtend={isSuperAdmin} />
      {u.role === 'user' && <FiscalProfileSection userId={u.id} defaultEmail={u.email} />}
      {adjusting && (
        <AdjustCreditsDialog userId={u.id} balance={u.credits} onClose={() => setAdjusting(false)} />
      )}
    </div>
  );
}
