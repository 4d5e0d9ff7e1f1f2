import type { DbOrTx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import { type EmailAttachment, emailOutbox } from '@sala/db/schema/infrastructure';
import { ilike, or, sql } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, totalCount } from '../../lib/paging';

export type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
};

/** Every booking writes two: one plain multi-row INSERT, cheaper to build than the query builder's. */
export async function insertEmails(db: DbOrTx, emails: OutgoingEmail[]) {
  const rows = emails.map(
    (email) =>
      sql`(${newId()}, ${email.to}, ${email.subject}, ${email.html}, ${email.text}, ${JSON.stringify(email.attachments ?? [])}::jsonb)`,
  );
  await db.execute(sql`
    insert into ${emailOutbox} ("id", "to_address", "subject", "html", "text", "attachments")
    values ${sql.join(rows, sql`, `)}`);
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
