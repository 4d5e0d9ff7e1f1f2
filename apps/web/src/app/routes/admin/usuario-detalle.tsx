import { formatCredits } from '@sala/shared/format/credits';
import { roleLabels } from '@sala/shared/users/users.contract';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
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
  const rows: [string, string][] = [
    ['Correo', u.email],
    ['Teléfono', u.phone],
    ['Rol', roleLabels[u.role]],
    ['Créditos', formatCredits(u.credits)],
    ['Estado', u.isActive ? 'Activo' : 'Inactivo'],
    ['Registro', formatDate(u.createdAt)],
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
      <dl className="grid gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
