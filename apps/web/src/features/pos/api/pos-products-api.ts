import type { TPosProduct } from '@sala/shared/pos/pos.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Starts with 'products': a change in /admin/productos (a price, a deactivation) refreshes this list too. */

/** GET /api/pos/products: the active point-of-sale products, cheapest first. */
export function usePosProducts() {
  return useQuery({
    queryKey: queryKeys.products.pointOfSale,
    queryFn: ({ signal }) => apiRequest<TPosProduct[]>('/pos/products', { signal }),
  });
}
