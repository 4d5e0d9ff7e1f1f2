import type { TOpenLogin, TStaffBranchRequest } from '@sala/shared/auth/staff-security.contract';
import type { TUser } from '@sala/shared/users/users.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';

// Issue 45, the super admin's say over another account: a staff account's home branch ("Solo su sucursal" too),
// its open logins, and its second factor.
const base = (id: string) => `/users/${encodeURIComponent(id)}`;

/** PUT /api/users/:id/branch: the user's page, the users table and, for oneself, the session's user refresh. */
export function useSetStaffBranch(id: string) {
  return useInvalidatingMutation(
    (input: TStaffBranchRequest) => apiRequest<TUser>(`${base(id)}/branch`, { method: 'PUT', body: input }),
    [queryKeys.users.all, queryKeys.session],
  );
}

/** GET /api/users/:id/logins: the browsers where the account is signed in now. */
export function useUserLogins(id: string) {
  return useQuery({
    queryKey: queryKeys.users.logins(id),
    queryFn: ({ signal }) => apiRequest<TOpenLogin[]>(`${base(id)}/logins`, { signal }),
  });
}

/** POST /api/users/:id/logins/end: every login of the account ends (out at its next request). */
export function useEndUserLogins(id: string) {
  return useInvalidatingMutation(
    () => apiRequest<{ ended: number }>(`${base(id)}/logins/end`, { method: 'POST' }),
    [queryKeys.users.logins(id)],
  );
}

/** POST /api/users/:id/two-factor/disable: for a person who lost the phone and the recovery codes. */
export function useDisableUserTwoFactor(id: string) {
  return useInvalidatingMutation(
    () => apiRequest<void>(`${base(id)}/two-factor/disable`, { method: 'POST' }),
    [queryKeys.users.all],
  );
}
