import type { JobContext } from '../../context';
import { createPoller } from '../../lib/poller';
import { queueDueReminders } from './bookings.service';

export type ReminderWorkerOptions = {
  /** The job's ports (db, notify); its clock comes from `clock`. */
  ports: Omit<JobContext, 'now'>;
  clock?: () => Date;
  /** How often due reminders are looked for; a reminder goes out at most this late. */
  intervalMs?: number;
  log?: { error: (object: object, message: string) => void };
};

/**
 * Every minute, queues the 24-hour reminders that fell due (bookings.service `queueDueReminders`); the outbox
 * worker delivers them. Runs in every API process: a session is claimed by one of them only.
 */
export function createReminderWorker(options: ReminderWorkerOptions) {
  const clock = options.clock ?? (() => new Date());
  const runOnce = () => queueDueReminders({ ...options.ports, now: clock() });
  const poller = createPoller(runOnce, {
    intervalMs: options.intervalMs ?? 60_000,
    onError: (error) => options.log?.error({ err: error }, 'reminder run failed'),
  });
  return { runOnce, start: () => poller.start(), stop: () => poller.stop() };
}
