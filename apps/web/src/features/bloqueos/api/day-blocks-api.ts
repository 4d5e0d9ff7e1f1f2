import type {
  TCreateDayBlockRequest,
  TDayBlock,
  TDayBlockListResponse,
} from '@sala/shared/blocks/blocks.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { usePagedQuery } from '../../../lib/paged-query';
import { deleteAt } from '../../../lib/resource-requests';
import { affectedSessionsKey } from './affected-sessions-api';

export const dayBlocksKey = ['blocks', 'days'] as const;

/** A day or hour block changes the list, and the form's notice is asked again with it. */
const affected = [dayBlocksKey, affectedSessionsKey];

/** Upcoming day and hour blocks (today on), with how many lie in the past. */
export function useDayBlocks(state: TPageState) {
  return usePagedQuery<TDayBlock, TDayBlockListResponse>(dayBlocksKey, '/blocks/days', state);
}

export const createDayBlock = (input: TCreateDayBlockRequest) =>
  apiRequest<TDayBlock>('/blocks/days', { method: 'POST', body: input });

export function useCreateDayBlock() {
  return useInvalidatingMutation(createDayBlock, affected);
}

export function useDeleteDayBlock() {
  return useInvalidatingMutation(deleteAt('/blocks/days'), affected);
}
