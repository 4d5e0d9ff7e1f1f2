import type { FastifyInstance } from 'fastify';
import { createWhatsAppSender } from '../../lib/whatsapp/cloud-api';
import type { WhatsAppChannel } from './whatsapp.service';
import { createWhatsAppWorker, type WhatsAppWorker } from './whatsapp.worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** WhatsApp as this server has it (issue 43): null without the WHATSAPP_* settings. */
    whatsappChannel: WhatsAppChannel;
    /**
     * The WhatsApp outbox's worker of this process (null without the channel). Built here, never started here:
     * server.ts starts and stops it, so `app.inject` tests send nothing unless a test runs it.
     */
    whatsappWorker: WhatsAppWorker | null;
  }
}

export function registerWhatsApp(app: FastifyInstance) {
  const settings = app.config.whatsapp;
  app.decorate(
    'whatsappChannel',
    settings ? { appSecret: settings.appSecret, verifyToken: settings.verifyToken } : null,
  );
  const worker = settings
    ? createWhatsAppWorker({
        db: app.database.db,
        sender: createWhatsAppSender(settings),
        pollIntervalMs: settings.pollMs,
        log: app.log,
      })
    : null;
  app.decorate('whatsappWorker', worker);
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}
