import type { TPageState } from '@sala/shared/table/table.contract';
import type { TAdjustCreditsRequest, TLedgerEntry } from '@sala/shared/users/client-account.contract';
import type { TMyOrder, TMySession } from '@sala/shared/users/profile.contract';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

const base = (id: string) => `/users/${encodeURIComponent(id)}`;

export function useClientLedger(id: string, state: TPageState) {
  return usePagedQuery<TLedgerEntry>(queryKeys.users.ledger(id), `${base(id)}/ledger`, state);
}

export function useClientSessions(id: string, state: TPageState) {
  return usePagedQuery<TMySession>(queryKeys.users.sessions(id), `${base(id)}/sessions`, state);
}

export function useClientOrders(id: string, state: TPageState) {
  return usePagedQuery<TMyOrder>(queryKeys.users.orders(id), `${base(id)}/orders`, state);
}

/** The super admin's adjustment of a client's balance: the account, its ledger and the users table refresh. */
export function useAdjustCredits(id: string) {
  return useInvalidatingMutation(
    (input: TAdjustCreditsRequest) =>
      apiRequest<{ balance: number }>(`${base(id)}/credits`, { method: 'POST', body: input }),
    [queryKeys.users.all],
  );
}
