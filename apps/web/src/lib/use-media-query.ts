import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint: wider than a phone held upright. */
export const SM_UP = '(min-width: 640px)';

/** Tailwind's `md` breakpoint: tables show as a table from here up, as cards below. */
export const MD_UP = '(min-width: 768px)';

/**
 * Tailwind's `xl` breakpoint, where the admin area's tables turn from cards into a table: under 1280 px the admin
 * menu (256 px) leaves too little room for a table of eight columns with its actions (issue 39).
 */
export const XL_UP = '(min-width: 1280px)';

function mediaQueryList(query: string): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : undefined;
}

/**
 * Whether a CSS media query matches, kept in step with the window. Where matchMedia is missing (jsdom in the
 * unit tests) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      if (!list) return () => {};
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query)?.matches ?? fallback,
    () => fallback,
  );
}
