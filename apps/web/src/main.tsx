import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

/** Loads the lazy route modules of the page being opened, so the first render is the page itself. */
async function resolveLazyRoutes(routeList: RouteObject[]) {
  const matches = matchRoutes(routeList, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start() {
  const container = document.getElementById('root')!;
  // The build prerenders the public pages as a visitor with no query string sees them (issue 14): those are
  // hydrated. A query string (the booking wizard's choice) or a page without prerendered HTML renders anew.
  const hydrate = container.firstElementChild !== null && window.location.search === '';
  // Either way the router starts with the page's modules loaded: the first render is the page, not a fallback.
  await resolveLazyRoutes(routes);
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
  if (hydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
