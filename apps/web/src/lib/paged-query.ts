import type { TPage, TPageState } from '@sala/shared/table/table.contract';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { pageQueryString } from './query-string';

/**
 * One page of a server-paged list endpoint. The query key starts with `key`, so invalidating `key` refreshes
 * every page; the previous page stays on screen while the next one loads.
 */
export function usePagedQuery<T>(key: QueryKey, path: string, state: TPageState) {
  return useQuery({
    queryKey: [...key, 'page', state],
    queryFn: ({ signal }) => apiRequest<TPage<T>>(`${path}?${pageQueryString(state)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
