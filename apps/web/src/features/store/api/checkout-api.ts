import type { CartItem } from '@sala/shared/cart/cart.rules';
import type {
  TCheckout,
  TPayMethod,
  TPaymentMethodsResponse,
  TPaymentResult,
  TStartCheckoutRequest,
  TTestCardRequest,
} from '@sala/shared/store/store.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const checkoutPath = (checkoutId: string) => `/checkout/${encodeURIComponent(checkoutId)}`;

/** The browser says what it wants to buy and how it pays; the server prices it. */
export const checkoutRequest = (
  checkoutId: string,
  items: readonly CartItem[],
  method: TPayMethod = 'card',
): TStartCheckoutRequest => ({
  checkoutId,
  method,
  items: items.map((item) => ({ productId: item.id, quantity: item.quantity })),
});

/** GET /api/payment-methods — how this store takes payments (issue 24); asked for on /pago's first step already. */
export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: queryKeys.paymentMethods,
    queryFn: ({ signal }) => apiRequest<TPaymentMethodsResponse>('/payment-methods', { signal }),
    // The store's configuration: it changes with a deploy, not while someone pays.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQuery());
}

/** POST /api/checkout — creates the checkout, or finds it again with the same checkoutId. */
export const startCheckout = (request: TStartCheckoutRequest, signal?: AbortSignal) =>
  apiRequest<TCheckout>('/checkout', { method: 'POST', body: request, signal });

/** GET /api/checkout/:id */
export const getCheckout = (checkoutId: string, signal?: AbortSignal) =>
  apiRequest<TCheckout>(checkoutPath(checkoutId), { signal });

/** POST /api/checkout/:id/pay — the test gateway's card. Paying a paid checkout again answers the same. */
export const payWithTestCard = (checkoutId: string, card: TTestCardRequest) =>
  apiRequest<TPaymentResult>(`${checkoutPath(checkoutId)}/pay`, { method: 'POST', body: card });

/**
 * POST /api/checkout/:id/confirm — after Stripe confirmed the card in the browser; for a checkout already paid
 * (either gateway), what the payment made.
 */
export const confirmCheckout = (checkoutId: string) =>
  apiRequest<TPaymentResult>(`${checkoutPath(checkoutId)}/confirm`, { method: 'POST' });
