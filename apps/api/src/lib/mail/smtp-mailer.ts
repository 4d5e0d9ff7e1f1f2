import nodemailer from 'nodemailer';
import { describeSmtpUrl, type Mailer } from './mailer';

export type SmtpMailerOptions = {
  /** Bounds one delivery: connecting, the greeting and any silence of the server. */
  connectionTimeoutMs?: number;
  socketTimeoutMs?: number;
};

/** nodemailer over SMTP: one connection per message, so a failure never poisons the next one. */
export function createSmtpMailer(url: string, options: SmtpMailerOptions = {}): Mailer {
  const connectionTimeout = options.connectionTimeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout,
    greetingTimeout: connectionTimeout,
    socketTimeout: options.socketTimeoutMs ?? 30_000,
    // Errors must not carry the URL's password into logs or the outbox's last_error.
    logger: false,
    debug: false,
  });
  return {
    description: describeSmtpUrl(url),
    async send(message) {
      await transport.sendMail({
        messageId: message.messageId,
        from: { name: message.from.name, address: message.from.email },
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers,
        attachments: message.attachments.map((attachment) => ({
          filename: attachment.filename,
          content: attachment.content,
          contentType: attachment.contentType,
          ...(attachment.cid ? { cid: attachment.cid, contentDisposition: 'inline' as const } : {}),
        })),
      });
    },
    close() {
      transport.close();
    },
  };
}
