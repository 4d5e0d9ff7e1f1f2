import type { TSessionResponse, TSessionUser } from '@sala/shared/auth/session.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storageKeys, writeStored } from '../../../lib/local-store';

export const sessionQuery = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: async ({ signal }) => {
      const { user } = await apiRequest<TSessionResponse>('/auth/session', { signal });
      // userDetails is only a display cache for the first paint; the cookie session is what the API trusts.
      writeStored(storageKeys.userDetails, user);
      return user;
    },
    staleTime: 60_000,
  });

/** The signed-in user, or null for a visitor. */
export function useSession(): { user: TSessionUser | null; isLoading: boolean } {
  const query = useQuery(sessionQuery());
  return { user: query.data ?? null, isLoading: query.isPending };
}
