import { formatCredits } from '@sala/shared/format/credits';
import type { TCreateClientRequest, TUser } from '@sala/shared/users/users.contract';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';
import type { ClientPick } from '../../users/api/users-api';

/**
 * POST /api/users (staff): a client registered at the desk, who was shown the privacy notice. The users list and
 * every client picker refresh (their keys start with users.all).
 */
export function useCreateClient() {
  return useInvalidatingMutation(
    (input: TCreateClientRequest) => apiRequest<TUser>('/users', { method: 'POST', body: input }),
    [queryKeys.users.all],
  );
}

/** The new account as the client picker would list it (searchClientPicks: name · phone · credits). */
export const clientPickOf = (user: TUser): ClientPick => ({
  id: user.id,
  name: `${user.name} · ${user.phone} · ${formatCredits(user.credits)}`,
  client: { id: user.id, name: user.name, email: user.email, phone: user.phone, credits: user.credits },
});
