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

/** A session as a feed prints it (instants in epoch milliseconds, as the aggregate carries them). */
export type FeedSession = {
  id: string;
  uid: string;
  sequence: number;
  startsAt: number;
  cancelled: boolean;
  updatedAt: number;
  room: string;
  branch: string;
  address: string;
  city: string;
  holder: string | null;
  courtesy: string | null;
};

/** A feed as its one query answers: whose it is, the version of what it holds, and the sessions unless unchanged. */
export type FeedRead = {
  tokenHash: string;
  branchId: string | null;
  branchName: string | null;
  /** md5 of everything the file is written from: the same sessions, the same version. */
  version: string;
  /** null when `version` is one the caller already has (the calendar's, or the file this process wrote). */
  sessions: FeedSession[] | null;
};

/**
 * The feed of a token, in one query: the feed's row; its sessions from `startsFrom` on (a cancelled one only when
 * cancelled since `cancelledFrom`) as one JSON aggregate, each side of the lateral union on its own index
 * (room_sessions_user_starts_at_idx, room_sessions_branch_starts_at_idx); and the md5 of that aggregate. When the
 * md5 is one of `known` (the calendar's If-None-Match, the file this process wrote last) the sessions are not
 * sent back at all. No feed: null.
 */
export async function readFeed(
  db: DbOrTx,
  tokenHash: string,
  window: { startsFrom: Date; cancelledFrom: Date },
  known: string[],
): Promise<FeedRead | null> {
  const from = sql`${window.startsFrom.toISOString()}::timestamptz`;
  const cancelledFrom = sql`${window.cancelledFrom.toISOString()}::timestamptz`;
  const columns = sql`s."id", s."starts_at", s."cancelled_at", s."updated_at", s."calendar_uid",
    s."calendar_sequence", s."room_id", s."user_id", s."courtesy_name"`;
  const keep = sql`s."starts_at" >= ${from} and (s."cancelled_at" is null or s."cancelled_at" >= ${cancelledFrom})`;
  const ms = (column: string) => sql.raw(`(extract(epoch from s."${column}") * 1000)::bigint`);
  const result = await db.execute(sql`
    select f."token_hash", f."branch_id", fb."name" as "branch_name", v."version",
      case when v."version" in (${sql.join(
        ['', ...known].map((version) => sql`${version}`),
        sql`, `,
      )}) then null else x."sessions" end as "sessions"
    from "calendar_feeds" f
    left join "branches" fb on fb."id" = f."branch_id"
    cross join lateral (
      select coalesce(json_agg(json_build_object(
          'id', s."id", 'uid', coalesce(s."calendar_uid", s."id"), 'sequence', s."calendar_sequence",
          'startsAt', ${ms('starts_at')}, 'cancelled', s."cancelled_at" is not null, 'updatedAt', ${ms('updated_at')},
          'room', r."name", 'branch', b."name", 'address', b."address", 'city', c."name",
          -- A lookup by primary key per session: never a scan of every client.
          'holder', (select u."name" from "users" u where u."id" = s."user_id"), 'courtesy', s."courtesy_name"
        ) order by s."starts_at", s."id"), '[]'::json) as "sessions"
      from (
        select ${columns} from "room_sessions" s
        where f."user_id" is not null and s."user_id" = f."user_id" and ${keep}
        union all
        select ${columns} from "room_sessions" s
        where f."branch_id" is not null and s."branch_id" = f."branch_id" and ${keep}
      ) s
      join "rooms" r on r."id" = s."room_id"
      join "branches" b on b."id" = r."branch_id"
      join "cities" c on c."id" = b."city_id"
    ) x
    cross join lateral (select md5(coalesce(fb."name", '') || x."sessions"::text) as "version") v
    where f."token_hash" = ${tokenHash}`);
  const [row] = rowsOf<{
    token_hash: string;
    branch_id: string | null;
    branch_name: string | null;
    version: string;
    sessions: FeedSession[] | string | null;
  }>(result);
  if (!row) return null;
  const sessions =
    typeof row.sessions === 'string' ? (JSON.parse(row.sessions) as FeedSession[]) : row.sessions;
  return {
    tokenHash: row.token_hash,
    branchId: row.branch_id,
    branchName: row.branch_name,
    version: row.version,
    sessions:
      sessions?.map((session) => ({
        ...session,
        startsAt: Number(session.startsAt),
        updatedAt: Number(session.updatedAt),
      })) ?? null,
  };
}
