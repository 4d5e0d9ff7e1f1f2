import type {
  TCreateDayBlockRequest,
  TDayBlock,
  TDayBlockListResponse,
} from '@sala/shared/blocks/blocks.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';
import { deleteAt } from '../../../lib/resource-requests';

/** A day or hour block changes the list, and the form's notice is asked again with it. */
const affected = [queryKeys.blocks.days, queryKeys.blocks.affectedSessions];

/** Upcoming day and hour blocks (today on), with how many lie in the past. */
export function useDayBlocks(state: TPageState) {
  return usePagedQuery<TDayBlock, TDayBlockListResponse>(queryKeys.blocks.days, '/blocks/days', state);
}

export const createDayBlock = (input: TCreateDayBlockRequest) =>
  apiRequest<TDayBlock>('/blocks/days', { method: 'POST', body: input });

export function useCreateDayBlock() {
  return useInvalidatingMutation(createDayBlock, affected);
}

export function useDeleteDayBlock() {
  return useInvalidatingMutation(deleteAt('/blocks/days'), affected);
}
