import type {
  TClientCreditLotsResponse,
  TCreditLot,
  TExtendCreditLotRequest,
} from '@sala/shared/credits/credit-lots.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import type { TAdjustCreditsRequest, TLedgerEntry } from '@sala/shared/users/client-account.contract';
import type { TMyOrder, TMySession } from '@sala/shared/users/profile.contract';
import { useQuery } from '@tanstack/react-query';
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

/** Issue 44: every lot of the client's credits, the live ones first (what is left of each, until when). */
export function useClientCreditLots(id: string) {
  return useQuery({
    queryKey: queryKeys.users.creditLots(id),
    queryFn: ({ signal }) => apiRequest<TClientCreditLotsResponse>(`${base(id)}/credit-lots`, { signal }),
  });
}

/**
 * The super admin's adjustment of a client's balance: the account, its ledger, its credit lots and the users table
 * refresh (all under `users.all`).
 */
export function useAdjustCredits(id: string) {
  return useInvalidatingMutation(
    (input: TAdjustCreditsRequest) =>
      apiRequest<{ balance: number }>(`${base(id)}/credits`, { method: 'POST', body: input }),
    [queryKeys.users.all],
  );
}

/** Issue 44: the super admin gives a live lot a later last day, with the reason; the client's lots refresh. */
export function useExtendCreditLot(id: string) {
  return useInvalidatingMutation(
    ({ lotId, input }: { lotId: string; input: TExtendCreditLotRequest }) =>
      apiRequest<{ lot: TCreditLot }>(`${base(id)}/credit-lots/${encodeURIComponent(lotId)}/extend`, {
        method: 'POST',
        body: input,
      }),
    [queryKeys.users.creditLots(id)],
  );
}
