import type { TPublicBranchInfo } from '@sala/shared/locations/branches.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const publicBranchesQuery = () =>
  queryOptions({
    queryKey: queryKeys.publicBranches,
    queryFn: ({ signal }) => apiRequest<TPublicBranchInfo[]>('/catalog/branches', { signal }),
    staleTime: 5 * 60_000,
  });

/** Every branch as the public site shows it (address, phone, hours, cost per session, rooms). */
export function usePublicBranches() {
  return useQuery(publicBranchesQuery());
}
