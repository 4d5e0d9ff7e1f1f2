import { createContext, type ReactElement, useContext } from 'react';
import type { IslandName } from './registry';

export type CollectedIsland = { name: IslandName; element: ReactElement };

/** Set only by the build's prerender: it takes each island out of the page to render it as a root of its own. */
export const IslandCollector = createContext<((island: CollectedIsland) => number) | null>(null);

/** Where an island's own HTML goes in the prerendered page, and the island as the browser receives it. */
export const islandSlot = (name: string, id: number) =>
  `<div data-island="${name}" data-island-slot="${id}" class="contents"></div>`;
export const filledIsland = (name: string, html: string) =>
  `<div data-island="${name}" class="contents">${html}</div>`;

/**
 * A part of a public page that works in the browser (decision 016): the menu, the catalogue, the wizard. On a
 * prerendered page only islands are hydrated, each as its own React root, when it is needed
 * (islands/start.tsx); the rest of the page stays the build's HTML and costs no main-thread time. In the app (the
 * router renders the page) it is a plain wrapper. `children` is the registry's component of that name, without
 * props: the browser renders the island from its name alone (the prerender checks both).
 */
export function Island({ name, children }: { name: IslandName; children: ReactElement }) {
  const collect = useContext(IslandCollector);
  if (collect) {
    const id = collect({ name, element: children });
    return <div data-island={name} data-island-slot={id} className="contents" />;
  }
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
