import type {
  TCancelSessionResponse,
  TCreateSessionRequest,
  TCreateSessionResponse,
  TStaffCreateSessionRequest,
} from '@sala/shared/bookings/bookings.contract';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';

/**
 * What a booking or a cancel changes on screen: availability, the navigation's credits (the session user),
 * the client's own sessions and the staff's day lists and grids.
 */
export const sessionChanges = [
  queryKeys.availability.all,
  queryKeys.session,
  queryKeys.me.sessions,
  queryKeys.staffSessions.all,
];

export function useCreateSession() {
  return useInvalidatingMutation(
    (input: TCreateSessionRequest) =>
      apiRequest<TCreateSessionResponse>('/sessions', { method: 'POST', body: input }),
    sessionChanges,
  );
}

/** The super admin books for a client (charged to them) or a courtesy session. */
export function useCreateStaffSession() {
  return useInvalidatingMutation(
    (input: TStaffCreateSessionRequest) =>
      apiRequest<TCreateSessionResponse>('/staff/sessions', { method: 'POST', body: input }),
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
