// What hydrating an island takes (decision 016): React DOM, the page's query cache and the toaster. Loaded by the
// islands' entry (src/islands.tsx) right after it starts watching for taps, in a task of its own.
import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppToaster, notify, whenToasterWanted } from '../components/ui/toast';
import { takeFlash } from '../lib/flash';
import { createQueryClient } from '../lib/query-client';
import { IslandProviders } from './providers';

const queryClient = createQueryClient();

// Toasts (and the message a previous page left, like 'Has cerrado sesion') have a root of their own, made when the
// first one is asked for: most visits show none.
whenToasterWanted(() => {
  const toaster = document.createElement('div');
  document.body.append(toaster);
  createRoot(toaster).render(<AppToaster />);
});
const flash = takeFlash();
if (flash) notify[flash.tone](flash.message);

/** Says when the island has committed: effects run after it, when its handlers are live. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/**
 * Hydrates one island's prerendered HTML as a root of its own; resolves once it has committed. As a transition:
 * React then hydrates in slices of a few milliseconds, yielding to the browser between them, where a plain
 * hydration is one task as long as the island (over 100 ms for the header on a throttled phone; issue 25).
 */
export function hydrateIsland(element: HTMLElement, Island: React.ComponentType) {
  return new Promise<void>((committed) => {
    startTransition(() => {
      hydrateRoot(
        element,
        <IslandProviders client={queryClient}>
          <Island />
          <Committed onCommit={committed} />
        </IslandProviders>,
      );
    });
  });
}
