import type { FastifyInstance } from 'fastify';
import { createFacturapiPac } from '../../lib/invoicing/facturapi-pac';
import type { Invoicing } from '../../lib/invoicing/pac';
import { createInvoiceWorker, type InvoiceWorker } from './invoicing.worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The PAC chosen at boot (Facturapi with FACTURAPI_KEY; none: invoicing is off) and its mode. */
    invoicing: Invoicing;
    /**
     * The invoicing queue of this process. Built here, never started here: server.ts starts and stops it, so
     * `app.inject` tests stamp nothing unless a test runs it (a request's wake does nothing while it is stopped).
     */
    invoiceWorker: InvoiceWorker;
  }
}

/** Invoicing's PAC and queue (issue 42); after registerMailer, whose notify the queue's e-mails go through. */
export function registerInvoicing(app: FastifyInstance) {
  const config = app.config.invoicing;
  const pac = config ? createFacturapiPac(config) : null;
  const mode: Invoicing['mode'] = !pac ? 'off' : pac.isTest ? 'test' : 'live';
  const worker = createInvoiceWorker({
    ports: { db: app.database.db, invoicing: { pac }, notify: app.notify, log: app.log },
    intervalMs: app.config.invoicePollMs,
  });
  app.decorate('invoiceWorker', worker);
  app.decorate('invoicing', { pac, mode, wake: () => worker.wake() });
  app.addHook('onClose', async () => {
    await worker.stop();
  });
}
