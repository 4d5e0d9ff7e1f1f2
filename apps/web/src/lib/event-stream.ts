import { useEffect, useRef } from 'react';

/**
 * Listens to a Server-Sent Events stream of /api while `path` is set (design §10): the browser's EventSource
 * reconnects by itself (with Last-Event-ID). Where there is no EventSource, the screen keeps its plain loads.
 */
export function useEventStream(path: string | undefined, event: string, onEvent: (data: unknown) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!path || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api${path}`);
    const listener = (message: MessageEvent<string>) => {
      try {
        handler.current(JSON.parse(message.data));
      } catch {
        // A message this version cannot read: the next load gets the truth.
      }
    };
    source.addEventListener(event, listener);
    return () => {
      source.removeEventListener(event, listener);
      source.close();
    };
  }, [path, event]);
}
