import { formatCredits } from '@sala/shared/format/credits';
import type { TPageState } from '@sala/shared/table/table.contract';
import type { TClientOption, TUpdateUserRequest, TUser } from '@sala/shared/users/users.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';
import { saveTo, setActiveAt } from '../../../lib/resource-requests';

export function useUsers(state: TPageState) {
  return usePagedQuery<TUser>(queryKeys.users.all, '/users', state);
}

export function useUser(id: string) {
  return useQuery({
    queryKey: queryKeys.users.detail(id),
    queryFn: ({ signal }) => apiRequest<TUser>(`/users/${encodeURIComponent(id)}`, { signal }),
  });
}

/** After any change to a user: refresh the lists, and the navigation if it was the signed-in user. */
const affected = [queryKeys.users.all, queryKeys.session];

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

/** A client as the staff's pickers list it: the name with the phone and the balance, to tell namesakes apart. */
export type ClientPick = { id: string; name: string; client: TClientOption };

/** Active clients by name, e-mail or phone, at most 10 (staff): the search of the client pickers. */
export async function searchClientPicks(term: string): Promise<ClientPick[]> {
  const clients = await apiRequest<TClientOption[]>(`/users/clients?${new URLSearchParams({ q: term })}`);
  return clients.map((client) => ({
    id: client.id,
    name: `${client.name} · ${client.phone} · ${formatCredits(client.credits)}`,
    client,
  }));
}
