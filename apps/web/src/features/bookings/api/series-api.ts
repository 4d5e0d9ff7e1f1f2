import type {
  TCreateSeriesRequest,
  TCreateSeriesResponse,
  TSeriesPreviewRequest,
  TSeriesPreviewResponse,
  TStaffCreateSeriesRequest,
  TStaffSeriesPreviewRequest,
} from '@sala/shared/bookings/series.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';
import { useRetryKey } from '../../../lib/retry-key';
import { sessionChanges } from './sessions-api';

/**
 * A standing slot's preview: every date with its state, for the client itself or (staff) for a client. A POST
 * that writes nothing; kept while the next one loads, so the list does not flash as the count changes.
 */
export function useSeriesPreview<T extends TSeriesPreviewRequest | TStaffSeriesPreviewRequest>(
  path: '/sessions/series/preview' | '/staff/sessions/series/preview',
  ask: T | undefined,
) {
  return useQuery({
    queryKey: queryKeys.availability.series(ask && { path, ...ask }),
    queryFn: ({ signal }) => apiRequest<TSeriesPreviewResponse>(path, { method: 'POST', body: ask!, signal }),
    enabled: Boolean(ask),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Books the dates the preview showed, with an idempotency key (a retried confirmation books once). */
export function useCreateSeries<T extends TCreateSeriesRequest | TStaffCreateSeriesRequest>(
  path: '/sessions/series' | '/staff/sessions/series',
) {
  const retryKey = useRetryKey();
  return useInvalidatingMutation(async (input: Omit<T, 'idempotencyKey'>) => {
    const result = await apiRequest<TCreateSeriesResponse>(path, {
      method: 'POST',
      body: { ...input, idempotencyKey: retryKey.for(input) },
    });
    retryKey.done();
    return result;
  }, sessionChanges);
}
