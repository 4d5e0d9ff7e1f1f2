import pg from 'pg';
import { afterEach, expect } from 'vitest';

/**
 * On PostgreSQL (`npm run test:pg`): a query sent on a connection while another runs there fails its test.
 * node-postgres queues such a query only as a deprecated courtesy (pg 8 warns once a process, pg 9 refuses it), and
 * it is what a `Promise.all` of reads does inside a transaction; `readTogether` (src/lib/read-together.ts) sends them
 * in turn.
 * Read from the client's own state (its running query and its queue), as pg's warning is.
 */
type Client = {
  query: (...args: unknown[]) => unknown;
  _activeQuery?: unknown;
  _queryQueue?: unknown[];
};
const MARK = Symbol.for('sala.test.sent-while-busy');
const proto = pg.Client.prototype as unknown as Client & { [MARK]?: string[] };
// The API project shares one module graph per worker: patched once, its list read by every file's hook.
if (!proto[MARK]) {
  const seen: string[] = [];
  const query = proto.query;
  proto.query = function (this: Client, ...args: unknown[]) {
    if (this._activeQuery || (this._queryQueue?.length ?? 0) > 0) {
      const [config] = args;
      const text = typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '');
      seen.push(text.replace(/\s+/g, ' ').slice(0, 160));
    }
    return query.apply(this, args);
  };
  proto[MARK] = seen;
}
const sentWhileBusy = proto[MARK]!;

afterEach(() => {
  const seen = sentWhileBusy.splice(0);
  expect(seen, 'queries sent on a connection while another ran there').toEqual([]);
});
