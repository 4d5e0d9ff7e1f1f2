import type { TPage, TPageState } from '@sala/shared/table/table.contract';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { pageQueryString } from './query-string';

type PagedQueryOptions = {
  /** Query parameters besides the table's own (a date, a branch…); undefined ones are left out. */
  filters?: Record<string, string | undefined>;
  /** Refetch while the screen stays open (what others change shows up without a reload). */
  refetchInterval?: number;
};

/**
 * One page of a server-paged list endpoint. The query key starts with `key`, so invalidating `key` refreshes
 * every page; the previous page stays on screen while the next one loads. `TResponse` is for lists that answer
 * more than the page (a count of past records, say).
 */
export function usePagedQuery<T, TResponse extends TPage<T> = TPage<T>>(
  key: QueryKey,
  path: string,
  state: TPageState,
  { filters = {}, refetchInterval }: PagedQueryOptions = {},
) {
  return useQuery({
    queryKey: [...key, 'page', filters, state],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(pageQueryString(state));
      for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, value);
      return apiRequest<TResponse>(`${path}?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}
