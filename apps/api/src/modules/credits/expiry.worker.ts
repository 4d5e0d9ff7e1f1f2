import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobContext } from '../../context';
import { createPoller } from '../../lib/poller';
import { queueExpiryWarnings, runCreditExpiry } from './expiry.service';

export type CreditExpiryWorkerOptions = {
  /** The job's ports (db, notify); its clock comes from `clock`. */
  ports: Omit<JobContext, 'now'>;
  clock?: () => Date;
  /** How often the day's run and the warnings are looked for. */
  intervalMs?: number;
  log?: {
    error: (object: object, message: string) => void;
    info?: (object: object, message: string) => void;
  };
};

/**
 * Every minute (issue 44): the day's expiry, once per Mexico City day by whichever process takes its lease first,
 * then the warnings that fell due. Runs in every API process.
 */
export function createCreditExpiryWorker(options: CreditExpiryWorkerOptions) {
  const clock = options.clock ?? (() => new Date());
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const runOnce = async () => {
    const now = clock();
    const expired = await runCreditExpiry({ db: options.ports.db, now }, { holder });
    if (expired && expired.lots > 0) options.log?.info?.(expired, 'credits expired');
    await queueExpiryWarnings({ ...options.ports, now });
  };
  const poller = createPoller(runOnce, {
    intervalMs: options.intervalMs ?? 60_000,
    onError: (error) => options.log?.error({ err: error }, 'credit expiry run failed'),
  });
  return { runOnce, start: () => poller.start(), stop: () => poller.stop() };
}
