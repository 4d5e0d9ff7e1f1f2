import type { TLegalResponse } from '@sala/shared/legal/legal.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const legalQuery = () =>
  queryOptions({
    queryKey: queryKeys.legal,
    queryFn: ({ signal }) => apiRequest<TLegalResponse>('/legal', { signal }),
    staleTime: 60_000,
  });

/** The business's legal facts and the current versions of the notice and the terms (GET /api/legal, public). */
export function useLegal() {
  return useQuery(legalQuery());
}
