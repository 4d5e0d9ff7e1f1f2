import type {
  TCreateRoomBlockRequest,
  TDeleteRoomDayRequest,
  TRoomBlock,
  TRoomBlockDay,
  TRoomBlockListResponse,
} from '@sala/shared/blocks/blocks.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';
import { deleteAt } from '../../../lib/resource-requests';

const affected = [queryKeys.blocks.rooms, queryKeys.blocks.affectedSessions];

/** Upcoming room blocks (from now on), one row per room and day, with how many hour blocks lie in the past. */
export function useRoomBlocks(state: TPageState) {
  return usePagedQuery<TRoomBlockDay, TRoomBlockListResponse>(queryKeys.blocks.rooms, '/blocks/rooms', state);
}

/** One hour, or the whole day as one block per hour still open: the answer lists what was created. */
export const createRoomBlocks = (input: TCreateRoomBlockRequest) =>
  apiRequest<{ created: TRoomBlock[] }>('/blocks/rooms', { method: 'POST', body: input });

export function useCreateRoomBlocks() {
  return useInvalidatingMutation(createRoomBlocks, affected);
}

export function useDeleteRoomBlock() {
  return useInvalidatingMutation(deleteAt('/blocks/rooms'), affected);
}

/** Every block of one room on one date, at once. */
export function useRemoveRoomDay() {
  return useInvalidatingMutation(
    (input: TDeleteRoomDayRequest) =>
      apiRequest<{ deleted: number }>('/blocks/rooms/remove-day', { method: 'POST', body: input }),
    affected,
  );
}
