import type { TPage, TPageState } from '@sala/shared/table/table.contract';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { pageQueryString } from './query-string';

/**
 * One page of a server-paged list endpoint. The query key starts with `key`, so invalidating `key` refreshes
 * every page; the previous page stays on screen while the next one loads. `TResponse` is for lists that answer
 * more than the page (a count of past records, say).
 */
export function usePagedQuery<T, TResponse extends TPage<T> = TPage<T>>(
  key: QueryKey,
  path: string,
  state: TPageState,
) {
  return useQuery({
    queryKey: [...key, 'page', state],
    queryFn: ({ signal }) => apiRequest<TResponse>(`${path}?${pageQueryString(state)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
