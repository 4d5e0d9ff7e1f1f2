import { isStaff } from '@sala/shared/auth/roles';
import { ArrowLeft, LogOut, Menu, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { TablesWideFrom } from '../../components/ui/data-table';
import { cx } from '../../components/ui/field-styles';
import { Logo } from '../../components/ui/logo';
import { PageLoader } from '../../components/ui/spinner';
import { useSession } from '../../features/auth/api/get-session';
import { useLogout } from '../../features/auth/api/logout';
import { EnrolTwoFactorFirst } from '../../features/auth/components/enrol-two-factor-first';
import { XL_UP } from '../../lib/use-media-query';
import { AdminMenuNav } from './admin-menu-nav';
import { canOpen, sectionFor } from './admin-sections';

/**
 * docs/business-rules.md §2: the admin area needs a staff session (else home); super-admin screens send other staff to /admin.
 * The API refuses the same requests on its own; this only keeps people off screens they cannot use.
 */
export function AdminLayout() {
  const { user, isLoading, mustEnrolTwoFactor } = useSession();
  const { pathname } = useLocation();
  const logout = useLogout();
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);

  if (isLoading) return <PageLoader />;
  if (!user || !isStaff(user.role)) return <Navigate to="/" replace />;
  const section = sectionFor(pathname);
  if (section && !canOpen(section, user.role)) return <Navigate to="/admin" replace />;

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cx(
      'flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm font-medium transition',
      isActive ? 'bg-white/15 text-white' : 'text-brand-100 hover:bg-white/10 hover:text-white',
      collapsed && 'lg:justify-center lg:px-2',
    );

  return (
    <div className="flex min-h-dvh bg-sand-50 print:block print:min-h-0 print:bg-white">
      <title>{`${section?.label ?? 'Administración'} · Administración · Sala Común`}</title>
      {/* The menu's column: on a desktop it runs the page's full height in the menu's colour, however long the
          page, while the menu itself stays in view (sticky). On a phone the menu is a drawer and this is empty. */}
      <div className="shrink-0 lg:bg-brand-800 print:hidden">
        <aside
          aria-label="Menú de administración"
          className={cx(
            'fixed inset-y-0 left-0 z-40 flex w-64 flex-col bg-brand-800 text-white transition-transform lg:sticky lg:top-0 lg:h-dvh lg:translate-x-0 print:hidden',
            mobileOpen ? 'translate-x-0' : '-translate-x-full',
            collapsed && 'lg:w-16',
          )}
        >
          <div className="flex h-16 items-center justify-between gap-2 px-4">
            {!collapsed && <Logo label="Sala Común" className="h-7" />}
            <button
              type="button"
              onClick={() => setCollapsed((c) => !c)}
              className="hidden rounded-md p-1.5 hover:bg-white/10 lg:block"
              aria-label={collapsed ? 'Expandir menú' : 'Contraer menú'}
              aria-expanded={!collapsed}
            >
              {collapsed ? (
                <PanelLeftOpen aria-hidden className="size-5" />
              ) : (
                <PanelLeftClose aria-hidden className="size-5" />
              )}
            </button>
            <button
              type="button"
              onClick={() => setMobileOpen(false)}
              className="rounded-md p-1.5 hover:bg-white/10 lg:hidden"
              aria-label="Cerrar menú"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          <AdminMenuNav
            role={user.role}
            collapsed={collapsed}
            linkClass={linkClass}
            onNavigate={() => setMobileOpen(false)}
          />
          <div className="space-y-1 border-t border-white/10 p-3">
            <Link
              to="/"
              className={linkClass({ isActive: false })}
              title={collapsed ? 'Ir al sitio' : undefined}
            >
              <ArrowLeft aria-hidden className="size-5 shrink-0" />
              <span className={cx(collapsed && 'lg:sr-only')}>Ir al sitio</span>
            </Link>
            <button
              type="button"
              onClick={() => logout.mutate()}
              className={cx(linkClass({ isActive: false }), 'w-full')}
            >
              <LogOut aria-hidden className="size-5 shrink-0" />
              <span className={cx(collapsed && 'lg:sr-only')}>Cerrar sesión</span>
            </button>
          </div>
        </aside>
      </div>
      {mobileOpen && (
        <button
          type="button"
          aria-label="Cerrar menú"
          className="fixed inset-0 z-30 bg-black/40 lg:hidden"
          onClick={() => setMobileOpen(false)}
        />
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 print:hidden">
          <button
            type="button"
            onClick={() => setMobileOpen(true)}
            className="rounded-md p-2 hover:bg-slate-100 lg:hidden"
            aria-label="Abrir menú de administración"
          >
            <Menu aria-hidden className="size-5" />
          </button>
          <p className="font-semibold text-ink">{section?.label ?? 'Administración'}</p>
          <p className="ml-auto hidden text-sm text-muted sm:block">
            {user.name} · {user.role === 'superadmin' ? 'Super Administrador' : 'Administrador'}
          </p>
        </header>
        <main id="contenido" className="flex-1 p-4 sm:p-6 lg:p-8 print:p-0">
          {/* Beside the menu a table of eight columns fits from 1280 px; narrower screens get its cards. */}
          <TablesWideFrom value={XL_UP}>
            <Suspense fallback={<PageLoader />}>
              {/* Issue 45: until the second factor is on, the API refuses every staff screen; this says why. */}
              {mustEnrolTwoFactor ? <EnrolTwoFactorFirst /> : <Outlet />}
            </Suspense>
          </TablesWideFrom>
        </main>
      </div>
    </div>
  );
}
