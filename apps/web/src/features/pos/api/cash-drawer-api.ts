import type {
  TCloseDrawerRequest,
  TDrawer,
  TDrawerResponse,
  TOpenDrawerRequest,
} from '@sala/shared/cash-drawer/drawer.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** Today's drawer of a branch (null: not opened yet); none asked for without a branch. */
export function useBranchDrawer(branchId: string) {
  return useQuery({
    queryKey: queryKeys.cashDrawers.ofBranch(branchId),
    queryFn: ({ signal }) =>
      apiRequest<TDrawerResponse>(`/cash-drawers?branchId=${encodeURIComponent(branchId)}`, { signal }),
    enabled: branchId !== '',
  });
}

/** One drawer by id: its closing report (Z). */
export function useDrawer(id: string) {
  return useQuery({
    queryKey: queryKeys.cashDrawers.byId(id),
    queryFn: ({ signal }) => apiRequest<TDrawer>(`/cash-drawers/${encodeURIComponent(id)}`, { signal }),
  });
}

const drawerChanges = [queryKeys.cashDrawers.all, queryKeys.cashSummary.all];

export function useOpenDrawer() {
  return useInvalidatingMutation(
    (input: TOpenDrawerRequest) => apiRequest<TDrawer>('/cash-drawers', { method: 'POST', body: input }),
    drawerChanges,
  );
}

export function useCloseDrawer() {
  return useInvalidatingMutation(
    ({ id, ...body }: TCloseDrawerRequest & { id: string }) =>
      apiRequest<TDrawer>(`/cash-drawers/${encodeURIComponent(id)}/close`, { method: 'POST', body }),
    drawerChanges,
  );
}

export function useReopenDrawer() {
  return useInvalidatingMutation(
    ({ id, reason }: { id: string; reason: string }) =>
      apiRequest<TDrawer>(`/cash-drawers/${encodeURIComponent(id)}/reopen`, {
        method: 'POST',
        body: { reason },
      }),
    drawerChanges,
  );
}
