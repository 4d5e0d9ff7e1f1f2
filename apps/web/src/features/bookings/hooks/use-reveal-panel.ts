import { useLayoutEffect, useRef } from 'react';

/**
 * A panel that replaces the wizard (a booking's or a series' confirmation): on mount it scrolls to its top, which
 * its `scroll-mt-24` keeps below the site's fixed header, and its heading takes the focus without a scroll of its
 * own (a focused heading scrolls only just into view, which left it under the header; issue 39). In the commit that
 * shows it (a layout effect): the button that led here is gone with the wizard, and until the focus moved it was on
 * the page's body, where a screen reader's next key started from the top (a unit test caught that window on a busy
 * machine).
 */
export function useRevealPanel() {
  const panel = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    heading.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return { panel, heading };
}
