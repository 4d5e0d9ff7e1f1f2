import type { DbOrTx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import { whatsappConsents, whatsappMessages } from '@sala/db/schema/messaging';
import { users } from '@sala/db/schema/users';
import { and, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, rowCount, withTotal } from '../../lib/paging';
import { rowsOf } from '../../lib/sql-rows';

const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;

export async function findConsent(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(whatsappConsents).where(eq(whatsappConsents.userId, userId));
  return row ?? null;
}

/** The numbers of these clients who have WhatsApp on now (consent given, not withdrawn, number reachable). */
export async function activeNumbersOf(db: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: whatsappConsents.userId, phone: whatsappConsents.phone })
    .from(whatsappConsents)
    .where(
      and(
        inArray(whatsappConsents.userId, userIds),
        isNull(whatsappConsents.withdrawnAt),
        // A number WhatsApp said it cannot reach gets nothing more until the client turns it on again.
        isNull(whatsappConsents.unreachableAt),
      ),
    );
  return new Map(rows.map((row) => [row.userId, row.phone]));
}

/** Consent given (again): its date, notice version and number; a former withdrawal and "unreachable" are cleared. */
export async function giveConsent(
  tx: DbOrTx,
  consent: { userId: string; phone: string; at: Date; noticeVersion: string },
) {
  const values = {
    phone: consent.phone,
    consentedAt: consent.at,
    noticeVersion: consent.noticeVersion,
    withdrawnAt: null,
    withdrawnVia: null,
    unreachableAt: null,
    unreachableReason: null,
  };
  await tx
    .insert(whatsappConsents)
    .values({ userId: consent.userId, ...values })
    .onConflictDoUpdate({ target: whatsappConsents.userId, set: values });
}

/**
 * Withdrawn (Mi perfil, a "BAJA" reply, a closed account): the row stays as the record, and the messages still
 * waiting are dropped. Answers whether it was on.
 */
export async function withdrawConsent(
  tx: DbOrTx,
  userId: string,
  at: Date,
  via: 'profile' | 'reply',
): Promise<boolean> {
  const rows = await tx
    .update(whatsappConsents)
    .set({ withdrawnAt: at, withdrawnVia: via })
    .where(and(eq(whatsappConsents.userId, userId), isNull(whatsappConsents.withdrawnAt)))
    .returning({ userId: whatsappConsents.userId });
  // What was waiting to be sent goes with the consent: nothing reaches a client who said no.
  await tx
    .delete(whatsappMessages)
    .where(and(eq(whatsappMessages.userId, userId), eq(whatsappMessages.status, 'pending')));
  return rows.length > 0;
}

/** The clients whose active consent is for this number (a reply names the number, never the account). */
export async function consentsByNumber(db: DbOrTx, phone: string) {
  return db
    .select({ userId: whatsappConsents.userId })
    .from(whatsappConsents)
    .where(and(eq(whatsappConsents.phone, phone), isNull(whatsappConsents.withdrawnAt)));
}

export async function markUnreachable(tx: DbOrTx, userId: string, phone: string, at: Date, reason: string) {
  await tx
    .update(whatsappConsents)
    .set({ unreachableAt: at, unreachableReason: reason })
    .where(and(eq(whatsappConsents.userId, userId), eq(whatsappConsents.phone, phone)));
}

export type OutgoingWhatsApp = {
  userId: string;
  toPhone: string;
  template: string;
  params: string[];
  dedupeKey: string;
  /** The session's start: not sent after it. */
  sendBy: Date | null;
};

/** Written in the business transaction; a message whose key exists already is skipped. */
export async function insertMessages(tx: DbOrTx, messages: OutgoingWhatsApp[]): Promise<void> {
  if (messages.length === 0) return;
  await tx
    .insert(whatsappMessages)
    .values(messages.map((message) => ({ id: newId(), ...message })))
    .onConflictDoNothing();
}

/** Messages not sent yet are dropped (a cancelled session's reminder). */
export async function deletePendingByKeys(tx: DbOrTx, keys: string[]) {
  if (keys.length === 0) return;
  await tx
    .delete(whatsappMessages)
    .where(and(inArray(whatsappMessages.dedupeKey, keys), eq(whatsappMessages.status, 'pending')));
}

export type ClaimedWhatsApp = {
  id: string;
  userId: string | null;
  toPhone: string;
  template: string;
  params: string[];
  attempts: number;
};

/**
 * Claims due messages for one worker (FOR UPDATE SKIP LOCKED: N processes never take the same row): the attempt
 * is counted and `next_attempt_at` moves to the claim's end, so a row whose process dies falls due again.
 */
export async function claimMessages(
  db: DbOrTx,
  options: { now: Date; claimUntil: Date; limit: number },
): Promise<ClaimedWhatsApp[]> {
  const result = await db.execute(sql`
    update "whatsapp_messages" as m
    set "attempts" = m."attempts" + 1, "next_attempt_at" = ${ts(options.claimUntil)},
        "last_attempt_at" = ${ts(options.now)}
    from (
      select w."id" from "whatsapp_messages" w
      where w."status" = 'pending' and w."next_attempt_at" <= ${ts(options.now)}
        and (w."send_by" is null or w."send_by" > ${ts(options.now)})
        -- Only to a number whose consent still holds (a withdrawal between the write and the send stops it).
        and (w."user_id" is null or exists (
          select 1 from "whatsapp_consents" c
          where c."user_id" = w."user_id" and c."withdrawn_at" is null and c."phone" = w."to_phone"))
      order by w."next_attempt_at", w."id"
      limit ${options.limit}
      for update of w skip locked
    ) as due
    where m."id" = due."id"
    returning m."id", m."user_id", m."to_phone", m."template", m."params", m."attempts"`);
  return rowsOf<{
    id: string;
    user_id: string | null;
    to_phone: string;
    template: string;
    params: string[] | string;
    attempts: number;
  }>(result).map((row) => ({
    id: row.id,
    userId: row.user_id,
    toPhone: row.to_phone,
    template: row.template,
    params: typeof row.params === 'string' ? (JSON.parse(row.params) as string[]) : row.params,
    attempts: Number(row.attempts),
  }));
}

/** Messages whose session started before they could go out: failed, with why, never sent late. */
export async function expireMessages(db: DbOrTx, now: Date, reason: string): Promise<number> {
  const rows = await db
    .update(whatsappMessages)
    .set({ status: 'failed', lastError: reason })
    .where(and(eq(whatsappMessages.status, 'pending'), sql`${whatsappMessages.sendBy} <= ${ts(now)}`))
    .returning({ id: whatsappMessages.id });
  return rows.length;
}

/** The claim's fence: only the holder of this attempt records its result. */
const held = (id: string, attempts: number) =>
  and(
    eq(whatsappMessages.id, id),
    eq(whatsappMessages.attempts, attempts),
    eq(whatsappMessages.status, 'pending'),
  );

export async function markAccepted(db: DbOrTx, id: string, attempts: number, wamid: string, at: Date) {
  await db
    .update(whatsappMessages)
    .set({ status: 'accepted', wamid, acceptedAt: at, lastError: null, errorCode: null })
    .where(held(id, attempts));
}

export async function markAttemptFailed(
  db: DbOrTx,
  id: string,
  attempts: number,
  failure: { error: string; code: number | null; nextAttemptAt: Date | null },
) {
  await db
    .update(whatsappMessages)
    .set({
      lastError: failure.error,
      errorCode: failure.code,
      ...(failure.nextAttemptAt ? { nextAttemptAt: failure.nextAttemptAt } : { status: 'failed' as const }),
    })
    .where(held(id, attempts));
}

/** Gives a claimed row back untried (the process is stopping). */
export async function releaseClaim(db: DbOrTx, id: string, attempts: number, now: Date) {
  await db
    .update(whatsappMessages)
    .set({ attempts: attempts - 1, nextAttemptAt: now })
    .where(held(id, attempts));
}

/**
 * A status webhook: applied only when it goes further than what the row says (STATUS_RANK), in one UPDATE, so
 * statuses arriving in any order, or at once, end in the furthest. Answers the row when it changed, or that no
 * message has that id (yet: WhatsApp may tell a status before the send's answer has been recorded).
 */
export async function applyStatus(
  db: DbOrTx,
  update: {
    wamid: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    at: Date;
    error: string | null;
    code: number | null;
  },
  rank: (status: string) => number,
) {
  const ranks = sql.raw(
    `case "status" ${['pending', 'accepted', 'sent', 'failed', 'delivered', 'read']
      .map((status) => `when '${status}' then ${rank(status)}`)
      .join(' ')} end`,
  );
  const rows = await db
    .update(whatsappMessages)
    .set({
      status: update.status,
      statusAt: update.at,
      ...(update.status === 'failed' ? { lastError: update.error, errorCode: update.code } : {}),
    })
    .where(and(eq(whatsappMessages.wamid, update.wamid), sql`${ranks} < ${rank(update.status)}`))
    .returning({
      id: whatsappMessages.id,
      userId: whatsappMessages.userId,
      toPhone: whatsappMessages.toPhone,
    });
  if (rows[0]) return { changed: rows[0] };
  const [known] = await db
    .select({ id: whatsappMessages.id })
    .from(whatsappMessages)
    .where(eq(whatsappMessages.wamid, update.wamid));
  return known ? { changed: null } : { unknown: true as const };
}

export async function listMessagesPage(
  db: DbOrTx,
  options: { page: number; pageSize: number; dir: 'asc' | 'desc'; status?: string; q?: string },
) {
  const digits = options.q?.replace(/\D/g, '') ?? '';
  const where = and(
    options.status ? eq(whatsappMessages.status, options.status as 'pending') : undefined,
    options.q
      ? or(
          // The clients whose name (or e-mail, or phone) matches, through the users' trigram index; then their
          // messages by theirs (issue 46: filtering the joined name walked every message).
          inArray(
            whatsappMessages.userId,
            db
              .select({ id: users.id })
              .from(users)
              .where(
                sql`(${users.name} || ' ' || ${users.email} || ' ' || ${users.phone}) ilike ${containsPattern(options.q)}`,
              ),
          ),
          digits.length >= 4 ? like(whatsappMessages.toPhone, `%${digits}%`) : undefined,
        )
      : undefined,
  );
  const ordering = [
    orderBy(whatsappMessages.createdAt, options.dir),
    orderBy(whatsappMessages.id, options.dir),
  ];
  const rows = await withTotal(
    db,
    db
      .select({
        id: whatsappMessages.id,
        to: whatsappMessages.toPhone,
        clientName: users.name,
        template: whatsappMessages.template,
        params: whatsappMessages.params,
        status: whatsappMessages.status,
        attempts: whatsappMessages.attempts,
        lastError: whatsappMessages.lastError,
        nextAttemptAt: whatsappMessages.nextAttemptAt,
        acceptedAt: whatsappMessages.acceptedAt,
        statusAt: whatsappMessages.statusAt,
        createdAt: whatsappMessages.createdAt,
      })
      .from(whatsappMessages)
      .leftJoin(users, eq(users.id, whatsappMessages.userId))
      // The page's ids first, an index walk on (created_at, id) however deep the page (issue 46).
      .where(
        inArray(
          whatsappMessages.id,
          db
            .select({ id: whatsappMessages.id })
            .from(whatsappMessages)
            .where(where)
            .orderBy(...ordering)
            .limit(options.pageSize)
            .offset(offsetOf(options.page, options.pageSize)),
        ),
      )
      .orderBy(...ordering),
    db.select({ total: rowCount() }).from(whatsappMessages).where(where),
  );
  return rows;
}

/** Suppression (ARCO): the messages kept for a person go with their personal data. */
export async function deleteMessagesOf(tx: DbOrTx, userId: string) {
  await tx.delete(whatsappMessages).where(eq(whatsappMessages.userId, userId));
  await tx.delete(whatsappConsents).where(eq(whatsappConsents.userId, userId));
}

/** ARCO access: the consent record and every WhatsApp message written to this person. */
export async function whatsappDataOf(db: DbOrTx, userId: string) {
  const [consent] = await db.select().from(whatsappConsents).where(eq(whatsappConsents.userId, userId));
  const messages = await db
    .select({
      createdAt: whatsappMessages.createdAt,
      template: whatsappMessages.template,
      params: whatsappMessages.params,
      toPhone: whatsappMessages.toPhone,
      status: whatsappMessages.status,
    })
    .from(whatsappMessages)
    .where(eq(whatsappMessages.userId, userId))
    .orderBy(whatsappMessages.createdAt);
  return { consent: consent ?? null, messages };
}
