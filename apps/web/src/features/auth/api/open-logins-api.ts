import type { TOpenLogin } from '@sala/shared/auth/staff-security.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/me/logins (issue 45): the account's open logins, each browser where it is signed in. */
export function useOpenLogins() {
  return useQuery({
    queryKey: queryKeys.me.logins,
    queryFn: ({ signal }) => apiRequest<TOpenLogin[]>('/me/logins', { signal }),
  });
}

/** DELETE /api/me/logins/:id: ends another browser's login (this browser's ends with "Cerrar sesión"). */
export function useEndLogin() {
  return useInvalidatingMutation(
    (id: string) => apiRequest<void>(`/me/logins/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    [queryKeys.me.logins],
  );
}

/** POST /api/me/logins/end-others: ends every login of the account but this browser's. */
export function useEndOtherLogins() {
  return useInvalidatingMutation(
    () => apiRequest<{ ended: number }>('/me/logins/end-others', { method: 'POST' }),
    [queryKeys.me.logins],
  );
}
