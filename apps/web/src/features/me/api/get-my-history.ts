import type { TPageState } from '@sala/shared/table/table.contract';
import type { TMyOrder, TMySession } from '@sala/shared/users/profile.contract';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

export function useMySessions(state: TPageState) {
  return usePagedQuery<TMySession>(queryKeys.me.sessions, '/me/sessions', state);
}

export function useMyOrders(state: TPageState) {
  return usePagedQuery<TMyOrder>(queryKeys.me.orders, '/me/orders', state);
}
