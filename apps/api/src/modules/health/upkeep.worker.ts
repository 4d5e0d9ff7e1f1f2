import type { Db } from '@sala/db/client';
import { upkeepOnce } from '@sala/db/vacuum';
import { createPoller } from '../../lib/poller';

/** How often the embedded database's statistics are read (two statements when nothing is due; decision 044). */
export const UPKEEP_INTERVAL_MS = 15_000;
/** A round that took this long, its waits for the engine among the requests included, is logged at info. */
const SLOW_UPKEEP_MS = 1_000;

/**
 * The embedded database's autovacuum (decision 044): a round at start, then every UPKEEP_INTERVAL_MS, vacuums and
 * analyzes the tables of PGlite that PostgreSQL's autovacuum would have (packages/db/src/vacuum.ts). Started for
 * PGlite only: PostgreSQL runs its own. Stopping ends a round before its next table.
 */
export function createUpkeepWorker(options: {
  db: Db;
  intervalMs?: number;
  log?: {
    error: (object: object, message: string) => void;
    info: (object: object, message: string) => void;
    debug: (object: object, message: string) => void;
  };
}) {
  let stopping = false;
  const runOnce = async () => {
    const started = performance.now();
    const done = await upkeepOnce(options.db, {
      goOn: () => !stopping,
      onTableError: (table, error) =>
        options.log?.error({ err: error, table }, 'database upkeep of a table failed'),
    });
    const ms = Math.round(performance.now() - started);
    // As PostgreSQL's log_autovacuum_min_duration: a long round is worth a line.
    if (done.length > 0)
      options.log?.[ms >= SLOW_UPKEEP_MS ? 'info' : 'debug']({ tables: done, ms }, 'database upkeep');
    return done;
  };
  const poller = createPoller(runOnce, {
    intervalMs: options.intervalMs ?? UPKEEP_INTERVAL_MS,
    onError: (error) => options.log?.error({ err: error }, 'database upkeep failed'),
  });
  return {
    runOnce,
    start: () => {
      stopping = false;
      poller.start();
    },
    stop: () => {
      stopping = true;
      return poller.stop();
    },
  };
}
