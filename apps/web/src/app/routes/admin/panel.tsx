import { Link, useSearchParams } from 'react-router';
import { SELECT_PLACEHOLDER, SelectField } from '../../../components/ui/select-field';
import { useSession } from '../../../features/auth/api/get-session';
import { MoneyPanel, OccupancyPanel, TodayPanel } from '../../../features/dashboard/components/panels';
import { useLegal } from '../../../features/legal/api/legal-api';
import { LegalFactsNotice } from '../../../features/legal/components/legal-facts-notice';
import { useAllBranchOptions } from '../../../features/locations/api/branches-api';
import { staffBranchFilter } from '../../../lib/staff-branch';
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

/**
 * /admin (issue 22): today's and the occupancy panels for every staff member, the money panels for the super admin
 * (the API refuses them to anyone else), of one branch (?sucursal=) or all; the shortcuts below. It starts on the
 * person's home branch, and offers only that one to an account with "Solo su sucursal" (issue 45).
 */
export default function AdminDashboardPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const branches = useAllBranchOptions();
  if (!user) return null;
  // An unknown branch in the address reads as where the panel starts (all of them, or the home branch).
  const filter = staffBranchFilter(user, branches.data, params.get('sucursal'));
  const { branchId } = filter;
  const shortcuts = adminSections.filter((s) => s.path !== '/admin' && canOpen(s, user.role));
  return (
    <div className="space-y-6">
      {/* Only a super admin can write them; other staff are not asked. */}
      {user.role === 'superadmin' && <LegalFactsReminder />}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-800">
            Hola, {user.name.split(' ')[0]}
          </h1>
          <p className="mt-1 text-muted">Así va el negocio hoy.</p>
        </div>
        <SelectField
          label="Sucursal"
          placeholder={filter.everyBranch ? 'Todas las sucursales' : SELECT_PLACEHOLDER}
          // "Solo su sucursal": the one branch, shown, not to be changed.
          disabled={!filter.everyBranch}
          value={branchId}
          onChange={(value) => {
            const sucursal = filter.param(value);
            setParams(sucursal ? { sucursal } : {}, { replace: true });
          }}
          options={filter.branches.map((b) => ({ value: b.id, label: b.name }))}
          className="w-full sm:w-64 print:hidden"
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <TodayPanel branchId={branchId} />
        <OccupancyPanel branchId={branchId} />
        {user.role === 'superadmin' && <MoneyPanel branchId={branchId} />}
      </div>
      <nav aria-labelledby="accesos" className="print:hidden">
        <h2 id="accesos" className="mb-3 font-display text-xl font-semibold text-brand-800">
          Accesos
        </h2>
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
      </nav>
    </div>
  );
}
