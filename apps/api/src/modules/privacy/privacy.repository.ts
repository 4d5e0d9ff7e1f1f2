import type { DbOrTx } from '@sala/db/client';
import { emailChanges, privacyRequests } from '@sala/db/schema/privacy';
import { users } from '@sala/db/schema/users';
import type { privacyRequestSortable } from '@sala/shared/privacy/privacy.contract';
import { and, asc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { containsPattern, offsetOf, orderBy, totalCount } from '../../lib/paging';

export type NewPrivacyRequest = typeof privacyRequests.$inferInsert;

export function insertRequest(db: DbOrTx, values: NewPrivacyRequest) {
  return db
    .insert(privacyRequests)
    .values(values)
    .returning({ id: privacyRequests.id })
    .then((rows) => rows[0]!.id);
}

const recorder = alias(users, 'recorder');
const resolver = alias(users, 'resolver');

const requestRow = {
  id: privacyRequests.id,
  userId: privacyRequests.userId,
  userName: users.name,
  userEmail: users.email,
  userClosed: sql<boolean>`${users.closedAt} is not null`,
  kind: privacyRequests.kind,
  channel: privacyRequests.channel,
  status: privacyRequests.status,
  receivedAt: privacyRequests.receivedAt,
  dueOn: privacyRequests.dueOn,
  detail: privacyRequests.detail,
  resolution: privacyRequests.resolution,
  recordedByName: recorder.name,
  resolvedByName: resolver.name,
  resolvedAt: privacyRequests.resolvedAt,
};

const sortColumns = {
  receivedAt: privacyRequests.receivedAt,
  dueOn: privacyRequests.dueOn,
  userName: users.name,
  kind: privacyRequests.kind,
  status: privacyRequests.status,
} as const;

export function listRequests(
  db: DbOrTx,
  page: {
    page: number;
    pageSize: number;
    sort: (typeof privacyRequestSortable)[number];
    dir: 'asc' | 'desc';
    q?: string;
    status?: 'open' | 'done' | 'refused';
    kind?: 'access' | 'rectification' | 'cancellation' | 'opposition';
  },
) {
  const pattern = page.q ? containsPattern(page.q) : undefined;
  return db
    .select({ ...requestRow, total: totalCount() })
    .from(privacyRequests)
    .innerJoin(users, eq(users.id, privacyRequests.userId))
    .leftJoin(recorder, eq(recorder.id, privacyRequests.recordedBy))
    .leftJoin(resolver, eq(resolver.id, privacyRequests.resolvedBy))
    .where(
      and(
        page.status ? eq(privacyRequests.status, page.status) : undefined,
        page.kind ? eq(privacyRequests.kind, page.kind) : undefined,
        pattern
          ? or(
              ilike(users.name, pattern),
              ilike(users.email, pattern),
              ilike(privacyRequests.detail, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(orderBy(sortColumns[page.sort], page.dir), orderBy(privacyRequests.id, page.dir))
    .limit(page.pageSize)
    .offset(offsetOf(page.page, page.pageSize));
}

export function findRequest(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({
      id: privacyRequests.id,
      userId: privacyRequests.userId,
      kind: privacyRequests.kind,
      channel: privacyRequests.channel,
      status: privacyRequests.status,
      detail: privacyRequests.detail,
    })
    .from(privacyRequests)
    .where(eq(privacyRequests.id, id));
  return (options.forUpdate ? query.for('update') : query).then((rows) => rows[0]);
}

export function findRequestView(db: DbOrTx, id: string) {
  return db
    .select(requestRow)
    .from(privacyRequests)
    .innerJoin(users, eq(users.id, privacyRequests.userId))
    .leftJoin(recorder, eq(recorder.id, privacyRequests.recordedBy))
    .leftJoin(resolver, eq(resolver.id, privacyRequests.resolvedBy))
    .where(eq(privacyRequests.id, id))
    .then((rows) => rows[0]);
}

export function resolveRequestRow(
  db: DbOrTx,
  id: string,
  values: { status: 'done' | 'refused'; resolution: string; resolvedBy: string | null; at: Date },
) {
  return db
    .update(privacyRequests)
    .set({
      status: values.status,
      resolution: values.resolution,
      resolvedBy: values.resolvedBy,
      resolvedAt: values.at,
    })
    .where(and(eq(privacyRequests.id, id), eq(privacyRequests.status, 'open')))
    .returning({ id: privacyRequests.id });
}

/** One person's requests, oldest first (they go in the data they take home). */
export function requestsOfUser(db: DbOrTx, userId: string) {
  return db
    .select({
      kind: privacyRequests.kind,
      channel: privacyRequests.channel,
      status: privacyRequests.status,
      receivedAt: privacyRequests.receivedAt,
      dueOn: privacyRequests.dueOn,
      detail: privacyRequests.detail,
      resolution: privacyRequests.resolution,
    })
    .from(privacyRequests)
    .where(eq(privacyRequests.userId, userId))
    .orderBy(asc(privacyRequests.receivedAt));
}

/** A change of e-mail waiting for its confirmation; a newer one voids the older ones of the same person. */
export async function insertEmailChange(
  db: DbOrTx,
  values: { tokenHash: string; userId: string; newEmail: string; expiresAt: Date },
  now: Date,
) {
  await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.userId, values.userId), isNull(emailChanges.usedAt)));
  await db.insert(emailChanges).values(values);
}

/** Takes a confirmation link once: the change it names, if it is unused and not expired. */
export function consumeEmailChange(db: DbOrTx, tokenHash: string, now: Date) {
  return db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChanges.tokenHash, tokenHash),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail })
    .then((rows) => rows[0]);
}

/** Suppression: pending e-mail changes go with the rest of the person's data. */
export function deleteEmailChangesOf(db: DbOrTx, userId: string) {
  return db.delete(emailChanges).where(eq(emailChanges.userId, userId));
}
