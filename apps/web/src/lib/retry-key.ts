import { useMemo, useRef } from 'react';

/**
 * The idempotency key of one attempt at one request: the same body sent again (a retry after a lost answer, a
 * double click) carries the same key, so the server answers the first result instead of doing it twice; a
 * changed body, or the next request once one succeeded (`done`), gets a new key.
 */
export function useRetryKey() {
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  return useMemo(
    () => ({
      for(body: unknown): string {
        const signature = JSON.stringify(body);
        if (attempt.current?.signature !== signature)
          attempt.current = { signature, key: crypto.randomUUID() };
        return attempt.current.key;
      },
      done() {
        attempt.current = null;
      },
    }),
    [],
  );
}
