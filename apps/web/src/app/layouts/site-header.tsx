import { formatCredits } from '@sala/shared/format/credits';
import { Coins, Menu, ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useSession } from '../../features/auth/api/get-session';
import { LOGIN_PATH } from '../../features/auth/api/login-return';
import { useCart } from '../../features/tienda/hooks/use-cart';
import { useHydrated } from '../../lib/use-hydrated';
import { publicNavLinks } from './nav-links';
import { useScrolledPast } from './use-scrolled-past';

// Only logged-in users need the dropdown and only phones the side menu: both load on demand.
const UserMenu = lazy(() => import('../../features/auth/components/user-menu'));
const MobileMenu = lazy(() => import('./mobile-menu'));

export function SiteHeader() {
  const solid = useScrolledPast(0.1);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const { user } = useSession();
  const { itemCount } = useCart();
  const hydrated = useHydrated();

  return (
    <header
      data-solid={solid}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${
        solid ? 'bg-brand-800/95 shadow-md backdrop-blur' : 'bg-gradient-to-b from-black/55 to-transparent'
      }`}
    >
      <nav aria-label="Principal" className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 text-white">
        <Link to="/" className="shrink-0" aria-label="Sala Común, inicio">
          <img src="/images/logo-light.svg" alt="" width={144} height={32} className="h-8 w-auto" />
        </Link>

        <ul className="mx-auto hidden items-center gap-1 lg:flex">
          {publicNavLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === '/'}
                className={({ isActive }) =>
                  `rounded-md px-3 py-2 text-sm font-medium transition hover:bg-white/15 ${isActive ? 'bg-white/20' : ''}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          {user && (
            <span
              className="hidden items-center gap-1 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold sm:flex"
              title="Tus créditos"
            >
              <Coins aria-hidden className="size-4 text-sand-400" />
              <span data-testid="nav-credits">{formatCredits(user.credits)}</span>
            </span>
          )}
          <Link
            to="/mi-carrito"
            className="relative rounded-full p-2 transition hover:bg-white/15"
            aria-label={`Carrito, ${itemCount} ${itemCount === 1 ? 'producto' : 'productos'}`}
          >
            <ShoppingCart aria-hidden className="size-5" />
            <span
              data-testid="cart-count"
              className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-sand-400 px-1 text-xs font-bold text-ink"
            >
              {itemCount}
            </span>
          </Link>
          {user ? (
            <div className="hidden lg:block">
              <Suspense fallback={<span className="block h-9 w-40 rounded-full bg-white/15" />}>
                <UserMenu user={user} />
              </Suspense>
            </div>
          ) : (
            <Link
              to={LOGIN_PATH}
              className="hidden rounded-md bg-white px-4 py-2 text-sm font-bold tracking-wide text-brand-800 transition hover:bg-sand-100 lg:inline-block"
            >
              INGRESAR
            </Link>
          )}
          <button
            type="button"
            className="rounded-md p-2 transition hover:bg-white/15 lg:hidden"
            aria-label="Abrir menú"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            // Prerendered pages: the menu opens once the page is interactive.
            disabled={!hydrated}
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
          >
            <Menu aria-hidden className="size-6" />
          </button>
          {menuLoaded && (
            <Suspense fallback={null}>
              <MobileMenu user={user} open={menuOpen} onOpenChange={setMenuOpen} />
            </Suspense>
          )}
        </div>
      </nav>
    </header>
  );
}
