import type { DbOrTx } from '@sala/db/client';
import { branches, cities } from '@sala/db/schema/locations';
import { calendarFeeds } from '@sala/db/schema/messaging';
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../lib/sql-rows';

export type FeedOwner = { userId: string } | { branchId: string };

const ownerIs = (owner: FeedOwner) =>
  'userId' in owner ? eq(calendarFeeds.userId, owner.userId) : eq(calendarFeeds.branchId, owner.branchId);

/** Makes the owner's address, or replaces its token on the same row (the old address stops at once). */
export async function putFeed(
  tx: DbOrTx,
  owner: FeedOwner,
  tokenHash: string,
  createdBy: string,
  now: Date,
): Promise<void> {
  const values = { tokenHash, createdBy, createdAt: now };
  const updated = await tx
    .update(calendarFeeds)
    .set(values)
    .where(ownerIs(owner))
    .returning({ id: calendarFeeds.id });
  if (updated.length > 0) return;
  await tx
    .insert(calendarFeeds)
    .values({ ...values, ...owner })
    .onConflictDoUpdate({
      target: 'userId' in owner ? calendarFeeds.userId : calendarFeeds.branchId,
      targetWhere: 'userId' in owner ? sql`"user_id" is not null` : sql`"branch_id" is not null`,
      set: values,
    });
}

export async function deleteFeed(tx: DbOrTx, owner: FeedOwner): Promise<boolean> {
  const deleted = await tx.delete(calendarFeeds).where(ownerIs(owner)).returning({ id: calendarFeeds.id });
  return deleted.length > 0;
}

export async function findFeedOf(db: DbOrTx, owner: FeedOwner) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(ownerIs(owner));
  return row ?? null;
}

export async function findBranchName(db: DbOrTx, branchId: string): Promise<string | null> {
  const [row] = await db.select({ name: branches.name }).from(branches).where(eq(branches.id, branchId));
  return row?.name ?? null;
}

/** Every branch with its staff feed, by zone and name. */
export async function branchFeeds(db: DbOrTx) {
  return db
    .select({
      branchId: branches.id,
      branchName: branches.name,
      cityName: cities.name,
      createdAt: calendarFeeds.createdAt,
    })
    .from(branches)
    .innerJoin(cities, eq(cities.id, branches.cityId))
    .leftJoin(calendarFeeds, eq(calendarFeeds.branchId, branches.id))
    .orderBy(asc(cities.name), asc(branches.name));
}

/** A session as a feed prints it. `feed_*` columns repeat the feed's own row on each. */
export type FeedRow = {
  tokenHash: string;
  feedUserId: string | null;
  feedBranchId: string | null;
  feedBranchName: string | null;
  id: string | null;
  startsAt: Date | null;
  cancelledAt: Date | null;
  updatedAt: Date | null;
  calendarUid: string | null;
  calendarSequence: number | null;
  roomName: string | null;
  branchName: string | null;
  address: string | null;
  cityName: string | null;
  holderName: string | null;
  courtesyName: string | null;
};

/**
 * The feed of a token, in one query: the feed's row, and its sessions from `startsFrom` on (a cancelled one only
 * when cancelled since `cancelledFrom`). Each side of the lateral union reads its own index
 * (room_sessions_user_starts_at_idx, room_sessions_branch_starts_at_idx). No feed: no rows.
 */
export async function feedByTokenHash(
  db: DbOrTx,
  tokenHash: string,
  window: { startsFrom: Date; cancelledFrom: Date },
): Promise<FeedRow[]> {
  const from = sql`${window.startsFrom.toISOString()}::timestamptz`;
  const cancelledFrom = sql`${window.cancelledFrom.toISOString()}::timestamptz`;
  const columns = sql`s."id", s."starts_at", s."cancelled_at", s."updated_at", s."calendar_uid",
    s."calendar_sequence", s."room_id", s."user_id", s."courtesy_name"`;
  const keep = sql`s."starts_at" >= ${from} and (s."cancelled_at" is null or s."cancelled_at" >= ${cancelledFrom})`;
  const result = await db.execute(sql`
    select f."token_hash", f."user_id" as "feed_user_id", f."branch_id" as "feed_branch_id", fb."name" as "feed_branch_name",
      s."id", s."starts_at", s."cancelled_at", s."updated_at", s."calendar_uid", s."calendar_sequence",
      r."name" as "room_name", b."name" as "branch_name", b."address", c."name" as "city_name",
      u."name" as "holder_name", s."courtesy_name"
    from "calendar_feeds" f
    left join "branches" fb on fb."id" = f."branch_id"
    left join lateral (
      select ${columns} from "room_sessions" s where f."user_id" is not null and s."user_id" = f."user_id" and ${keep}
      union all
      select ${columns} from "room_sessions" s where f."branch_id" is not null and s."branch_id" = f."branch_id" and ${keep}
    ) s on true
    left join "rooms" r on r."id" = s."room_id"
    left join "branches" b on b."id" = r."branch_id"
    left join "cities" c on c."id" = b."city_id"
    left join "users" u on u."id" = s."user_id"
    where f."token_hash" = ${tokenHash}
    order by s."starts_at", s."id"`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    tokenHash: row.token_hash as string,
    feedUserId: (row.feed_user_id as string | null) ?? null,
    feedBranchId: (row.feed_branch_id as string | null) ?? null,
    feedBranchName: (row.feed_branch_name as string | null) ?? null,
    id: (row.id as string | null) ?? null,
    startsAt: row.starts_at ? new Date(row.starts_at as string) : null,
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at as string) : null,
    updatedAt: row.updated_at ? new Date(row.updated_at as string) : null,
    calendarUid: (row.calendar_uid as string | null) ?? null,
    calendarSequence: row.calendar_sequence === null ? null : Number(row.calendar_sequence),
    roomName: (row.room_name as string | null) ?? null,
    branchName: (row.branch_name as string | null) ?? null,
    address: (row.address as string | null) ?? null,
    cityName: (row.city_name as string | null) ?? null,
    holderName: (row.holder_name as string | null) ?? null,
    courtesyName: (row.courtesy_name as string | null) ?? null,
  }));
}
