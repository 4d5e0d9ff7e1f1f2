import type {
  TBranch,
  TBranchOption,
  TDeleteBranchRequest,
  TSaveBranchRequest,
} from '@sala/shared/locations/branches.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';
import { deleteAt, saveTo } from '../../../lib/resource-requests';

/** Branch changes show in the zones table (branch counts) and the rooms table (branch and zone names). */
const affected = [queryKeys.branches.all, queryKeys.cities.all, queryKeys.rooms.all];

export function useBranches(state: TPageState) {
  return usePagedQuery<TBranch>(queryKeys.branches.all, '/branches', state);
}

/** The branches of one zone, for a select that waits until a zone is chosen. */
export function useBranchOptions(cityId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.branches.options(cityId),
    queryFn: ({ signal }) =>
      apiRequest<TBranchOption[]>(`/branches/options?cityId=${encodeURIComponent(cityId ?? '')}`, { signal }),
    enabled: Boolean(cityId),
  });
}

/** Every branch by name (the point of sale, expenses and the corte): the key the screens here refresh on a change. */
export function useAllBranchOptions() {
  return useQuery({
    queryKey: queryKeys.branches.options(),
    queryFn: ({ signal }) => apiRequest<TBranchOption[]>('/branches/options', { signal }),
  });
}

/** Creates a branch, or edits it when an id is given. */
export function useSaveBranch() {
  return useInvalidatingMutation(saveTo<TSaveBranchRequest, TBranch>('/branches'), affected);
}

export function useDeleteBranch() {
  return useInvalidatingMutation(deleteAt<TDeleteBranchRequest>('/branches'), affected);
}
