/**
 * Sending e-mail behind one interface (style.md rule 12): SMTP through nodemailer when SMTP_URL is set, nothing
 * otherwise (messages stay in the outbox, readable in the app). The outbox worker never knows which server it
 * talks to; tests talk to a real local SMTP peer (`smtp-server`).
 */
export type MailAttachment = {
  filename: string;
  content: string | Buffer;
  contentType: string;
  /** An inline image the HTML shows as `cid:…`. */
  cid?: string;
};

export type MailMessage = {
  /** Stable across attempts ('<outbox id@sender domain>'), so a rare duplicate is recognisable. */
  messageId: string;
  from: { name: string; email: string };
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on a reminder, RFC 8058). */
  headers?: Record<string, string>;
};

export interface Mailer {
  /** 'smtp://mail.example.com:465' — for logs: never the user name or password. */
  readonly description: string;
  /** Resolves once the server accepted the message; rejects with the server's answer otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** An SMTP URL without its credentials, fit for a log line. */
export function describeSmtpUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
}
