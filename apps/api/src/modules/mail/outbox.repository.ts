import type { DbOrTx } from '@sala/db/client';
import { emailOutbox } from '@sala/db/schema/infrastructure';

export type OutgoingEmail = { to: string; subject: string; html: string; text: string };

/** Written in the caller's transaction: the mail exists exactly when the change it reports does. */
export async function enqueueEmails(db: DbOrTx, emails: OutgoingEmail[]) {
  if (emails.length === 0) return;
  await db.insert(emailOutbox).values(
    emails.map((email) => ({
      toAddress: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
    })),
  );
}
