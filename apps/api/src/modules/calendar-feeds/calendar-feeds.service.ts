import { createHash, timingSafeEqual } from 'node:crypto';
import { COURTESY_PREFIX } from '@sala/shared/bookings/bookings.contract';
import type {
  TBranchCalendarFeeds,
  TCalendarFeedAddress,
  TMyCalendarFeed,
} from '@sala/shared/calendar/calendar-feed.contract';
import {
  feedAddresses,
  feedWindow,
  firstName,
  onePerUid,
  tokenOfFeedFile,
} from '@sala/shared/calendar/calendar-feed.rules';
import { commonMessages } from '@sala/shared/errors/messages';
import type { ActingContext, RequestContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import { ttlCache } from '../../lib/ttl-cache';
import { recordAudit } from '../audit/audit.service';
import {
  branchFeeds,
  deleteFeed,
  type FeedOwner,
  type FeedRow,
  feedByTokenHash,
  findBranchName,
  findFeedOf,
  putFeed,
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

/** POST /api/branches/:id/calendar-feed (super admin): made or replaced, and audited. */
export async function replaceBranchFeed(
  ctx: ActingContext,
  { branchId, publicUrl }: { branchId: string; publicUrl: string },
) {
  const branch = await branchOrThrow(ctx, branchId);
  const address = await makeAddress(ctx, { branchId }, publicUrl);
  await recordAudit(ctx.db, ctx, [
    {
      action: 'calendar_feed.replace',
      entity: 'branch',
      entityId: branchId,
      label: branch.name,
      before: null,
      after: { createdAt: address.createdAt },
    },
  ]);
  return address;
}

/** DELETE /api/branches/:id/calendar-feed (super admin) */
export async function revokeBranchFeed(ctx: ActingContext, { branchId }: { branchId: string }) {
  const branch = await branchOrThrow(ctx, branchId);
  if (await deleteFeed(ctx.db, { branchId })) {
    await recordAudit(ctx.db, ctx, [
      {
        action: 'calendar_feed.revoke',
        entity: 'branch',
        entityId: branchId,
        label: branch.name,
        before: { active: true },
        after: null,
      },
    ]);
  }
  return { revoked: true as const };
}

const holderOf = (row: FeedRow, staff: boolean) => {
  if (row.courtesyName) return staff ? 'Sesión de prueba' : row.courtesyName.replace(COURTESY_PREFIX, '');
  return staff ? firstName(row.holderName ?? '') : (row.holderName ?? '');
};

function eventsOf(rows: FeedRow[], publicUrl: string): FeedEvent[] {
  const staff = rows[0]?.feedBranchId != null;
  const sessions = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      row,
      uid: row.calendarUid ?? row.id!,
      cancelled: row.cancelledAt !== null,
      sequence: row.calendarSequence ?? 0,
    }));
  return onePerUid(sessions).map(({ row, uid, cancelled, sequence }) => {
    const holder = holderOf(row, staff);
    const place = [row.roomName, row.branchName, row.address || row.cityName].filter(Boolean).join(', ');
    return {
      uid,
      sequence,
      cancelled,
      startsAt: row.startsAt!,
      changedAt: row.updatedAt!,
      summary: staff ? `${row.roomName} · ${holder}` : `Sesión en ${row.branchName} · ${row.roomName}`,
      location: place,
      description: cancelled
        ? `Sesión cancelada. Reservación de ${holder} en Sala Común.`
        : `Reservación de ${holder} en Sala Común.`,
      url: staff ? `${publicUrl}/admin/reservaciones` : `${publicUrl}/perfil`,
    };
  });
}

/** The rendered files of this process, by ETag: calendars ask again and again for a feed that did not change. */
const rendered = ttlCache(10 * 60_000, 500);

export type FeedAnswer =
  | { status: 404 }
  | { status: 304; etag: string }
  | { status: 200; etag: string; body: string };

/**
 * GET /calendario/TOKEN.ics: one indexed query, then the ETag of what the file would hold. A token of the wrong
 * shape is refused without a query; an unknown or replaced one is a 404 that says nothing else.
 */
export async function serveFeed(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  { file, ifNoneMatch, publicUrl }: { file: string; ifNoneMatch?: string; publicUrl: string },
): Promise<FeedAnswer> {
  const token = tokenOfFeedFile(file);
  if (!token) return { status: 404 };
  const hash = hashToken(token);
  const rows = await feedByTokenHash(ctx.db, hash, feedWindow(ctx.now));
  const found = rows[0];
  // The row was found by its hash; the comparison is in constant time all the same.
  if (!found || !timingSafeEqual(Buffer.from(found.tokenHash), Buffer.from(hash))) return { status: 404 };
  const base = publicUrl.replace(/\/+$/, '');
  const events = eventsOf(rows, base);
  const name = found.feedBranchName ? `Sala Común · ${found.feedBranchName}` : 'Sala Común · Mis sesiones';
  const etag = `"${createHash('sha256')
    .update(JSON.stringify([FEED_FORMAT, name, events]))
    .digest('base64url')
    .slice(0, 27)}"`;
  const tags = ifNoneMatch?.split(',').map((tag) => tag.trim().replace(/^W\//, '')) ?? [];
  if (tags.includes(etag) || tags.includes('*')) {
    return { status: 304, etag };
  }
  const body = await rendered.get(ctx.db, etag, async () => feedCalendar(name, events));
  return { status: 200, etag, body };
}
