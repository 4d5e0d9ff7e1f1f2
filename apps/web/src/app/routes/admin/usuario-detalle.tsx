import { formatCredits } from '@sala/shared/format/credits';
import { roleLabels } from '@sala/shared/users/users.contract';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DetailList } from '../../../components/ui/detail-list';
import { PageLoader } from '../../../components/ui/spinner';
import { useUser } from '../../../features/usuarios/api/users-api';
import { formatDate } from '../../../lib/format-date';

export default function AdminUserDetailPage() {
  const { id = '' } = useParams();
  const user = useUser(id);
  if (user.isPending) return <PageLoader />;
  if (user.isError) {
    return (
      <p role="alert" className="text-red-700">
        {user.error.message}
      </p>
    );
  }
  const u = user.data;
  const details = [
    { label: 'Correo', value: u.email },
    { label: 'Teléfono', value: u.phone },
    { label: 'Rol', value: roleLabels[u.role] },
    { label: 'Créditos', value: formatCredits(u.credits) },
    { label: 'Estado', value: u.isActive ? 'Activo' : 'Inactivo' },
    { label: 'Registro', value: formatDate(u.createdAt) },
  ];
  return (
    <div className="max-w-3xl space-y-6">
      <Link
        to="/admin/usuarios"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Volver a usuarios
      </Link>
      <h1 className="font-display text-3xl font-semibold text-brand-800">{u.name}</h1>
      <DetailList
        items={details}
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2"
      />
    </div>
  );
}
