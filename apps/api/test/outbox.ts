import type { DbOrTx } from '@sala/db/client';
import { insertEmails, type OutgoingEmail } from '../src/modules/mail/outbox.repository';

/** Writes raw messages to the outbox, as a test's starting point (the app itself writes only through notify). */
export function enqueueEmails(db: DbOrTx, emails: OutgoingEmail[]): Promise<string[]> {
  return insertEmails(db, emails);
}
