import type { TPageState } from '@sala/shared/table/table.contract';
import type { TUpdateUserRequest, TUser } from '@sala/shared/users/users.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usePagedQuery } from '../../../lib/paged-query';
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
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['users'] });
    void queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });
  };
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TUpdateUserRequest }) =>
      apiRequest<TUser>(`/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
    onSuccess: invalidate,
  });
}

export function useSetUserActive() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiRequest<TUser>(`/users/${encodeURIComponent(id)}/active`, { method: 'PATCH', body: { isActive } }),
    onSuccess: invalidate,
  });
}
