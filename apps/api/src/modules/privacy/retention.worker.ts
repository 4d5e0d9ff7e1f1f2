import type { JobContext } from '../../context';
import { createPoller } from '../../lib/poller';
import { suppressExpiredAccounts } from './privacy.service';

/**
 * Every ten minutes, suppresses the personal fields of the closed accounts whose retention period ended
 * (privacy.service `suppressExpiredAccounts`). Runs in every API process: an account is suppressed by one of them.
 */
export function createRetentionWorker(options: {
  ports: Omit<JobContext, 'now'>;
  clock?: () => Date;
  intervalMs?: number;
  log?: { error: (object: object, message: string) => void };
}) {
  const clock = options.clock ?? (() => new Date());
  const runOnce = () => suppressExpiredAccounts({ ...options.ports, now: clock() });
  const poller = createPoller(runOnce, {
    intervalMs: options.intervalMs ?? 10 * 60_000,
    onError: (error) => options.log?.error({ err: error }, 'retention run failed'),
  });
  return { runOnce, start: () => poller.start(), stop: () => poller.stop() };
}
