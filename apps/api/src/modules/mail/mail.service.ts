import type { DbOrTx } from '@sala/db/client';
import type { TOutboxEmail, TOutboxQuery, TOutboxResponse } from '@sala/shared/mail/outbox.contract';
import { outboxMessages as m } from '@sala/shared/mail/outbox.messages';
import type { ActingContext, RequestContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { toPage } from '../../lib/paging';
import { findEmail, listOutbox, messagesTo, outboxDepth, requeueFailed } from './outbox.repository';

type EmailRow = NonNullable<Awaited<ReturnType<typeof findEmail>>>;

/** A stored message as the screen shows it; without a mail server a pending one is `held`, with no next attempt. */
const toOutboxEmail = (
  { total: _total, ...row }: EmailRow & { total?: number },
  mailServer: boolean,
): TOutboxEmail => ({
  ...row,
  status: row.status === 'pending' && !mailServer ? 'held' : row.status,
  // A sent or failed message has no next attempt, whatever the column still holds.
  nextAttemptAt: row.status === 'pending' && mailServer ? row.nextAttemptAt.toISOString() : null,
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** GET /api/outbox: a page of stored messages, and whether this server sends them at all. */
export async function listOutboxPage(
  { db, notify }: ActingContext,
  query: TOutboxQuery,
): Promise<TOutboxResponse> {
  const { mailServer } = notify;
  const page = toPage(await listOutbox(db, query), query, (row) => toOutboxEmail(row, mailServer));
  return { ...page, mailServer };
}

/**
 * Reintentar (super admin): a failed message goes back to the queue and gets one attempt at once, bounded like
 * a booking's; if that fails too it is failed again with the new error (or waits for the worker, when there is
 * no server to send to). Answers the message as it stands afterwards.
 */
export async function retryEmail(
  { db, now, notify }: ActingContext,
  { id }: { id: string },
): Promise<TOutboxEmail> {
  if (!(await requeueFailed(db, id, now))) {
    const existing = await findEmail(db, id);
    if (!existing) throw new AppError('not-found', m.notFound);
    throw new AppError('aborted', m.onlyFailed);
  }
  await notify.sendNow({ emailIds: [id] });
  return toOutboxEmail((await findEmail(db, id))!, notify.mailServer);
}

/** For the metrics: how many messages wait, how many failed for good, how long the oldest has waited. */
export function outboxBacklog({ db, now }: Pick<RequestContext, 'db' | 'now'>) {
  return outboxDepth(db, now);
}

/** For the privacy module: what the business wrote to an address (subject, when, how it went, its text). */
export function messagesWrittenTo(db: DbOrTx, address: string) {
  return messagesTo(db, address);
}
