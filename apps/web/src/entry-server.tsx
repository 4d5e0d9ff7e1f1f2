// The build's static rendering of the public pages (scripts/prerender.mjs): each page as React renders it for a
// visitor before any data or session has loaded, which is also the browser's first render when it hydrates.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PAGE_META } from './app/page-meta';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

export { PRERENDERED_PAGES } from '@sala/shared/web/pages';
export { PAGE_META };

export async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answers a redirect; it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
