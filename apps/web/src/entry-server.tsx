// The build's static rendering of the public pages (scripts/prerender.mjs, decision 016): each page as React
// renders it for a visitor before any data or session has loaded. The page itself is plain HTML; each island in it
// (islands/island.tsx) is rendered as a root of its own, exactly as the browser hydrates it (src/islands.tsx).

import { LEGAL_TOKENS } from '@sala/shared/legal/legal-view';
import type { PRERENDERED_PAGES } from '@sala/shared/web/pages';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { PublicFrame } from './app/layouts/public-layout';
import { LegalPage } from './app/legal-page';
import { PAGE_META } from './app/page-meta';
import EquipoPage from './app/routes/equipo';
import HomePage from './app/routes/home';
import LoginPage from './app/routes/iniciar-sesion';
import NosotrosPage from './app/routes/nosotros';
import RegisterPage from './app/routes/registro';
import BookingPage from './app/routes/reserva';
import BranchesPage from './app/routes/sucursales';
import { type CollectedIsland, filledIsland, IslandCollector, islandSlot } from './islands/island';
import { IslandProviders } from './islands/providers';
import { islands } from './islands/registry';
import { setPrerenderPath } from './lib/navigation';
import { createQueryClient } from './lib/query-client';

export {
  CONTACT_COLUMN_SLOT,
  contactColumnHtml,
  EVERY_CONTACT_FIELD,
} from '@sala/shared/web/contact-column';
export { EARLY_TAPS_SCRIPT } from '@sala/shared/web/early-taps';
export { escapeHtml } from '@sala/shared/web/escape-html';
export { PRERENDERED_PAGES } from '@sala/shared/web/pages';
export { heroSizes, illustrationSources } from './lib/illustrations';
export { islands, PAGE_META };

const PAGES: Record<(typeof PRERENDERED_PAGES)[number], ComponentType> = {
  '/': HomePage,
  '/nosotros': NosotrosPage,
  '/equipo': EquipoPage,
  '/reserva': BookingPage,
  '/sucursales': BranchesPage,
  '/registro': RegisterPage,
  '/registro/iniciar-sesion': LoginPage,
  // The business's facts go in at serve time (apps/api/src/plugins/web.ts): the build writes their tokens.
  '/aviso-de-privacidad': () => <LegalPage path="/aviso-de-privacidad" view={LEGAL_TOKENS} />,
  '/terminos': () => <LegalPage path="/terminos" view={LEGAL_TOKENS} />,
};

export async function render(path: keyof typeof PAGES): Promise<string> {
  const Page = PAGES[path];
  setPrerenderPath(path);
  const found: CollectedIsland[] = [];
  let html = renderToString(
    <IslandCollector value={(island) => found.push(island) - 1}>
      <PublicFrame>
        <Page />
      </PublicFrame>
    </IslandCollector>,
  );
  // Outside the islands the page is the build's HTML, never hydrated: a control there would do nothing, and a tap on
  // it would not be held for any island (@sala/shared/web/early-taps).
  const control = /<(button|input|select|textarea|summary)\b|role="button"/.exec(html);
  if (control) throw new Error(`${path}: a control (${control[0]}) outside every island would never work`);
  for (const [id, { name, element }] of found.entries()) {
    // The browser renders the island from its name alone: it must be the registry's component, without props.
    const Component = await islands[name].load();
    if (element.type !== Component || Object.keys(element.props as object).length > 0)
      throw new Error(`${path}: the island '${name}' must hold <${Component.name} /> and nothing else`);
    const island = renderToString(
      <IslandProviders client={createQueryClient()}>
        <Component />
      </IslandProviders>,
    );
    // React puts the image preloads it finds before the markup; they go before the page, for the head.
    const preloads = /^(?:<link [^>]*\/>)*/.exec(island)?.[0] ?? '';
    const slot = islandSlot(name, id);
    if (!html.includes(slot)) throw new Error(`${path}: the island '${name}' left no slot in the page`);
    html = preloads + html.replace(slot, filledIsland(name, island.slice(preloads.length)));
  }
  return html;
}
