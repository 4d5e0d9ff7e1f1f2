import type { DbOrTx } from '@sala/db/client';
import { branches, cities, rooms } from '@sala/db/schema/locations';
import { roomSessions } from '@sala/db/schema/sessions';
import { users } from '@sala/db/schema/users';
import { and, asc, eq, gt, gte, ilike, isNull, lt, or } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, totalCount } from '../../lib/paging';

type Page = { page: number; pageSize: number; dir: 'asc' | 'desc'; q?: string };

export function listSessionsOfUser(db: DbOrTx, userId: string, page: Page) {
  return db
    .select({
      id: roomSessions.id,
      startsAt: roomSessions.startsAt,
      cityName: cities.name,
      branchName: branches.name,
      roomName: rooms.name,
      creditsCharged: roomSessions.creditsCharged,
      cancelledAt: roomSessions.cancelledAt,
      total: totalCount(),
    })
    .from(roomSessions)
    .innerJoin(rooms, eq(rooms.id, roomSessions.roomId))
    .innerJoin(branches, eq(branches.id, roomSessions.branchId))
    .innerJoin(cities, eq(cities.id, roomSessions.cityId))
    .where(
      and(
        eq(roomSessions.userId, userId),
        page.q
          ? or(
              ilike(cities.name, containsPattern(page.q)),
              ilike(branches.name, containsPattern(page.q)),
              ilike(rooms.name, containsPattern(page.q)),
            )
          : undefined,
      ),
    )
    .orderBy(orderBy(roomSessions.startsAt, page.dir), roomSessions.id)
    .limit(page.pageSize)
    .offset(offsetOf(page.page, page.pageSize));
}

/** Whether a room ever had a session (cancelled ones too: they are history). */
export function roomHasAnySession(db: DbOrTx, roomId: string) {
  return db
    .select({ id: roomSessions.id })
    .from(roomSessions)
    .where(eq(roomSessions.roomId, roomId))
    .limit(1)
    .then((rows) => rows.length > 0);
}

export function roomHasActiveSessionAfter(db: DbOrTx, roomId: string, now: Date) {
  return db
    .select({ id: roomSessions.id })
    .from(roomSessions)
    .where(
      and(eq(roomSessions.roomId, roomId), isNull(roomSessions.cancelledAt), gt(roomSessions.startsAt, now)),
    )
    .limit(1)
    .then((rows) => rows.length > 0);
}

/** The active sessions of a branch in [from, to), optionally of one room, with who holds them (a read of users). */
export function activeSessionsBetween(
  db: DbOrTx,
  options: { branchId: string; from: Date; to: Date; roomId?: string },
) {
  return db
    .select({
      id: roomSessions.id,
      startsAt: roomSessions.startsAt,
      roomName: rooms.name,
      isCourtesy: roomSessions.isCourtesy,
      courtesyName: roomSessions.courtesyName,
      clientName: users.name,
      phone: users.phone,
    })
    .from(roomSessions)
    .innerJoin(rooms, eq(rooms.id, roomSessions.roomId))
    .leftJoin(users, eq(users.id, roomSessions.userId))
    .where(
      and(
        eq(roomSessions.branchId, options.branchId),
        gte(roomSessions.startsAt, options.from),
        lt(roomSessions.startsAt, options.to),
        isNull(roomSessions.cancelledAt),
        options.roomId ? eq(roomSessions.roomId, options.roomId) : undefined,
      ),
    )
    .orderBy(asc(roomSessions.startsAt), asc(rooms.position));
}
