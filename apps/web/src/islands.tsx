// The script of the prerendered public pages (decision 016): no router, no page tree; each island of the page
// (islands/registry.ts) is hydrated as a root of its own when it is needed, and the rest of the page stays the
// build's HTML. This entry is small and imports no React: it starts watching the islands for a first tap as soon
// as it runs, while React DOM (islands/runtime.tsx) loads beside it.
import { isIslandName, islands } from './islands/registry';
import { type IslandToWake, wakeIslands } from './islands/wake';
import { adoptCarriedState } from './lib/carried-state';

adoptCarriedState();
const runtime = import('./islands/runtime');

const list: IslandToWake[] = [];
for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island;
  if (!isIslandName(name)) continue;
  const { when, load } = islands[name];
  list.push({
    element,
    when,
    hydrate: async () => {
      const [{ hydrateIsland }, Island] = await Promise.all([runtime, load()]);
      await hydrateIsland(element, Island);
    },
  });
}

void wakeIslands(list);
