import type { DbOrTx } from '@sala/db/client';
import type { TOutboxEmail, TOutboxQuery } from '@sala/shared/mail/outbox.contract';
import type { TPage } from '@sala/shared/table/table.contract';
import { toPage } from '../../lib/paging';
import { insertEmails, listOutbox, type OutgoingEmail } from './outbox.repository';

export type { OutgoingEmail } from './outbox.repository';

/** Written in the caller's transaction: the mail exists exactly when the change it reports does. */
export async function enqueueEmails(db: DbOrTx, emails: OutgoingEmail[]) {
  if (emails.length > 0) await insertEmails(db, emails);
}

export async function listOutboxPage(db: DbOrTx, query: TOutboxQuery): Promise<TPage<TOutboxEmail>> {
  return toPage(await listOutbox(db, query), query, (row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  }));
}
