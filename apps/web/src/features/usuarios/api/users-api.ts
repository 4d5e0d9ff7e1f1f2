import type { TPageState } from '@sala/shared/table/table.contract';
import type { TUpdateUserRequest, TUser } from '@sala/shared/users/users.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { usePagedQuery } from '../../../lib/paged-query';
import { saveTo, setActiveAt } from '../../../lib/resource-requests';
import { sessionQuery } from '../../auth/api/get-session';

export function useUsers(state: TPageState) {
  return usePagedQuery<TUser>(['users'], '/users', state);
}

export function useUser(id: string) {
  return useQuery({
    queryKey: ['users', 'detail', id],
    queryFn: ({ signal }) => apiRequest<TUser>(`/users/${encodeURIComponent(id)}`, { signal }),
  });
}

/** After any change to a user: refresh the lists, and the navigation if it was the signed-in user. */
const affected = [['users'], sessionQuery().queryKey];

export function useUpdateUser() {
  return useInvalidatingMutation(
    ({ id, input }: { id: string; input: TUpdateUserRequest }) =>
      saveTo<TUpdateUserRequest, TUser>('/users')({ id, input }),
    affected,
  );
}

export function useSetUserActive() {
  return useInvalidatingMutation(setActiveAt<TUser>('/users'), affected);
}
