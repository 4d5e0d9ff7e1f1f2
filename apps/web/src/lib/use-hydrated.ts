import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the prerendered HTML and during the render that hydrates it, true from then on (and at once on a page
 * rendered in the browser). Controls that only work with JavaScript stay disabled until then, so a tap that
 * comes before the page is interactive is not lost, and a login form is never submitted by the browser itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
