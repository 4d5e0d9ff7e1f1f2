import type { TCity, TCityOption, TSaveCityRequest } from '@sala/shared/locations/cities.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';
import { deleteAt, saveTo } from '../../../lib/resource-requests';

/** Everything that shows zones: their table, the selects of other forms, and the branch and room tables. */
const affected = [queryKeys.cities.all, queryKeys.branches.all, queryKeys.rooms.all];

export function useCities(state: TPageState) {
  return usePagedQuery<TCity>(queryKeys.cities.all, '/cities', state);
}

export const cityOptionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.cities.options,
    queryFn: ({ signal }) => apiRequest<TCityOption[]>('/cities/options', { signal }),
  });

export function useCityOptions() {
  return useQuery(cityOptionsQuery());
}

/** Creates a zone, or renames it when an id is given. */
export function useSaveCity() {
  return useInvalidatingMutation(saveTo<TSaveCityRequest, TCity>('/cities'), affected);
}

export function useDeleteCity() {
  return useInvalidatingMutation(deleteAt('/cities'), affected);
}
