import type {
  TCancelSessionResponse,
  TCreateSessionRequest,
  TCreateSessionResponse,
  TRescheduleSessionResponse,
  TStaffCreateSessionRequest,
} from '@sala/shared/bookings/bookings.contract';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';
import { useRetryKey } from '../../../lib/retry-key';

/**
 * What a booking or a cancel changes on screen: availability, the navigation's credits (the session user) and the
 * lots they come from, the client's own sessions and standing slots, and the staff's day lists and grids.
 */
export const sessionChanges = [
  queryKeys.availability.all,
  queryKeys.session,
  queryKeys.me.creditLots,
  queryKeys.me.sessions,
  queryKeys.me.series,
  queryKeys.me.waitlist,
  queryKeys.staffSessions.all,
];

/**
 * A booking request with its idempotency key: sent again for the same slot after a lost answer, it gets the
 * session the first one made (not a 409 about its own session); once it succeeds, the next booking has a new key.
 */
function useBookingRequest<TInput extends object, TResult = TCreateSessionResponse>(path: string) {
  const retryKey = useRetryKey();
  return async (input: TInput) => {
    const result = await apiRequest<TResult>(path, {
      method: 'POST',
      body: { ...input, idempotencyKey: retryKey.for(input) },
    });
    retryKey.done();
    return result;
  };
}

export function useCreateSession() {
  return useInvalidatingMutation(useBookingRequest<TCreateSessionRequest>('/sessions'), sessionChanges);
}

/** The super admin books for a client (charged to them) or a courtesy session. */
export function useCreateStaffSession() {
  return useInvalidatingMutation(
    useBookingRequest<TStaffCreateSessionRequest>('/staff/sessions'),
    sessionChanges,
  );
}

/** Moves one of the client's sessions to the chosen slot (with a key: a retry answers the same move). */
export function useRescheduleSession(sessionId: string) {
  return useInvalidatingMutation(
    useBookingRequest<TCreateSessionRequest, TRescheduleSessionResponse>(
      `/sessions/${encodeURIComponent(sessionId)}/reschedule`,
    ),
    sessionChanges,
  );
}

export function useCancelSession() {
  return useInvalidatingMutation(
    (id: string) =>
      apiRequest<TCancelSessionResponse>(`/sessions/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    sessionChanges,
  );
}
