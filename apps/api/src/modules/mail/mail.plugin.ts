import type { FastifyInstance } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import type { Mailer } from '../../lib/mail/mailer';
import { createSmtpMailer } from '../../lib/mail/smtp-mailer';
import type { Notify } from '../../ports/notify';
import { outboxBacklog } from './mail.service';
import { createNotify } from './notify';
import { createOutboxWorker, type OutboxWorker } from './outbox.worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** SMTP through nodemailer when SMTP_URL is set; null otherwise (mail stays in the outbox, readable). */
    mailer: Mailer | null;
    /**
     * The outbox worker of this process. Built here, never started here: server.ts starts and stops it, so
     * `app.inject` tests send nothing unless a test calls it.
     */
    outbox: OutboxWorker;
    /** The notifications port every request context carries (modules/mail/notify.ts). */
    notify: Notify;
  }
}

/**
 * The mail of this process: the SMTP mailer, the outbox worker, the notifications port, and the outbox's figures
 * on /api/metrics (after plugins/metrics.ts, whose registry they join).
 */
export function registerMailer(app: FastifyInstance) {
  const { smtp, mailFrom, mailWorker, publicUrl, adminEmail, whatsapp } = app.config;
  const registers = [app.metrics.registry];
  const oldest = new Gauge({
    name: 'sala_outbox_oldest_pending_seconds',
    help: 'Age of the oldest e-mail still waiting to be sent (0 when none waits)',
    registers,
  });
  // Read from the database at scrape time (one query for both gauges): the queue is every process's.
  new Gauge({
    name: 'sala_outbox_messages',
    help: 'E-mails in the outbox waiting to be sent (pending) or failed for good (failed), all processes',
    labelNames: ['status'],
    registers,
    async collect() {
      const depth = await outboxBacklog({ db: app.database.db, now: new Date() });
      this.set({ status: 'pending' }, depth.pending);
      this.set({ status: 'failed' }, depth.failed);
      oldest.set(depth.oldestPendingSeconds);
    },
  });
  const mailAttempts = new Counter({
    name: 'sala_outbox_send_attempts_total',
    help: 'E-mail send attempts of this process, by result',
    labelNames: ['result'],
    registers,
  });

  const mailer = smtp ? createSmtpMailer(smtp.url) : null;
  app.decorate('mailer', mailer);
  app.decorate(
    'outbox',
    createOutboxWorker({
      db: app.database.db,
      mailer,
      from: mailFrom,
      log: app.log,
      onAttempt: (delivered) => mailAttempts.inc({ result: delivered ? 'sent' : 'failed' }),
      ...mailWorker,
    }),
  );
  app.decorate(
    'notify',
    createNotify({
      db: app.database.db,
      publicUrl,
      adminEmail,
      mailFrom,
      outbox: app.outbox,
      whatsapp: whatsapp !== null,
    }),
  );
  app.addHook('onClose', async () => {
    await app.outbox.stop();
    mailer?.close();
  });
}
