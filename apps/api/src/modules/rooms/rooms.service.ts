import type { DbOrTx } from '@sala/db/client';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import {
  roomName,
  type TRoom,
  type TRoomListQuery,
  type TRoomOption,
  type TSaveRoomRequest,
} from '@sala/shared/locations/rooms.contract';
import type { TPage } from '@sala/shared/table/table.contract';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/paging';
import { recordAudit } from '../audit/audit.service';
import { availabilityChanged } from '../availability/availability.service';
import { roomHasSessions, roomHasSessionsAhead } from '../bookings/bookings.service';
import { lockBranch } from '../branches/branches.service';
import {
  deleteRoomRow,
  findRoom,
  findRoomRow,
  insertRoom,
  listRoomOptions,
  listRooms,
  positionTaken,
  updateRoomRow,
} from './rooms.repository';

type RoomRow = NonNullable<Awaited<ReturnType<typeof findRoomRow>>>;

const toRoom = (row: RoomRow): TRoom => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The rooms a branch offers changed: the availability answers of this process read them afresh. */
function roomsChanged<T>(db: DbOrTx, result: T, branchIds: string[]): T {
  for (const branchId of new Set(branchIds)) availabilityChanged(db, branchId);
  return result;
}

const roomExists = () => new AppError('aborted', m.roomExists, { position: m.roomExists });

/**
 * The branch must exist and lie in the chosen zone; the share lock keeps it there (and undeleted) until the room
 * is saved, while other rooms of the branch may be saved at the same time.
 */
async function requireBranchInCity(db: DbOrTx, input: TSaveRoomRequest) {
  const branch = await lockBranch(db, input.branchId, 'share');
  if (!branch) throw new AppError('invalid-argument', m.branchNotFound, { branchId: m.branchNotFound });
  if (branch.cityId !== input.cityId) {
    throw new AppError('invalid-argument', m.branchNotInCity, { branchId: m.branchNotInCity });
  }
}

/**
 * docs/business-rules.md §5: one room per position and branch. The check gives the message; the unique index
 * rooms_branch_position_key is what makes it true when two saves race.
 */
async function withPositionCheck<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error, 'rooms_branch_position_key')) throw roomExists();
    if (isForeignKeyViolation(error)) {
      throw new AppError('invalid-argument', m.branchNotFound, { branchId: m.branchNotFound });
    }
    throw error;
  }
}

export async function listRoomPage({ db }: ActingContext, query: TRoomListQuery): Promise<TPage<TRoom>> {
  return toPage(await listRooms(db, query), query, toRoom);
}

export function listRoomSelectOptions(
  { db }: ActingContext,
  { branchId }: { branchId: string },
): Promise<TRoomOption[]> {
  return listRoomOptions(db, branchId);
}

/** What the audit log follows of a room: its name (position), where it is, whether it takes bookings. */
const auditedRoom = (room: TRoom) => ({
  name: room.name,
  branch: room.branchName,
  zone: room.cityName,
  isActive: room.isActive,
});
const roomLabel = (room: TRoom) => `${room.name} · ${room.branchName}`;

export async function createRoom(ctx: ActingContext, input: TSaveRoomRequest): Promise<TRoom> {
  const { db } = ctx;
  return withPositionCheck(() =>
    db.transaction(async (tx) => {
      await requireBranchInCity(tx, input);
      if (await positionTaken(tx, input.branchId, input.position)) throw roomExists();
      const row = await insertRoom(tx, { ...input, name: roomName(input.position) });
      const room = toRoom((await findRoomRow(tx, row.id))!);
      await recordAudit(tx, ctx, [
        {
          action: 'room.create',
          entity: 'room',
          entityId: room.id,
          label: roomLabel(room),
          before: null,
          after: auditedRoom(room),
        },
      ]);
      return room;
    }),
  ).then((room) => roomsChanged(db, room, [room.branchId]));
}

/** A room may change position or branch (of any zone); it leaves its branch only with no sessions ahead there. */
export async function updateRoom(
  ctx: ActingContext,
  { id, values: input }: { id: string; values: TSaveRoomRequest },
): Promise<TRoom> {
  const { db, now } = ctx;
  let fromBranch = input.branchId;
  return withPositionCheck(() =>
    db.transaction(async (tx) => {
      const before = await findRoom(tx, id);
      if (!before) throw new AppError('not-found', m.roomNotFound);
      fromBranch = before.branchId;
      // Branches before the room, in id order: a branch moving zone locks itself and then its rooms, so taking
      // the same locks in the same order cannot deadlock with it.
      for (const branchId of [...new Set([before.branchId, input.branchId])].sort()) {
        await lockBranch(tx, branchId, 'share');
      }
      const current = await findRoom(tx, id, { forUpdate: true });
      if (!current) throw new AppError('not-found', m.roomNotFound);
      await requireBranchInCity(tx, input);
      if (current.branchId !== input.branchId && (await roomHasSessionsAhead(tx, id, now))) {
        throw new AppError('aborted', m.roomHasFutureSessions, { branchId: m.roomHasFutureSessions });
      }
      if (await positionTaken(tx, input.branchId, input.position, id)) throw roomExists();
      // The room's blocks carry its branch and zone for the availability queries; they move with it (the
      // foreign key cascades).
      const previous = toRoom((await findRoomRow(tx, id))!);
      await updateRoomRow(tx, id, { ...input, name: roomName(input.position) });
      const room = toRoom((await findRoomRow(tx, id))!);
      await recordAudit(tx, ctx, [
        {
          action: 'room.update',
          entity: 'room',
          entityId: id,
          label: roomLabel(room),
          before: auditedRoom(previous),
          after: auditedRoom(room),
        },
      ]);
      return room;
    }),
  ).then((room) => roomsChanged(db, room, [fromBranch, room.branchId]));
}

export async function setRoomActive(
  ctx: ActingContext,
  { id, isActive }: { id: string; isActive: boolean },
): Promise<TRoom> {
  const { db } = ctx;
  const room = await db.transaction(async (tx) => {
    const before = await findRoom(tx, id, { forUpdate: true });
    const row = before && (await updateRoomRow(tx, id, { isActive }));
    if (!row) throw new AppError('not-found', m.roomNotFound);
    const saved = toRoom((await findRoomRow(tx, id))!);
    await recordAudit(tx, ctx, [
      {
        action: 'room.status',
        entity: 'room',
        entityId: id,
        label: roomLabel(saved),
        before: { isActive: before.isActive },
        after: { isActive: saved.isActive },
      },
    ]);
    return saved;
  });
  return roomsChanged(db, room, [room.branchId]);
}

/** A room that ever had a session stays, for the history; deactivating it closes it to bookings. */
export async function deleteRoom(ctx: ActingContext, { id }: { id: string }): Promise<void> {
  const { db } = ctx;
  try {
    const room = await db.transaction(async (tx) => {
      const found = await findRoom(tx, id, { forUpdate: true });
      if (!found) throw new AppError('not-found', m.roomNotFound);
      if (await roomHasSessions(tx, id)) throw new AppError('aborted', m.roomHasSessions);
      const before = toRoom((await findRoomRow(tx, id))!);
      await deleteRoomRow(tx, id);
      await recordAudit(tx, ctx, [
        {
          action: 'room.delete',
          entity: 'room',
          entityId: id,
          label: roomLabel(before),
          before: auditedRoom(before),
          after: null,
        },
      ]);
      return found;
    });
    roomsChanged(db, room, [room.branchId]);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('aborted', m.roomHasSessions);
    throw error;
  }
}

/** For the blocks and bookings modules: a room as stored (its branch, zone and status), or undefined. */
export function findRoomById(db: DbOrTx, id: string) {
  return findRoom(db, id);
}
