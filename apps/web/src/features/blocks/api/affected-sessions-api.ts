import type { TAffectedSession, TAffectedSessionsQuery } from '@sala/shared/blocks/blocks.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every affected-sessions answer; blocks invalidate it with their lists. */

export const affectedSessionsQuery = (period: TAffectedSessionsQuery) =>
  queryOptions({
    queryKey: queryKeys.blocks.affectedSessionsOf(period),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ branchId: period.branchId, date: period.date });
      if (period.hour) params.set('hour', period.hour);
      if (period.roomId) params.set('roomId', period.roomId);
      return apiRequest<TAffectedSession[]>(`/blocks/affected-sessions?${params}`, { signal });
    },
  });

/**
 * The sessions already booked inside a period about to be blocked (a block never cancels them, so staff call
 * the clients first); nothing is asked until the period is complete.
 */
export function useAffectedSessions(period: TAffectedSessionsQuery | undefined) {
  return useQuery({
    ...affectedSessionsQuery(period ?? { branchId: '', date: '' }),
    enabled: period !== undefined,
  });
}
