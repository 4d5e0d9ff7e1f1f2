import { createHash, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '@sala/db/client';
import { COURTESY_PREFIX } from '@sala/shared/bookings/bookings.contract';
import type {
  TBranchCalendarFeeds,
  TCalendarFeedAddress,
  TMyCalendarFeed,
} from '@sala/shared/calendar-feeds/calendar-feed.contract';
import {
  feedAddresses,
  feedWindow,
  firstName,
  onePerUid,
  tokenOfFeedFile,
} from '@sala/shared/calendar-feeds/calendar-feed.rules';
import { commonMessages } from '@sala/shared/errors/messages';
import type { ActingContext, RequestContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import {
  branchFeeds,
  deleteFeed,
  type FeedOwner,
  type FeedSession,
  findBranchName,
  findFeedOf,
  putFeed,
  readFeed,
} from './calendar-feeds.repository';
import { type FeedEvent, feedCalendar } from './feed-ics';

/** Raised when the printed file would change for the same sessions (a new field, new words). */
const FEED_FORMAT = 1;

async function makeAddress(
  ctx: ActingContext,
  owner: FeedOwner,
  publicUrl: string,
): Promise<TCalendarFeedAddress> {
  const token = newToken();
  await ctx.db.transaction((tx) => putFeed(tx, owner, hashToken(token), ctx.actor.id, ctx.now));
  return { ...feedAddresses(publicUrl, token), createdAt: ctx.now.toISOString() };
}

/** GET /api/me/calendar-feed */
export async function myCalendarFeed(ctx: ActingContext): Promise<TMyCalendarFeed> {
  const feed = await findFeedOf(ctx.db, { userId: ctx.actor.id });
  return { active: feed !== null, createdAt: feed?.createdAt.toISOString() ?? null };
}

/** POST /api/me/calendar-feed: a new address; an earlier one stops working at once. */
export function replaceMyCalendarFeed(ctx: ActingContext, { publicUrl }: { publicUrl: string }) {
  return makeAddress(ctx, { userId: ctx.actor.id }, publicUrl);
}

/** DELETE /api/me/calendar-feed */
export async function revokeMyCalendarFeed(ctx: ActingContext) {
  await deleteFeed(ctx.db, { userId: ctx.actor.id });
  return { revoked: true as const };
}

/** A closed account's address stops at once (in the closing transaction). */
export async function revokeCalendarFeedOf(tx: DbOrTx, userId: string) {
  await deleteFeed(tx, { userId });
}

/** GET /api/branches/calendar-feeds (super admin) */
export async function listBranchFeeds(ctx: ActingContext): Promise<TBranchCalendarFeeds> {
  const rows = await branchFeeds(ctx.db);
  return {
    items: rows.map((row) => ({
      branchId: row.branchId,
      branchName: row.branchName,
      cityName: row.cityName,
      active: row.createdAt !== null,
      createdAt: row.createdAt?.toISOString() ?? null,
    })),
  };
}

async function branchOrThrow(ctx: ActingContext, branchId: string) {
  const name = await findBranchName(ctx.db, branchId);
  if (name === null) throw new AppError('not-found', commonMessages.notFound);
  return { name };
}

/** POST /api/branches/:id/calendar-feed (super admin): made or replaced, audited in the same transaction. */
export async function replaceBranchFeed(
  ctx: ActingContext,
  { branchId, publicUrl }: { branchId: string; publicUrl: string },
): Promise<TCalendarFeedAddress> {
  const branch = await branchOrThrow(ctx, branchId);
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await putFeed(tx, { branchId }, hashToken(token), ctx.actor.id, ctx.now);
    await recordAudit(tx, ctx, [
      {
        action: 'calendar_feed.replace',
        entity: 'branch',
        entityId: branchId,
        label: branch.name,
        before: null,
        after: { createdAt: ctx.now.toISOString() },
      },
    ]);
  });
  return { ...feedAddresses(publicUrl, token), createdAt: ctx.now.toISOString() };
}

/** DELETE /api/branches/:id/calendar-feed (super admin) */
export async function revokeBranchFeed(ctx: ActingContext, { branchId }: { branchId: string }) {
  const branch = await branchOrThrow(ctx, branchId);
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteFeed(tx, { branchId }))) return;
    await recordAudit(tx, ctx, [
      {
        action: 'calendar_feed.revoke',
        entity: 'branch',
        entityId: branchId,
        label: branch.name,
        before: { active: true },
        after: null,
      },
    ]);
  });
  return { revoked: true as const };
}

const holderOf = (session: FeedSession, staff: boolean) => {
  if (session.courtesy) return staff ? 'Sesión de prueba' : session.courtesy.replace(COURTESY_PREFIX, '');
  return staff ? firstName(session.holder ?? '') : (session.holder ?? '');
};

function eventsOf(sessions: FeedSession[], staff: boolean, publicUrl: string): FeedEvent[] {
  return onePerUid(sessions).map((session) => {
    const holder = holderOf(session, staff);
    const place = [session.room, session.branch, session.address || session.city].join(', ');
    return {
      uid: session.uid,
      sequence: session.sequence,
      cancelled: session.cancelled,
      startsAt: new Date(session.startsAt),
      changedAt: new Date(session.updatedAt),
      summary: staff ? `${session.room} · ${holder}` : `Sesión en ${session.branch} · ${session.room}`,
      location: place,
      description: session.cancelled
        ? `Sesión cancelada. Reservación de ${holder} en Sala Común.`
        : `Reservación de ${holder} en Sala Común.`,
      url: staff ? `${publicUrl}/admin/reservaciones` : `${publicUrl}/perfil`,
    };
  });
}

/**
 * The last file this process wrote for each address, with its version: calendar apps ask again and again for a
 * feed that has not changed, most of them without If-None-Match. The query is told that version, so it sends no
 * sessions back while it still holds, and the file is served as written. Kept per database handle (tests run
 * many apps in one process), at most 500 addresses for 10 minutes each.
 */
type Written = { version: string; body: string; at: number };
const writtenFiles = new WeakMap<object, Map<string, Written>>();
const WRITTEN_TTL_MS = 10 * 60_000;
function writtenOf(db: object): Map<string, Written> {
  let files = writtenFiles.get(db);
  if (!files) {
    files = new Map();
    writtenFiles.set(db, files);
  }
  return files;
}

export type FeedAnswer =
  | { status: 404 }
  | { status: 304; etag: string }
  | { status: 200; etag: string; body: string };

/**
 * `"f1.<address>.<md5>"`: the file's format, the server's public address (its links are in the file) and the
 * database's md5 of the sessions it is written from. Only a tag of this format and address is worth asking about.
 */
const etagPrefix = (publicUrl: string) =>
  `f${FEED_FORMAT}.${createHash('sha256').update(publicUrl).digest('base64url').slice(0, 8)}.`;

function knownVersion(ifNoneMatch: string | undefined, prefix: string): string | null {
  for (const raw of ifNoneMatch?.split(',') ?? []) {
    const tag = raw.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    if (tag.startsWith(prefix) && /^[0-9a-f]{32}$/.test(tag.slice(prefix.length)))
      return tag.slice(prefix.length);
  }
  return null;
}

/**
 * GET /calendario/TOKEN.ics: one indexed query, which answers the version of what the file would hold and leaves
 * the sessions out when the calendar has that version already (304). A token of the wrong shape is refused
 * without a query; an unknown or replaced one is a 404 that says nothing else.
 */
export async function serveFeed(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  { file, ifNoneMatch, publicUrl }: { file: string; ifNoneMatch?: string; publicUrl: string },
): Promise<FeedAnswer> {
  const token = tokenOfFeedFile(file);
  if (!token) return { status: 404 };
  const hash = hashToken(token);
  const base = publicUrl.replace(/\/+$/, '');
  const prefix = etagPrefix(base);
  const theirs = knownVersion(ifNoneMatch, prefix);
  const files = writtenOf(ctx.db);
  const now = Date.now();
  const mine = files.get(hash);
  const ours = mine && now - mine.at < WRITTEN_TTL_MS ? mine : undefined;
  const known = [theirs, ours?.version].filter((version): version is string => Boolean(version));
  const feed = await readFeed(ctx.db, hash, feedWindow(ctx.now), known);
  // The row was found by its hash; the comparison is in constant time all the same.
  if (!feed || !timingSafeEqual(Buffer.from(feed.tokenHash), Buffer.from(hash))) return { status: 404 };
  const etag = `"${prefix}${feed.version}"`;
  if (feed.version === theirs) return { status: 304, etag };
  if (feed.sessions === null && ours?.version === feed.version) return { status: 200, etag, body: ours.body };
  const sessions = feed.sessions ?? (await readFeed(ctx.db, hash, feedWindow(ctx.now), []))?.sessions ?? [];
  const body = feedCalendar(
    feed.branchName ? `Sala Común · ${feed.branchName}` : 'Sala Común · Mis sesiones',
    eventsOf(sessions, feed.branchId !== null, base),
  );
  if (files.size >= 500) files.clear();
  files.set(hash, { version: feed.version, body, at: now });
  return { status: 200, etag, body };
}
