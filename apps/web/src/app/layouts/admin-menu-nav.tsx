import type { TRole } from '@sala/shared/auth/roles';
import { ChevronDown } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cx } from '../../components/ui/field-styles';
import { menuFor } from './admin-sections';

/** The height of the 'Más abajo' fade (h-12). */
const FADE_PX = 48;

type Props = {
  role: TRole;
  collapsed: boolean;
  linkClass: (state: { isActive: boolean }) => string;
  onNavigate: () => void;
};

/**
 * The admin menu's screens in their groups (Operación, Catálogo, Dinero, Administración). On a short screen the
 * list scrolls, and shows it does: a visible scrollbar, and while entries wait below, a fade with 'Más abajo' that
 * scrolls to them (issue 39: at 800 px the last four entries were cut with nothing to say so). The current screen's
 * entry is scrolled into view.
 */
export function AdminMenuNav({ role, collapsed, linkClass, onNavigate }: Props) {
  const navRef = useRef<HTMLElement>(null);
  const [moreBelow, setMoreBelow] = useState(false);
  const { pathname } = useLocation();
  const menu = menuFor(role);

  const measure = useCallback(() => {
    const nav = navRef.current;
    if (nav) setMoreBelow(nav.scrollHeight - nav.scrollTop - nav.clientHeight > 1);
  }, []);

  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    measure();
    nav.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(nav);
    return () => {
      nav.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure]);

  // The current screen's entry in view and clear of the fade: only the menu scrolls, never the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname moves aria-current to another entry.
  useLayoutEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    const top = current.getBoundingClientRect().top - nav.getBoundingClientRect().top + nav.scrollTop;
    const bottom = top + current.offsetHeight + FADE_PX;
    if (top < nav.scrollTop) nav.scrollTop = top;
    else if (bottom > nav.scrollTop + nav.clientHeight) nav.scrollTop = bottom - nav.clientHeight;
    measure();
  }, [pathname, measure]);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <nav
        ref={navRef}
        aria-label="Secciones"
        className="min-h-0 flex-1 overflow-y-auto px-3 py-2 [scrollbar-color:rgb(255_255_255/0.35)_transparent] [scrollbar-width:thin]"
      >
        {menu.map((group, index) => (
          <div key={group.id} className={cx(index > 0 && 'mt-3')}>
            <p
              id={`menu-${group.id}`}
              className={cx(
                'px-3 pb-1 text-[11px] font-semibold tracking-wider text-brand-200 uppercase',
                collapsed && 'lg:sr-only',
              )}
            >
              {group.label}
            </p>
            <ul aria-labelledby={`menu-${group.id}`} className="space-y-0.5">
              {group.sections.map(({ path, label, icon: Icon }) => (
                <li key={path}>
                  <NavLink
                    to={path}
                    end={path === '/admin'}
                    className={linkClass}
                    title={collapsed ? label : undefined}
                    onClick={onNavigate}
                  >
                    <Icon aria-hidden className="size-5 shrink-0" />
                    <span className={cx(collapsed && 'lg:sr-only')}>{label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      {moreBelow && (
        // The fade lets clicks through to the entry under it; its 'Más abajo' is a pointer's shortcut (the
        // keyboard reaches the entries by tabbing, which scrolls the list).
        <div className="pointer-events-none absolute inset-x-0 bottom-0 flex h-12 items-end justify-center bg-linear-to-t from-brand-800 via-brand-800/90 to-transparent pb-1">
          <button
            type="button"
            tabIndex={-1}
            aria-hidden
            data-testid="menu-more-below"
            onClick={() => navRef.current?.scrollBy({ top: navRef.current.clientHeight / 2 })}
            className="pointer-events-auto flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium text-brand-100 hover:bg-white/10 hover:text-white"
          >
            <ChevronDown aria-hidden className="size-4" />
            <span className={cx(collapsed && 'lg:sr-only')}>Más abajo</span>
          </button>
        </div>
      )}
    </div>
  );
}
