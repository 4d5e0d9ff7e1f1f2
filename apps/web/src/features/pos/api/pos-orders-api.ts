import type { TOrderTicket } from '@sala/shared/orders/orders.contract';
import type { TCreatePosOrderRequest, TPosOrderResponse } from '@sala/shared/pos/pos.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The ticket's query key, shared by meaning with the orders screens (no import between features). */
const ticketKey = (id: string) => ['orders', 'ticket', id] as const;

/**
 * POST /api/pos/orders. The same idempotency key sent again answers with the sale already made, so a retry after
 * a lost answer never charges twice. On success the ticket is cached (it opens at once) and the lists that show
 * orders (orders, corte, users' balances) refresh.
 */
export function useCreatePosOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreatePosOrderRequest) =>
      apiRequest<TPosOrderResponse>('/pos/orders', { method: 'POST', body: input }),
    onSuccess: ({ order }) => {
      queryClient.setQueryData<TOrderTicket>(ticketKey(order.id), order);
      for (const queryKey of [
        queryKeys.orders.all,
        queryKeys.cashSummary.all,
        queryKeys.users.all,
        queryKeys.cashDrawers.all,
      ])
        void queryClient.invalidateQueries({
          queryKey,
          predicate: (query) => query.queryKey[1] !== 'ticket',
        });
    },
  });
}

/** A sale's ticket by e-mail to the address given at the counter (issue 22: a walk-in client's). */
export function useSendTicket() {
  return useMutation({
    mutationFn: ({ orderId, email }: { orderId: string; email: string }) =>
      apiRequest<void>(`/orders/${encodeURIComponent(orderId)}/send-ticket`, {
        method: 'POST',
        body: { email },
      }),
  });
}
