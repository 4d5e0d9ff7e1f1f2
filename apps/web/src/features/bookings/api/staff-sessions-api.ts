import type { TDayGridResponse, TStaffSession } from '@sala/shared/bookings/bookings.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Every list and grid of these screens starts with this key: a booking or a cancel (sessionChanges in
 * features/bookings' wizard) refreshes them all.
 */

export type StaffSessionsFilter = {
  date: string;
  /** Undefined: every branch. */
  branchId?: string;
  /** Historial lists the cancelled sessions too. */
  includeCancelled: boolean;
};

/** GET /api/staff/sessions: one day's sessions, a page at a time (the previous page stays while the next loads). */
export function useStaffSessions(filter: StaffSessionsFilter, state: TPageState) {
  return usePagedQuery<TStaffSession>(queryKeys.staffSessions.list, '/staff/sessions', state, {
    filters: {
      date: filter.date,
      includeCancelled: String(filter.includeCancelled),
      branchId: filter.branchId,
    },
    // A receptionist leaves Reservaciones open: what others book shows up without a reload.
    refetchInterval: 60_000,
  });
}

/** GET /api/staff/sessions/grid: a branch's rooms × hours on one day. */
export function useDayGrid(date: string, branchId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.staffSessions.grid(date, branchId),
    queryFn: ({ signal }) =>
      apiRequest<TDayGridResponse>(
        `/staff/sessions/grid?${new URLSearchParams({ date, branchId: branchId! })}`,
        {
          signal,
        },
      ),
    enabled: Boolean(branchId),
    refetchInterval: 60_000,
  });
}
