import { Link } from 'react-router';
import { useSession } from '../../../features/auth/api/get-session';
import { useLegal } from '../../../features/datos-legales/api/legal-api';
import { LegalFactsNotice } from '../../../features/datos-legales/components/legal-facts-notice';
import { adminSections, canOpen } from '../../layouts/admin-sections';

/** While the notice and the terms show the demo's examples, or no business at all (docs/decisions/018). */
function LegalFactsReminder() {
  const legal = useLegal();
  return (
    <LegalFactsNotice legal={legal.data}>
      <Link to="/admin/datos-legales" className="mt-1 inline-block font-semibold text-amber-900 underline">
        Escribir los datos legales
      </Link>
    </LegalFactsNotice>
  );
}

export default function AdminDashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  const shortcuts = adminSections.filter((s) => s.path !== '/admin' && canOpen(s, user.role));
  return (
    <div className="space-y-6">
      {/* Only a super admin can write them; other staff are not asked. */}
      {user.role === 'superadmin' && <LegalFactsReminder />}
      <div>
        <h1 className="font-display text-3xl font-semibold text-brand-800">
          Hola, {user.name.split(' ')[0]}
        </h1>
        <p className="mt-1 text-muted">¿Qué quieres hacer hoy?</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {shortcuts.map(({ path, label, icon: Icon }) => (
          <li key={path}>
            <Link
              to={path}
              className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden className="size-5" />
              </span>
              <span className="font-semibold text-ink">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
