import type {
  TDashboardMoney,
  TDashboardOccupancy,
  TDashboardToday,
  TReport,
} from '@sala/shared/dashboard/dashboard.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * /admin's panels and the reports (issue 22), by branch ('all' for every branch). Kept here rather than in
 * lib/query-keys: that module travels with every public page, whose JavaScript budget is full.
 */
export const dashboardKeys = {
  panel: (part: 'today' | 'occupancy' | 'money', branchId: string) => ['dashboard', part, branchId] as const,
  report: (from: string, to: string, branchId: string) =>
    ['dashboard', 'report', from, to, branchId] as const,
};

const withBranch = (path: string, branchId: string) =>
  branchId ? `${path}?branchId=${encodeURIComponent(branchId)}` : path;

/** Today's panel refreshes every minute while /admin stays open (the current hour moves, rooms fill). */
export function useTodayPanel(branchId: string) {
  return useQuery({
    queryKey: dashboardKeys.panel('today', branchId || 'all'),
    queryFn: ({ signal }) =>
      apiRequest<TDashboardToday>(withBranch('/dashboard/today', branchId), { signal }),
    refetchInterval: 60_000,
  });
}

export function useOccupancyPanel(branchId: string) {
  return useQuery({
    queryKey: dashboardKeys.panel('occupancy', branchId || 'all'),
    queryFn: ({ signal }) =>
      apiRequest<TDashboardOccupancy>(withBranch('/dashboard/occupancy', branchId), { signal }),
  });
}

/** The super admin's money panel (the API refuses anyone else). */
export function useMoneyPanel(branchId: string) {
  return useQuery({
    queryKey: dashboardKeys.panel('money', branchId || 'all'),
    queryFn: ({ signal }) =>
      apiRequest<TDashboardMoney>(withBranch('/dashboard/money', branchId), { signal }),
  });
}

export function useReport(query: { from: string; to: string; branchId: string } | null) {
  return useQuery({
    queryKey: dashboardKeys.report(query?.from ?? '', query?.to ?? '', query?.branchId || 'all'),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ from: query!.from, to: query!.to });
      if (query!.branchId) params.set('branchId', query!.branchId);
      return apiRequest<TReport>(`/reports?${params}`, { signal });
    },
    enabled: query !== null,
  });
}
