import type {
  privacyRequestKinds,
  privacyRequestStatuses,
  TCreatePrivacyRequestRequest,
  TPrivacyRequest,
  TResolvePrivacyRequestRequest,
} from '@sala/shared/privacy/privacy.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

export type PrivacyRequestFilters = {
  status?: (typeof privacyRequestStatuses)[number];
  kind?: (typeof privacyRequestKinds)[number];
};

const requestPath = (id: string) => `/privacy/requests/${encodeURIComponent(id)}`;

/** GET /api/privacy/requests: the ARCO requests a page at a time, newest first, by status and right. */
export function usePrivacyRequests(state: TPageState, filters: PrivacyRequestFilters) {
  return usePagedQuery<TPrivacyRequest>(queryKeys.privacyRequests, '/privacy/requests', state, {
    filters: { status: filters.status, kind: filters.kind },
  });
}

/** Where the browser downloads a client's data for an access request (a ZIP; the session cookie goes along). */
export const privacyExportUrl = (id: string) => `/api${requestPath(id)}/export`;

/** A request that came by e-mail or in person. */
export function useCreatePrivacyRequest() {
  return useInvalidatingMutation(
    (input: TCreatePrivacyRequestRequest) =>
      apiRequest<TPrivacyRequest>('/privacy/requests', { method: 'POST', body: input }),
    [queryKeys.privacyRequests],
  );
}

/** Answered or refused, with what was answered. */
export function useResolvePrivacyRequest() {
  return useInvalidatingMutation(
    ({ id, input }: { id: string; input: TResolvePrivacyRequestRequest }) =>
      apiRequest<TPrivacyRequest>(`${requestPath(id)}/resolve`, { method: 'POST', body: input }),
    [queryKeys.privacyRequests],
  );
}

/** Cancellation for the client: the account leaves every staff list and picker, its credits close. */
export function useCloseAccountFor() {
  return useInvalidatingMutation(
    (id: string) => apiRequest<TPrivacyRequest>(`${requestPath(id)}/close-account`, { method: 'POST' }),
    [queryKeys.privacyRequests, queryKeys.users.all],
  );
}

/** Opposition for the client: their reminders off, the request answered. */
export function useOptOutFor() {
  return useInvalidatingMutation(
    (id: string) => apiRequest<TPrivacyRequest>(`${requestPath(id)}/opt-out`, { method: 'POST' }),
    [queryKeys.privacyRequests],
  );
}
