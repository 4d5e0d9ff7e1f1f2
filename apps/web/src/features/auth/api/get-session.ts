import type { TSessionResponse, TSessionUser } from '@sala/shared/auth/session.contract';
import { sessionMessages } from '@sala/shared/auth/session.messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/api-client';
import { readStored, storageKeys, writeStored } from '../../../lib/local-store';
import { queryKeys } from '../../../lib/query-keys';

export const sessionQuery = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: async ({ signal }) => {
      // The last user this browser saw, in this page or before a reload.
      const before = readStored<TSessionUser | null>(storageKeys.userDetails, null);
      const { user, ended } = await apiRequest<TSessionResponse>('/auth/session', { signal });
      // userDetails is only a display cache for the first paint; the cookie session is what the API trusts.
      writeStored(storageKeys.userDetails, user);
      // Nobody logged out here (that forgets the user): the server ended the session, and the person is told why
      // when the server says (a deactivated account).
      if (ended === 'account-disabled') notify.warning(sessionMessages.accountDisabled);
      else if (before && !user) notify.warning(sessionMessages.ended);
      return user;
    },
    staleTime: 60_000,
  });

/** The signed-in user, or null for a visitor. */
export function useSession(): { user: TSessionUser | null; isLoading: boolean } {
  const query = useQuery(sessionQuery());
  return { user: query.data ?? null, isLoading: query.isPending };
}
