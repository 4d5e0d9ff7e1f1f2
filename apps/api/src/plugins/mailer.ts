import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../lib/mail/mailer';
import { createSmtpMailer } from '../lib/mail/smtp-mailer';
import { createNotify, type Notify } from '../modules/mail/notify';
import { createOutboxWorker, type OutboxWorker } from '../modules/mail/outbox.worker';

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

export function registerMailer(app: FastifyInstance) {
  const { smtp, mailFrom, mailWorker, publicUrl, adminEmail } = app.config;
  const mailer = smtp ? createSmtpMailer(smtp.url) : null;
  app.decorate('mailer', mailer);
  app.decorate(
    'outbox',
    createOutboxWorker({
      db: app.database.db,
      mailer,
      from: mailFrom,
      log: app.log,
      onAttempt: app.metrics.mailAttempt,
      ...mailWorker,
    }),
  );
  app.decorate(
    'notify',
    createNotify({ db: app.database.db, publicUrl, adminEmail, mailFrom, outbox: app.outbox }),
  );
  app.addHook('onClose', async () => {
    await app.outbox.stop();
    mailer?.close();
  });
}
