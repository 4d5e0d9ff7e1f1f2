import { useCallback, useLayoutEffect, useRef, useState } from 'react';

type Fit = { width: number | undefined; overflows: boolean };

/**
 * The width of a scrolling frame and whether its content is wider than it, kept in step as the frame resizes and
 * after each render (new content). Without ResizeObserver (jsdom) the width stays unknown and nothing overflows.
 */
export function useFrameFit<T extends HTMLElement>() {
  const [fit, setFit] = useState<Fit>({ width: undefined, overflows: false });
  const [frame, setFrame] = useState<T | null>(null);
  const ref = useCallback((node: T | null) => setFrame(node), []);
  const last = useRef(fit);

  const measure = useCallback(() => {
    if (!frame || typeof ResizeObserver === 'undefined') return;
    const next = { width: frame.clientWidth, overflows: frame.scrollWidth > frame.clientWidth + 1 };
    if (next.width !== last.current.width || next.overflows !== last.current.overflows) {
      last.current = next;
      setFit(next);
    }
  }, [frame]);

  useLayoutEffect(() => {
    if (!frame || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [frame, measure]);

  // Before paint, after every render: the content may have grown or shrunk with it.
  useLayoutEffect(measure);

  return [ref, fit] as const;
}
