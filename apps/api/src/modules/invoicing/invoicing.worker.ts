import { createPoller } from '../../lib/poller';
import { type InvoiceQueuePorts, sendDueInvoices } from './invoicing.service';

export type InvoiceWorkerOptions = {
  ports: Omit<InvoiceQueuePorts, 'now'>;
  clock?: () => Date;
  /** How often this process looks for invoices whose turn came (INVOICE_POLL_MS). */
  intervalMs?: number;
};

/**
 * The invoicing queue in every API process (issue 42): sends what is due to the PAC until none is left; a request
 * that queued an invoice wakes it, so a client's invoice is usually stamped within a second.
 */
export function createInvoiceWorker(options: InvoiceWorkerOptions) {
  const clock = options.clock ?? (() => new Date());
  const runOnce = async () => {
    for (;;) {
      const run = await sendDueInvoices({ ...options.ports, now: clock() }, { limit: 10 });
      if (run.claimed < 10) return;
    }
  };
  const poller = createPoller(runOnce, {
    intervalMs: options.intervalMs ?? 30_000,
    onError: (error) => options.ports.log?.error({ err: error }, 'invoicing queue run failed'),
  });
  return { runOnce, start: () => poller.start(), stop: () => poller.stop(), wake: () => poller.wake() };
}

export type InvoiceWorker = ReturnType<typeof createInvoiceWorker>;
