import type { TOutboxEmail } from '@sala/shared/mail/outbox.contract';
import type { TPage, TPageState } from '@sala/shared/table/table.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pageQueryString } from '../../../lib/query-string';

export function useOutbox(state: TPageState) {
  return useQuery({
    queryKey: ['outbox', state],
    queryFn: ({ signal }) => apiRequest<TPage<TOutboxEmail>>(`/outbox?${pageQueryString(state)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
