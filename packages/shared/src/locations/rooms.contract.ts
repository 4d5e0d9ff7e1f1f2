import { idField, numberField } from '../common/fields';
import { z } from '../common/zod';
import { pageQuery, pageResponse } from '../table/table.contract';
import { locationMessages as m } from './locations.messages';

export const ROOM_POSITIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** docs/business-rules.md §5: a room is named after its position. */
export const roomName = (position: number) => `Sala ${position}`;

/** A row of /admin/salas. */
export const ZRoom = z.object({
  id: z.uuid(),
  name: z.string(),
  position: z.int().min(1).max(10),
  cityId: z.uuid(),
  cityName: z.string(),
  branchId: z.uuid(),
  branchName: z.string(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TRoom = z.infer<typeof ZRoom>;

export const roomSortable = ['cityName', 'branchName', 'position', 'isActive', 'createdAt'] as const;

/** GET /api/rooms — by zone, then branch, then position, unless asked otherwise. */
export const ZRoomListQuery = pageQuery(roomSortable, 'cityName');
export type TRoomListQuery = z.output<typeof ZRoomListQuery>;
export const ZRoomListResponse = pageResponse(ZRoom);

/** GET /api/rooms/options?branchId= — the rooms of one branch by position, for the selects of other forms. */
export const ZRoomOptionsQuery = z.object({ branchId: idField(m.allFieldsRequired) });
export const ZRoomOption = z.object({
  id: z.uuid(),
  name: z.string(),
  position: z.int(),
  isActive: z.boolean(),
});
export type TRoomOption = z.infer<typeof ZRoomOption>;
export const ZRoomOptionsResponse = z.array(ZRoomOption);

/** POST /api/rooms and PATCH /api/rooms/:id: zone → branch → position. */
export const ZSaveRoomRequest = z.object({
  cityId: idField(m.allFieldsRequired),
  branchId: idField(m.allFieldsRequired),
  position: numberField(m.allFieldsRequired, m.positionInvalid)
    .int(m.positionInvalid)
    .min(1, m.positionInvalid)
    .max(10, m.positionInvalid),
});
export type TSaveRoomRequest = z.input<typeof ZSaveRoomRequest>;
