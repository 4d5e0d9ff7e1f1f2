import type {
  TBranchCalendarFeeds,
  TCalendarFeedAddress,
  TMyCalendarFeed,
} from '@sala/shared/calendar-feeds/calendar-feed.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';

type Revoked = { revoked: true };

/** GET /api/me/calendar-feed: whether the signed-in person has an address, and since when (never the address). */
export function useMyCalendarFeed() {
  return useQuery({
    queryKey: queryKeys.calendarFeeds.mine,
    queryFn: ({ signal }) => apiRequest<TMyCalendarFeed>('/me/calendar-feed', { signal }),
  });
}

/**
 * POST /api/me/calendar-feed: a new address, replacing the one before (which stops working at once). The answer is
 * the only time the address is shown: the screen keeps it, nothing asks for it again.
 */
export function useCreateMyCalendarFeed() {
  return useInvalidatingMutation(
    () => apiRequest<TCalendarFeedAddress>('/me/calendar-feed', { method: 'POST' }),
    [queryKeys.calendarFeeds.mine],
  );
}

/** DELETE /api/me/calendar-feed: the address stops working; calendars subscribed to it stop updating. */
export function useRevokeMyCalendarFeed() {
  return useInvalidatingMutation(
    () => apiRequest<Revoked>('/me/calendar-feed', { method: 'DELETE' }),
    [queryKeys.calendarFeeds.mine],
  );
}

/** GET /api/branches/calendar-feeds (super admin): each branch and whether its staff calendar has an address. */
export function useBranchCalendarFeeds() {
  return useQuery({
    queryKey: queryKeys.calendarFeeds.branches,
    queryFn: ({ signal }) => apiRequest<TBranchCalendarFeeds>('/branches/calendar-feeds', { signal }),
  });
}

/** POST /api/branches/:id/calendar-feed: a branch's new staff address (the one before stops working). */
export function useCreateBranchCalendarFeed() {
  return useInvalidatingMutation(
    (branchId: string) =>
      apiRequest<TCalendarFeedAddress>(`/branches/${branchId}/calendar-feed`, { method: 'POST' }),
    [queryKeys.calendarFeeds.branches],
  );
}

/** DELETE /api/branches/:id/calendar-feed */
export function useRevokeBranchCalendarFeed() {
  return useInvalidatingMutation(
    (branchId: string) => apiRequest<Revoked>(`/branches/${branchId}/calendar-feed`, { method: 'DELETE' }),
    [queryKeys.calendarFeeds.branches],
  );
}
