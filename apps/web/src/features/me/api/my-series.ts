import type { TCancelSeriesResponse, TMySeries } from '@sala/shared/bookings/series.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';
import { sessionChanges } from '../../bookings/api/sessions-api';

/** The client's standing slots with sessions still ahead. */
export function useMySeries() {
  return useQuery({
    queryKey: queryKeys.me.series,
    queryFn: ({ signal }) => apiRequest<TMySeries[]>('/me/series', { signal }),
  });
}

/** "Cancelar las que faltan": the series' sessions more than 24 hours ahead. */
export function useCancelSeriesRest() {
  return useInvalidatingMutation(
    (id: string) =>
      apiRequest<TCancelSeriesResponse>(`/me/series/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    sessionChanges,
  );
}
