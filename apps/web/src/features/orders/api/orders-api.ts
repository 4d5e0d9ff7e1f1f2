import type {
  TCancelOrderRequest,
  TCancelOrderResponse,
  TOrderListQuery,
  TOrderRow,
  TOrderStatus,
  TOrderTicket,
} from '@sala/shared/orders/orders.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/orders: newest first unless sorted otherwise; the search finds the client; optionally one status. */
export function useOrders(state: TPageState, status?: TOrderStatus, invoice?: TOrderInvoiceFilter) {
  return usePagedQuery<TOrderRow>(queryKeys.orders.all, '/orders', state, { filters: { status, invoice } });
}

/** Issue 42: Facturada, En factura global, Sin factura. */
export type TOrderInvoiceFilter = NonNullable<TOrderListQuery['invoice']>;

/**
 * An order changed (cancelled, or its payment confirmed): its ticket is the answer; the lists, the corte and the
 * clients' balances are asked for again.
 */
async function orderChanged(queryClient: QueryClient, order: TOrderTicket) {
  queryClient.setQueryData(queryKeys.orders.ticket(order.id), order);
  await Promise.all(
    [queryKeys.orders.all, queryKeys.cashSummary.all, queryKeys.users.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey, predicate: (query) => query.queryKey[1] !== 'ticket' }),
    ),
  );
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
    onSuccess: (response) => orderChanged(queryClient, response.order),
    // A refusal may mean the order changed meanwhile (a pending payment that arrived, issue 24): show it as it is.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}

/**
 * POST /api/orders/:id/simulate-payment (test mode, issue 24): the pending OXXO or SPEI payment is confirmed as a
 * webhook would; the order completes and its credits are granted.
 */
export function useSimulatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<TOrderTicket>(`/orders/${encodeURIComponent(id)}/simulate-payment`, { method: 'POST' }),
    onSuccess: (order) => orderChanged(queryClient, order),
    // 'Ya no está pendiente de pago': the order moved on meanwhile; its ticket is asked for again.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
