import { Suspense } from 'react';
import { type Location, Outlet, ScrollRestoration } from 'react-router';
import { PageLoader } from '../../components/ui/spinner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Where the router remembers a scroll position. Every freshly loaded document starts with the key 'default', so a
 * page opened at an anchor (/contacto → /#sucursales) would be sent to the position another document saved under
 * it; with the anchor in the key it lands on its section.
 */
const scrollKey = (location: Location) => (location.hash ? `${location.key}${location.hash}` : location.key);

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink"
      >
        Saltar al contenido
      </a>
      <SiteHeader />
      <main id="contenido" className="flex-1">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
