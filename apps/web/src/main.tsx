import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { forgetSummaryAwayFromIt } from './features/store/purchase-summary';
import { adoptCarriedState } from './lib/carried-state';

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
  // A prerendered page may have sent state along (the way back after a login): it joins this history entry.
  adoptCarriedState();
  // The prerendered public pages load src/islands.tsx instead (decision 016): this is the app's shell, rendered in
  // the browser. The router starts with the page's modules loaded: the first render is the page, not a fallback.
  await resolveLazyRoutes(routes);
  const router = createBrowserRouter(routes);
  // Before the router renders anything: a page the router shows after /resumen never sees the summary left there.
  forgetSummaryAwayFromIt(router);
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  createRoot(document.getElementById('root')!).render(app);
}

void start();
