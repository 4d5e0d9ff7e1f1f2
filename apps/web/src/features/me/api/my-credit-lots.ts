import type { TMyCreditLotsResponse } from '@sala/shared/credits/credit-lots.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/me/credit-lots (issue 44): the signed-in client's lots that still hold credits, in the order a booking
 * spends them, and the server's today (Mexico City), so expiries read as the server applies them.
 */
export const myCreditLotsQuery = queryOptions({
  queryKey: queryKeys.me.creditLots,
  queryFn: ({ signal }) => apiRequest<TMyCreditLotsResponse>('/me/credit-lots', { signal }),
});

export const useMyCreditLots = () => useQuery(myCreditLotsQuery);
