import type { TBranchOption } from '@sala/shared/locations/branches.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/branches/options: every branch by name (the key the locations screens refresh on a change). */
export function useBranchOptions() {
  return useQuery({
    queryKey: ['branches', 'options', undefined],
    queryFn: ({ signal }) => apiRequest<TBranchOption[]>('/branches/options', { signal }),
  });
}
