import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * Hears a channel's messages. `null` says the connection to the database was lost and is back: messages sent
 * meanwhile may never arrive, so whoever listens starts over from what the database holds now.
 */
export type ChannelListener = (payload: string | null) => void;

/**
 * Short messages from one process to every process that shares the database, sent after the change they tell of
 * has committed: PostgreSQL's NOTIFY and LISTEN, or within this one process on PGlite (one process owns its data
 * directory). A message is a hint to re-read, never the data itself: whoever hears it reads the database.
 */
export type Channels = {
  notify(channel: string, payload: string): Promise<void>;
  /** Every message of `channel` from now on, until the returned function is called. */
  listen(channel: string, listener: ChannelListener): Promise<() => void>;
  close(): Promise<void>;
};

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkedName(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

/** PGlite: the one process that owns the database is everyone who can hear. */
export function localChannels(): Channels {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async notify(channel, payload) {
      // After the caller's own continuation, as a notification from the server would arrive.
      queueMicrotask(() => emitter.emit(checkedName(channel), payload));
    },
    async listen(channel, listener) {
      emitter.on(checkedName(channel), listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

/**
 * PostgreSQL: NOTIFY through the pool; LISTEN on one connection of its own, opened at the first `listen` and opened
 * again (100 ms, then up to 5 s apart) whenever it is lost, after which every listener hears `null`.
 */
export function postgresChannels(pool: pg.Pool, url: string): Channels {
  const listeners = new Map<string, Set<ChannelListener>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const dispatch = (channel: string, payload: string | null) => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  };

  const lost = (which: pg.Client) => {
    if (client !== which) return;
    client = undefined;
    which.removeAllListeners('notification');
    which.end().catch(() => {});
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect(true).catch(() => {});
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connect = (again: boolean) => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      next.on('notification', (message) => dispatch(message.channel, message.payload ?? ''));
      client = next;
      try {
        await next.connect();
        for (const channel of listeners.keys()) await next.query(`LISTEN ${channel}`);
        retryMs = RETRY_MIN_MS;
        if (again) for (const channel of listeners.keys()) dispatch(channel, null);
      } catch (error) {
        lost(next);
        throw error;
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [checkedName(channel), payload]);
    },
    async listen(channel, listener) {
      checkedName(channel);
      const fresh = !listeners.has(channel);
      const set = listeners.get(channel) ?? new Set<ChannelListener>();
      listeners.set(channel, set);
      set.add(listener);
      if (connecting) await connecting.catch(() => {});
      if (!client) await connect(false);
      else if (fresh) await client.query(`LISTEN ${channel}`);
      return () => {
        set.delete(listener);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const last = client;
      client = undefined;
      listeners.clear();
      await last?.end().catch(() => {});
    },
  };
}
