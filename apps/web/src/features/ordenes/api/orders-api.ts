import type {
  TCancelOrderRequest,
  TCancelOrderResponse,
  TOrderRow,
  TOrderTicket,
} from '@sala/shared/orders/orders.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/orders: newest first unless sorted otherwise; the search finds the client. */
export function useOrders(state: TPageState) {
  return usePagedQuery<TOrderRow>(queryKeys.orders.all, '/orders', state);
}

/** GET /api/orders/:id: the order in full, as its ticket prints it. */
export function useOrderTicket(id: string) {
  return useQuery({
    queryKey: queryKeys.orders.ticket(id),
    queryFn: ({ signal }) => apiRequest<TOrderTicket>(`/orders/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}

/** POST /api/orders/:id/cancel with the typed phrase; the corte and the clients' balances change with it. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TCancelOrderRequest }) =>
      apiRequest<TCancelOrderResponse>(`/orders/${encodeURIComponent(id)}/cancel`, { method: 'POST', body }),
    onSuccess: async (response) => {
      queryClient.setQueryData(queryKeys.orders.ticket(response.order.id), response.order);
      await Promise.all(
        [queryKeys.orders.all, queryKeys.cashSummary.all, queryKeys.users.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, predicate: (query) => query.queryKey[1] !== 'ticket' }),
        ),
      );
    },
  });
}
