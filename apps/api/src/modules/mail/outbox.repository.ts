import type { DbOrTx } from '@sala/db/client';
import { type EmailAttachment, emailOutbox } from '@sala/db/schema/infrastructure';
import { ilike, or } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, totalCount } from '../../lib/paging';

export type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
};

export function insertEmails(db: DbOrTx, emails: OutgoingEmail[]) {
  return db.insert(emailOutbox).values(
    emails.map((email) => ({
      toAddress: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      attachments: email.attachments ?? [],
    })),
  );
}

export function listOutbox(
  db: DbOrTx,
  options: { page: number; pageSize: number; dir: 'asc' | 'desc'; q?: string },
) {
  const pattern = options.q ? containsPattern(options.q) : undefined;
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      total: totalCount(),
    })
    .from(emailOutbox)
    .where(
      pattern ? or(ilike(emailOutbox.toAddress, pattern), ilike(emailOutbox.subject, pattern)) : undefined,
    )
    .orderBy(orderBy(emailOutbox.createdAt, options.dir), emailOutbox.id)
    .limit(options.pageSize)
    .offset(offsetOf(options.page, options.pageSize));
}
