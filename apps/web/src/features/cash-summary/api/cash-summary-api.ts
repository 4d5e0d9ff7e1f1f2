import type { TCashSummary } from '@sala/shared/cash-summary/cash-summary.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A sale, a cancellation or an expense refreshes every corte (their screens invalidate this key). */

/** GET /api/cash-summary: the corte of a Mexico City day, of one branch or (undefined) all of them. */
export function useCashSummary(date: string, branchId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.cashSummary.day(date, branchId),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ date });
      if (branchId) params.set('branchId', branchId);
      return apiRequest<TCashSummary>(`/cash-summary?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
    // The corte is watched while the day goes on: new sales show up without a reload.
    refetchInterval: 60_000,
  });
}
