import type { DbOrTx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import { type EmailAttachment, emailOutbox } from '@sala/db/schema/infrastructure';
import type { TOutboxStatus } from '@sala/shared/mail/outbox.contract';
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, rowCount, withTotal } from '../../lib/paging';
import { preparedOnce, preparedSqlOnce } from '../../lib/prepared';
import { rowsOf } from '../../lib/sql-rows';

export type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
  /** Extra headers: a reminder's one-click unsubscribe (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** At most one message per key, ever (a session's reminder). */
  dedupeKey?: string;
};

/** A row a worker holds: its `attempts` after the claim is the token every later update must match. */
export type ClaimedEmail = {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
  headers: Record<string, string>;
  attempts: number;
};

const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * Every booking writes two: one plain multi-row INSERT, built once for each count of rows up to four (a booking
 * writes two, a sale or a voucher one). A row whose dedupe key exists already is skipped; the ids of the rows
 * written come back.
 */
export async function insertEmails(db: DbOrTx, emails: OutgoingEmail[]): Promise<string[]> {
  const values: Record<string, unknown> = {};
  emails.forEach((email, i) => {
    values[`id${i}`] = newId();
    values[`to${i}`] = email.to;
    values[`subject${i}`] = email.subject;
    values[`html${i}`] = email.html;
    values[`text${i}`] = email.text;
    values[`attachments${i}`] = JSON.stringify(email.attachments ?? []);
    values[`headers${i}`] = JSON.stringify(email.headers ?? {});
    values[`dedupeKey${i}`] = email.dedupeKey ?? null;
  });
  const result = await emailInsert(emails.length)(db).execute(values);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

const emailInserts = new Map<number, ReturnType<typeof emailInsertOf>>();
function emailInsert(count: number) {
  if (count > 4) return emailInsertOf(count);
  let insert = emailInserts.get(count);
  if (!insert) {
    insert = emailInsertOf(count);
    emailInserts.set(count, insert);
  }
  return insert;
}

function emailInsertOf(count: number) {
  const p = (name: string, i: number) => sql.placeholder(`${name}${i}`);
  const rows = Array.from(
    { length: count },
    (_, i) =>
      sql`(${p('id', i)}, ${p('to', i)}, ${p('subject', i)}, ${p('html', i)}, ${p('text', i)}, ${p('attachments', i)}::jsonb, ${p('headers', i)}::jsonb, ${p('dedupeKey', i)})`,
  );
  return preparedSqlOnce(sql`
    insert into ${emailOutbox} ("id", "to_address", "subject", "html", "text", "attachments", "headers", "dedupe_key")
    values ${sql.join(rows, sql`, `)}
    on conflict do nothing
    returning "id"`);
}

/**
 * Claims up to `limit` due rows for one worker (FOR UPDATE SKIP LOCKED: N processes never take the same row):
 * counts the attempt and moves `next_attempt_at` to the claim's expiry, so a row whose process dies before it
 * reports falls due again by itself. With `ids`, only those rows, due or never tried (a booking's immediate send).
 */
export async function claimEmails(
  db: DbOrTx,
  options: { now: Date; claimUntil: Date; limit: number; ids?: string[] },
): Promise<ClaimedEmail[]> {
  const due = options.ids
    ? sql`"id" in (${sql.join(
        options.ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and "status" = 'pending' and ("attempts" = 0 or "next_attempt_at" <= ${ts(options.now)})`
    : sql`"status" = 'pending' and "next_attempt_at" <= ${ts(options.now)}`;
  const result = await db.execute(sql`
    update "email_outbox" as o
    set "attempts" = o."attempts" + 1, "next_attempt_at" = ${ts(options.claimUntil)},
        "last_attempt_at" = ${ts(options.now)}
    from (
      select "id" from "email_outbox" where ${due}
      order by "next_attempt_at", "id"
      limit ${options.limit}
      for update skip locked
    ) as due
    where o."id" = due."id"
    returning o."id", o."to_address", o."subject", o."html", o."text", o."attachments", o."headers", o."attempts"`);
  return rowsOf<{
    id: string;
    to_address: string;
    subject: string;
    html: string;
    text: string;
    attachments: EmailAttachment[] | string;
    headers: Record<string, string> | string;
    attempts: number;
  }>(result).map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    html: row.html,
    text: row.text,
    attachments: typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments,
    headers: typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers,
    attempts: Number(row.attempts),
  }));
}

/** Delivered: only while this claim is still the row's latest (a later claimer owns it otherwise). */
export async function markSent(db: DbOrTx, id: string, attempts: number, at: Date) {
  await sent(db).execute({ id, attempts, at: at.toISOString() });
}

/** The row of one claim: its id, and its attempts still as the claim left them. */
const claimed = and(
  eq(emailOutbox.id, sql.placeholder('id')),
  eq(emailOutbox.attempts, sql.placeholder('attempts')),
  eq(emailOutbox.status, 'pending'),
);
const atPlaceholder = sql`${sql.placeholder('at')}::timestamptz`;

const sent = preparedOnce((db) =>
  db.update(emailOutbox).set({ status: 'sent', sentAt: atPlaceholder, lastError: null }).where(claimed),
);

/** A failed attempt: tried again at `nextAttemptAt`, or failed for good when there is none. */
export async function markAttemptFailed(
  db: DbOrTx,
  id: string,
  attempts: number,
  outcome: { error: string; at: Date; nextAttemptAt: Date | null },
) {
  const failure = { id, attempts, error: outcome.error, at: outcome.at.toISOString() };
  await (outcome.nextAttemptAt
    ? failedForNow(db).execute({ ...failure, next: outcome.nextAttemptAt.toISOString() })
    : failedForGood(db).execute(failure));
}

const failedForNow = preparedOnce((db) =>
  db
    .update(emailOutbox)
    .set({
      lastError: sql`${sql.placeholder('error')}`,
      lastFailedAt: atPlaceholder,
      nextAttemptAt: sql`${sql.placeholder('next')}::timestamptz`,
    })
    .where(claimed),
);
const failedForGood = preparedOnce((db) =>
  db
    .update(emailOutbox)
    .set({ lastError: sql`${sql.placeholder('error')}`, lastFailedAt: atPlaceholder, status: 'failed' })
    .where(claimed),
);

/**
 * The server accepts mail again: every row waiting for a retry because no server answered, since before `since`,
 * falls due now. Rows a worker holds are left alone (their claim moved `last_attempt_at` past their last
 * failure), and so are messages the server itself refused (their error is its answer: an SMTP code, 4xx or 5xx,
 * retried on their own schedule). Answers how many.
 */
export async function bringRetriesForward(db: DbOrTx, now: Date, since: Date): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: now })
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        sql`${emailOutbox.lastFailedAt} >= ${emailOutbox.lastAttemptAt}`,
        sql`${emailOutbox.lastFailedAt} < ${ts(since)}`,
        sql`${emailOutbox.lastError} !~ '^[45][0-9][0-9]([ -]|$)'`,
        sql`${emailOutbox.nextAttemptAt} > ${ts(now)}`,
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** How each of these rows stands: sent, failed for good, or pending (with whether its latest attempt failed). */
export async function deliveryOf(db: DbOrTx, ids: string[]) {
  const rows = await db
    .select({
      status: emailOutbox.status,
      lastFailedAt: emailOutbox.lastFailedAt,
      lastAttemptAt: emailOutbox.lastAttemptAt,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.id, ids));
  return rows.map((row) => ({
    status: row.status,
    failed:
      row.status === 'failed' ||
      (row.lastFailedAt !== null && row.lastAttemptAt !== null && row.lastFailedAt >= row.lastAttemptAt),
  }));
}

/** The queue as an operator watches it: messages waiting, failed for good, and the oldest waiting one's age. */
export async function outboxDepth(db: DbOrTx, now: Date) {
  const result = await db.execute(sql`
    select
      count(*) filter (where "status" = 'pending')::int as "pending",
      count(*) filter (where "status" = 'failed')::int as "failed",
      coalesce(extract(epoch from ${ts(now)} - min("created_at") filter (where "status" = 'pending')), 0)::float8
        as "oldest_pending_seconds"
    from "email_outbox" where "status" in ('pending', 'failed')`);
  const [row] = rowsOf<{ pending: number; failed: number; oldest_pending_seconds: number }>(result);
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestPendingSeconds: Math.max(0, Number(row?.oldest_pending_seconds ?? 0)),
  };
}

/** The status of the messages written under these dedupe keys (those that exist). */
export async function statusesByKey(db: DbOrTx, keys: string[]) {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ status: emailOutbox.status })
    .from(emailOutbox)
    .where(inArray(emailOutbox.dedupeKey, keys));
  return rows.map((row) => row.status);
}

/** Claimed but never tried (the process is stopping): due again now, the attempt not counted. */
export async function releaseClaim(db: DbOrTx, id: string, attempts: number, now: Date) {
  await db
    .update(emailOutbox)
    .set({ attempts: attempts - 1, nextAttemptAt: now })
    .where(
      and(eq(emailOutbox.id, id), eq(emailOutbox.attempts, attempts), eq(emailOutbox.status, 'pending')),
    );
}

/** A failed message back in the queue, due now (Reintentar). Only a failed one: answers whether it was. */
export async function requeueFailed(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'pending', nextAttemptAt: now })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

/** A message not yet sent is dropped (a reminder of a session cancelled before it went out). */
/** Every message ever written to an address (a suppressed account's: they name the person). */
export async function deleteMessagesTo(db: DbOrTx, address: string) {
  await db.delete(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = lower(${address})`);
}

export async function deletePendingByKey(db: DbOrTx, dedupeKey: string) {
  await db
    .delete(emailOutbox)
    .where(and(eq(emailOutbox.dedupeKey, dedupeKey), eq(emailOutbox.status, 'pending')));
}

const listColumns = {
  id: emailOutbox.id,
  to: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  text: emailOutbox.text,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  lastAttemptAt: emailOutbox.lastAttemptAt,
  sentAt: emailOutbox.sentAt,
  createdAt: emailOutbox.createdAt,
};

export function findEmail(db: DbOrTx, id: string) {
  return db
    .select(listColumns)
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id))
    .then((rows) => rows[0]);
}

export function listOutbox(
  db: DbOrTx,
  options: { page: number; pageSize: number; dir: 'asc' | 'desc'; q?: string; status?: TOutboxStatus },
) {
  const pattern = options.q ? containsPattern(options.q) : undefined;
  const where = and(
    options.status ? eq(emailOutbox.status, options.status) : undefined,
    pattern ? or(ilike(emailOutbox.toAddress, pattern), ilike(emailOutbox.subject, pattern)) : undefined,
  );
  const ordering = [orderBy(emailOutbox.createdAt, options.dir), orderBy(emailOutbox.id, options.dir)];
  return withTotal(
    db,
    db
      .select(listColumns)
      .from(emailOutbox)
      // The page's ids first, an index walk on (created_at, id): the skipped messages (bodies of kilobytes)
      // are never read (issue 46).
      .where(
        inArray(
          emailOutbox.id,
          db
            .select({ id: emailOutbox.id })
            .from(emailOutbox)
            .where(where)
            .orderBy(...ordering)
            .limit(options.pageSize)
            .offset(offsetOf(options.page, options.pageSize)),
        ),
      )
      .orderBy(...ordering),
    db.select({ total: rowCount() }).from(emailOutbox).where(where),
  );
}

/** The messages written to an address, oldest first (the data a client takes home). */
export function messagesTo(db: DbOrTx, address: string) {
  return db
    .select({
      createdAt: emailOutbox.createdAt,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      sentAt: emailOutbox.sentAt,
      text: emailOutbox.text,
    })
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.toAddress}) = lower(${address})`)
    .orderBy(emailOutbox.createdAt, emailOutbox.id);
}
