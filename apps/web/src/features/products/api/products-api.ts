import type { TProduct, TSaveProductRequest } from '@sala/shared/products/products.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';
import { saveTo, setActiveAt } from '../../../lib/resource-requests';

/** The public catalogue shows products too: a change (say, a deactivation) must show there at once. */
const affected = [queryKeys.products.all, queryKeys.catalog];

export function useProducts(state: TPageState) {
  return usePagedQuery<TProduct>(queryKeys.products.all, '/products', state);
}

/** Creates a product, or edits it when an id is given. The price goes in pesos. */
export function useSaveProduct() {
  return useInvalidatingMutation(saveTo<TSaveProductRequest, TProduct>('/products'), affected);
}

export function useSetProductActive() {
  return useInvalidatingMutation(setActiveAt<TProduct>('/products'), affected);
}
