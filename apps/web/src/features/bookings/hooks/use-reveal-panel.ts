import { useEffect, useRef } from 'react';

/**
 * A panel that replaces the wizard (a booking's or a series' confirmation): on mount it scrolls to its top, which
 * its `scroll-mt-24` keeps below the site's fixed header, and its heading takes the focus without a scroll of its
 * own (a focused heading scrolls only just into view, which left it under the header; issue 39).
 */
export function useRevealPanel() {
  const panel = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return { panel, heading };
}
