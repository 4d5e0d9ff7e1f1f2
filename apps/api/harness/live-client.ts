import http from 'node:http';

export type LiveEvent = { id?: string; event: string; data: unknown; at: number };

/**
 * An EventSource as the tests and the bench need it: one HTTP connection (node:http, no pooling), its events parsed
 * as they arrive, waited for by a predicate.
 */
export function openStream(url: string, headers: Record<string, string> = {}) {
  const events: LiveEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let status = 0;
  let responseHeaders: http.IncomingHttpHeaders = {};
  let body = '';
  let ended = false;
  const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false });
  const opened = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      responseHeaders = response.headers;
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        if (status !== 200) {
          body += chunk;
          return;
        }
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            const colon = line.indexOf(':');
            if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
          }
          if (fields.data !== undefined) {
            events.push({
              id: fields.id,
              event: fields.event ?? 'message',
              data: JSON.parse(fields.data),
              at: performance.now(),
            });
          }
          end = buffer.indexOf('\n\n');
        }
        for (const wake of waiters) wake();
      });
      response.on('end', () => {
        ended = true;
        for (const wake of waiters) wake();
      });
      resolve(status);
    });
    request.on('error', (error) => {
      ended = true;
      for (const wake of waiters) wake();
      reject(error);
    });
  });

  return {
    opened,
    events,
    comments,
    get status() {
      return status;
    },
    get headers() {
      return responseHeaders;
    },
    get body() {
      return body;
    },
    get ended() {
      return ended;
    },
    /** The first event from `from` on that `matches`, waiting up to `timeoutMs` for it. */
    next(matches: (event: LiveEvent) => boolean, timeoutMs = 5_000, from = 0): Promise<LiveEvent> {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = events.slice(from).find(matches);
          if (found) {
            finish();
            resolve(found);
          } else if (ended) {
            finish();
            reject(new Error(`stream ended without the event (${events.length} events)`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no such event in ${timeoutMs} ms (${events.length} events)`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(look);
        };
        waiters.add(look);
        look();
      });
    },
    close() {
      request.destroy();
    },
  };
}

export type LiveStreamClient = ReturnType<typeof openStream>;
