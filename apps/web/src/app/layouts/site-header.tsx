import { creditsWord } from '@sala/shared/format/credits';
import { lazy, memo, Suspense, useState } from 'react';
import { Glyph, type GlyphData } from '../../components/ui/glyph';
import { Logo } from '../../components/ui/logo';
import { useSession } from '../../features/auth/api/get-session';
import { LOGIN_PATH } from '../../features/auth/api/login-return';
import { useCart } from '../../features/store/hooks/use-cart';
import { AppLink, AppNavLink } from '../../lib/navigation';
import { publicNavLinks } from './nav-links';
import { useScrolledPast } from './use-scrolled-past';

// Lucide's coins, menu and shopping-cart (ISC), as data: the header hydrates at load on every public page, and
// lucide-react's runtime would add 2 kB there (decision 016).
const coins: GlyphData = {
  name: 'coins',
  node: [
    ['path', { d: 'M13.744 17.736a6 6 0 1 1-7.48-7.48' }],
    ['path', { d: 'M15 6h1v4' }],
    ['path', { d: 'm6.134 14.768.866-.5 2 3.464' }],
    ['circle', { cx: '16', cy: '8', r: '6' }],
  ],
};
const menu: GlyphData = {
  name: 'menu',
  node: [
    ['path', { d: 'M4 5h16' }],
    ['path', { d: 'M4 12h16' }],
    ['path', { d: 'M4 19h16' }],
  ],
};
const cart: GlyphData = {
  name: 'shopping-cart',
  node: [
    ['path', { d: 'm2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18' }],
    ['path', { d: 'M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25' }],
    ['circle', { cx: '18', cy: '20', r: '2' }],
    ['circle', { cx: '8', cy: '20', r: '2' }],
  ],
};

// Only logged-in users need the dropdown and only phones the side menu: both load on demand.
const UserMenu = lazy(() => import('../../features/auth/components/user-menu'));
const MobileMenu = lazy(() => import('./mobile-menu'));

// The logo and the page links do not change with the session or the cart: when the session arrives after load (a
// store update, which React renders at once, not in slices), only the header's right-hand side renders again.
const PublicNav = memo(function PublicNav() {
  return (
    <>
      <AppLink to="/" className="shrink-0" aria-label="Sala Común, inicio">
        <Logo className="h-8" />
      </AppLink>

      <ul className="mx-auto hidden items-center gap-1 lg:flex">
        {publicNavLinks.map((link) => (
          <li key={link.to}>
            <AppNavLink
              to={link.to}
              end={link.to === '/'}
              className={({ isActive }) =>
                `rounded-md px-3 py-2 text-sm font-medium transition hover:bg-white/15 ${isActive ? 'bg-white/20' : ''}`
              }
            >
              {link.label}
            </AppNavLink>
          </li>
        ))}
      </ul>
    </>
  );
});

export function SiteHeader() {
  const solid = useScrolledPast(0.1);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const { user } = useSession();
  const { itemCount } = useCart();

  return (
    <header
      data-solid={solid}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${
        solid ? 'bg-brand-800/95 shadow-md backdrop-blur' : 'bg-gradient-to-b from-black/55 to-transparent'
      }`}
    >
      <nav aria-label="Principal" className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 text-white">
        <PublicNav />

        <div className="ml-auto flex items-center gap-1 sm:gap-2 lg:ml-0">
          {user && (
            // On a phone too (issue 39): the balance is what a client looks for, not something to open a menu for.
            <span
              className="flex shrink-0 items-center gap-1 rounded-full bg-white/15 px-2.5 py-1 text-sm font-semibold whitespace-nowrap sm:px-3"
              title="Tus créditos"
            >
              <Glyph icon={coins} aria-hidden className="size-4 text-sand-400" />
              {/* On the narrowest phones the number alone beside the coins (the word is still read out). */}
              <span data-testid="nav-credits">
                {user.credits}
                <span className="sr-only min-[400px]:not-sr-only"> {creditsWord(user.credits)}</span>
              </span>
            </span>
          )}
          <AppLink
            to="/mi-carrito"
            className="relative rounded-full p-2 transition hover:bg-white/15"
            aria-label={`Carrito, ${itemCount} ${itemCount === 1 ? 'producto' : 'productos'}`}
          >
            <Glyph icon={cart} aria-hidden className="size-5" />
            <span
              data-testid="cart-count"
              className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-sand-400 px-1 text-xs font-bold text-ink"
            >
              {itemCount}
            </span>
          </AppLink>
          {user ? (
            <div className="hidden lg:block">
              <Suspense fallback={<span className="block h-9 w-40 rounded-full bg-white/15" />}>
                <UserMenu user={user} />
              </Suspense>
            </div>
          ) : (
            <AppLink
              to={LOGIN_PATH}
              className="hidden rounded-md bg-white px-4 py-2 text-sm font-bold tracking-wide text-brand-800 transition hover:bg-sand-100 lg:inline-block"
            >
              INGRESAR
            </AppLink>
          )}
          <button
            type="button"
            className="rounded-md p-2 transition hover:bg-white/15 lg:hidden"
            aria-label="Abrir menú"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
          >
            <Glyph icon={menu} aria-hidden className="size-6" />
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
