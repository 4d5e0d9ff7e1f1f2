import { type ReactNode, Suspense } from 'react';
import { type Location, Outlet, ScrollRestoration } from 'react-router';
import { PageLoader } from '../../components/ui/spinner';
import { Island } from '../../islands/island';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Where the router remembers a scroll position. Every freshly loaded document starts with the key 'default', so a
 * page opened at an anchor (/contacto → /#sucursales) would be sent to the position another document saved under
 * it; with the anchor in the key it lands on its section.
 */
const scrollKey = (location: Location) => (location.hash ? `${location.key}${location.hash}` : location.key);

/** The frame of every public page: skip link, header, the page, footer. The build prerenders it (entry-server). */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink"
      >
        Saltar al contenido
      </a>
      {/* On paper, the page alone (an OXXO voucher, a legal text): the site's header and footer stay on screen. */}
      <div className="contents print:hidden">
        <Island name="site-header">
          <SiteHeader />
        </Island>
      </div>
      <main id="contenido" className="flex-1">
        {children}
      </main>
      <div className="contents print:hidden">
        <Island name="site-footer">
          <SiteFooter />
        </Island>
      </div>
    </div>
  );
}

/** The public pages inside the app (a visitor who came from the store or the profile): the router's outlet. */
export function PublicLayout() {
  return (
    <>
      <PublicFrame>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </PublicFrame>
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
