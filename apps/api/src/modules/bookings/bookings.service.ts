import type { DbOrTx } from '@sala/db/client';
import type { TPage } from '@sala/shared/table/table.contract';
import { businessTime } from '@sala/shared/time/business-time';
import type { TMySession, TMySessionsQuery } from '@sala/shared/users/profile.contract';
import { toPage } from '../../lib/paging';
import {
  activeSessionsBetween,
  listSessionsOfUser,
  roomHasActiveSessionAfter,
  roomHasAnySession,
} from './bookings.repository';

/** A client's own sessions, newest or oldest first, searchable by zone, branch and room. */
export async function listSessionsOf(
  db: DbOrTx,
  userId: string,
  query: TMySessionsQuery,
): Promise<TPage<TMySession>> {
  const rows = await listSessionsOfUser(db, userId, query);
  return toPage(rows, query, (row) => ({
    ...row,
    startsAt: row.startsAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  }));
}

/** A room with any session in its history is kept (deactivated instead of deleted). */
export function roomHasSessions(db: DbOrTx, roomId: string): Promise<boolean> {
  return roomHasAnySession(db, roomId);
}

/** Active sessions still ahead tie a room to its branch. */
export function roomHasSessionsAhead(db: DbOrTx, roomId: string, now: Date): Promise<boolean> {
  return roomHasActiveSessionAfter(db, roomId, now);
}

/** The active sessions a period of a branch (or of one room) holds, with the client to call. */
export async function activeSessionsInPeriod(
  db: DbOrTx,
  options: { branchId: string; from: Date; to: Date; roomId?: string },
) {
  const rows = await activeSessionsBetween(db, options);
  return rows.map((row) => ({
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    hour: businessTime(row.startsAt),
    roomName: row.roomName,
    clientName: row.isCourtesy ? (row.courtesyName ?? '') : (row.clientName ?? ''),
    phone: row.isCourtesy ? null : row.phone,
    isCourtesy: row.isCourtesy,
  }));
}
