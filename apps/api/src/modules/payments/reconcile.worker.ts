import { createPoller } from '../../lib/poller';
import { type PaymentsContext, reconcilePayments } from './payments.service';

export type ReconcileWorkerOptions = {
  /** The job's ports (db, gateway, notify, metrics); its clock comes from `clock`. */
  ports: Omit<PaymentsContext, 'now'>;
  clock?: () => Date;
  /** How often due checks are looked for (RECONCILE_POLL_MS). */
  intervalMs?: number;
  log?: {
    error: (object: object, message: string) => void;
    warn: (object: object, message: string) => void;
  };
};

/**
 * Payment reconciliation (issue 24), in every API process: asks the gateway about the payments whose check is
 * due (payments.service `reconcilePayments`; a checkout is claimed by one process only) until none is left.
 */
export function createReconcileWorker(options: ReconcileWorkerOptions) {
  const clock = options.clock ?? (() => new Date());
  const runOnce = async () => {
    // A full batch may leave more due: go on until a batch comes back short.
    for (;;) {
      const run = await reconcilePayments(
        { ...options.ports, now: clock(), log: options.log },
        { limit: 20 },
      );
      if (run.checked < 20) return;
    }
  };
  const poller = createPoller(runOnce, {
    intervalMs: options.intervalMs ?? 60_000,
    onError: (error) => options.log?.error({ err: error }, 'payment reconciliation run failed'),
  });
  return { runOnce, start: () => poller.start(), stop: () => poller.stop() };
}
