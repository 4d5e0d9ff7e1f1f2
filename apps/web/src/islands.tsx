// The script of the prerendered public pages (decision 016): no router, no page tree; each island of the page
// (islands/registry.ts) is hydrated as a root of its own when it is needed, and the rest of the page stays the
// build's HTML. This entry is small and imports no React: it starts watching the islands for a first tap as soon
// as it runs; React DOM (islands/runtime.tsx) and the islands' code are asked for in the tasks after it (issue 25:
// the page's start is no single long task).
import { isIslandName, islands } from './islands/registry';
import { applyStylesheet } from './islands/stylesheet';
import { type IslandToWake, wakeIslands } from './islands/wake';
import { adoptCarriedState } from './lib/carried-state';
import { nextTask } from './lib/next-task';

adoptCarriedState();
// The page has inlined only its own rules; nothing React renders comes before the whole stylesheet. Applied in a
// task of its own: its parse and the page's new style are not added to this one.
const stylesheet = nextTask().then(() => applyStylesheet());
// React DOM is asked for in a task of its own, after the islands are watched (or at once by a first tap). Its
// chunk is preloaded by the page; it runs once the stylesheet is applied.
let runtime: Promise<typeof import('./islands/runtime')> | undefined;
const loadRuntime = () => {
  runtime ??= stylesheet.then(() => import('./islands/runtime'));
  return runtime;
};
void nextTask().then(loadRuntime);

const list: IslandToWake[] = [];
for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island;
  if (!isIslandName(name)) continue;
  const { when, load } = islands[name];
  list.push({
    element,
    when,
    hydrate: async () => {
      const [{ hydrateIsland }, Island] = await Promise.all([loadRuntime(), load()]);
      await hydrateIsland(element, Island);
    },
  });
}

void wakeIslands(list);
