import type { TPage, TPageState } from '@sala/shared/table/table.contract';
import type { TMyOrder, TMySession } from '@sala/shared/users/profile.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pageQueryString } from '../../../lib/query-string';

export function useMySessions(state: TPageState) {
  return useQuery({
    queryKey: ['me', 'sessions', state],
    queryFn: ({ signal }) =>
      apiRequest<TPage<TMySession>>(`/me/sessions?${pageQueryString(state)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMyOrders(state: TPageState) {
  return useQuery({
    queryKey: ['me', 'orders', state],
    queryFn: ({ signal }) => apiRequest<TPage<TMyOrder>>(`/me/orders?${pageQueryString(state)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
