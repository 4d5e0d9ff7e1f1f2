import { createPoller } from '../../lib/poller';
import { type InvoiceQueuePorts, runInvoicingJobs } from './invoicing.queue';

export type InvoiceWorkerOptions = {
  ports: Omit<InvoiceQueuePorts, 'now'>;
  clock?: () => Date;
  /** How often this process looks for invoices whose turn came (INVOICE_POLL_MS). */
  intervalMs?: number;
};

/**
 * The invoicing job in every API process (issue 42): the period's global invoice when its period closed, then the
 * stamping and cancellation queues; a request that queued something wakes it, so a client's invoice is usually
 * stamped within a second.
 */
export function createInvoiceWorker(options: InvoiceWorkerOptions) {
  const clock = options.clock ?? (() => new Date());
  const runOnce = () => runInvoicingJobs({ ...options.ports, now: clock() });
  const poller = createPoller(runOnce, {
    intervalMs: options.intervalMs ?? 30_000,
    onError: (error) => options.ports.log?.error({ err: error }, 'invoicing job run failed'),
  });
  return { runOnce, start: () => poller.start(), stop: () => poller.stop(), wake: () => poller.wake() };
}

export type InvoiceWorker = ReturnType<typeof createInvoiceWorker>;
