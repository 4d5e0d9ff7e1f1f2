import type { JobContext } from '../../context';
import { createPoller } from '../../lib/poller';
import { purgeExpiredAccessRecords } from './auth.service';

/**
 * Every ten minutes, deletes the login-throttle rows and trusted browsers that count for nothing any more
 * (auth.service `purgeExpiredAccessRecords`). Runs in every API process: two purges at once delete the same rows.
 */
export function createAccessPurgeWorker(options: {
  db: JobContext['db'];
  clock?: () => Date;
  intervalMs?: number;
  log?: { error: (object: object, message: string) => void };
}) {
  const clock = options.clock ?? (() => new Date());
  const runOnce = () => purgeExpiredAccessRecords({ db: options.db, now: clock() });
  const poller = createPoller(runOnce, {
    intervalMs: options.intervalMs ?? 10 * 60_000,
    onError: (error) => options.log?.error({ err: error }, 'access purge failed'),
  });
  return { runOnce, start: () => poller.start(), stop: () => poller.stop() };
}
