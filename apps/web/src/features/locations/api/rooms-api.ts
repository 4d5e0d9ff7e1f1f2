import type { TRoom, TRoomOption, TSaveRoomRequest } from '@sala/shared/locations/rooms.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';
import { deleteAt, saveTo, setActiveAt } from '../../../lib/resource-requests';

/** Room changes show in the rooms table and in the branches table (room counts). */
const affected = [queryKeys.rooms.all, queryKeys.branches.all];

export function useRooms(state: TPageState) {
  return usePagedQuery<TRoom>(queryKeys.rooms.all, '/rooms', state);
}

/** The rooms of one branch by position (inactive ones too), for a select that waits until a branch is chosen. */
export function useRoomOptions(branchId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.rooms.options(branchId),
    queryFn: ({ signal }) =>
      apiRequest<TRoomOption[]>(`/rooms/options?branchId=${encodeURIComponent(branchId ?? '')}`, { signal }),
    enabled: Boolean(branchId),
  });
}

/** Creates a room, or edits it when an id is given. */
export function useSaveRoom() {
  return useInvalidatingMutation(saveTo<TSaveRoomRequest, TRoom>('/rooms'), affected);
}

export function useSetRoomActive() {
  return useInvalidatingMutation(setActiveAt<TRoom>('/rooms'), affected);
}

export function useDeleteRoom() {
  return useInvalidatingMutation(deleteAt('/rooms'), affected);
}
