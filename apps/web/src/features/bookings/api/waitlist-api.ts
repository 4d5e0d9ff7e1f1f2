import type { TJoinWaitlistRequest, TWaitlistEntry } from '@sala/shared/bookings/waitlist.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** The client's places in the lines of full hours still ahead. */
export function useMyWaitlist() {
  return useQuery({
    queryKey: queryKeys.me.waitlist,
    queryFn: ({ signal }) => apiRequest<TWaitlistEntry[]>('/me/waitlist', { signal }),
  });
}

/** "Avísame si se libera": joins the line of a full hour. */
export function useJoinWaitlist() {
  return useInvalidatingMutation(
    (input: TJoinWaitlistRequest) => apiRequest<TWaitlistEntry>('/waitlist', { method: 'POST', body: input }),
    [queryKeys.me.waitlist],
  );
}

/** Leaves a line. */
export function useLeaveWaitlist() {
  return useInvalidatingMutation(
    (id: string) => apiRequest<void>(`/me/waitlist/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    [queryKeys.me.waitlist],
  );
}
