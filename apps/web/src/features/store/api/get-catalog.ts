import type { TCatalogResponse } from '@sala/shared/catalog/catalog.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const catalogQuery = () =>
  queryOptions({
    queryKey: queryKeys.catalog,
    queryFn: ({ signal }) => apiRequest<TCatalogResponse>('/catalog', { signal }),
  });

export function useCatalog() {
  return useQuery(catalogQuery());
}
