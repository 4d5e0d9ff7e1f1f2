import type { DbOrTx } from '@sala/db/client';
import type { EmailAttachment } from '@sala/db/schema/infrastructure';
import { insertEmails, type OutgoingEmail } from '../src/modules/mail/outbox.repository';

/** Writes raw messages to the outbox, as a test's starting point (the app itself writes only through notify). */
export function enqueueEmails(db: DbOrTx, emails: OutgoingEmail[]): Promise<string[]> {
  return insertEmails(db, emails);
}

/** A stored attachment's text (an .ics invite); fails on one drawn when delivered (an OXXO barcode). */
export function storedText(attachment: EmailAttachment | undefined): string {
  if (!attachment || !('content' in attachment)) throw new Error('the message holds no stored file here');
  return attachment.content;
}
