import type { TCost, TSaveCostRequest } from '@sala/shared/costs/costs.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';
import { deleteAt, saveTo } from '../../../lib/resource-requests';

/** An expense counts in the corte of its day. */
const affected = [queryKeys.costs.all, queryKeys.cashSummary.all];

/** GET /api/costs: newest date first unless sorted otherwise. */
export function useCosts(state: TPageState) {
  return usePagedQuery<TCost>(queryKeys.costs.all, '/costs', state);
}

/** Creates an expense, or edits it when an id is given. The total goes in pesos. */
export function useSaveCost() {
  return useInvalidatingMutation(saveTo<TSaveCostRequest, TCost>('/costs'), affected);
}

export function useDeleteCost() {
  return useInvalidatingMutation(deleteAt('/costs'), affected);
}
