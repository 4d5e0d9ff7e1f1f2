import type { TSessionResponse, TSessionUser } from '@sala/shared/auth/session.contract';
import { sessionMessages } from '@sala/shared/auth/session.messages';
import { type QueryClient, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/api-client';
import { readStored, storageKeys, writeStored } from '../../../lib/local-store';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Issue 45: whether the signed-in account must turn on the second factor before the staff screens, as the session
 * (or a login) last said. Kept beside the session's user, not in it: every screen reads the user alone.
 */
export const setMustEnrolTwoFactor = (client: QueryClient, mustEnrol: boolean | undefined) =>
  client.setQueryData(queryKeys.mustEnrolTwoFactor, mustEnrol === true);

export const sessionQuery = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: async ({ signal, client }) => {
      // The last user this browser saw, in this page or before a reload.
      const before = readStored<TSessionUser | null>(storageKeys.userDetails, null);
      const { user, ended, mustEnrolTwoFactor } = await apiRequest<TSessionResponse>('/auth/session', {
        signal,
      });
      // userDetails is only a display cache for the first paint; the cookie session is what the API trusts.
      writeStored(storageKeys.userDetails, user);
      setMustEnrolTwoFactor(client, user ? mustEnrolTwoFactor : false);
      // Nobody logged out here (that forgets the user): the server ended the session, and the person is told why
      // when the server says (a deactivated account).
      if (ended === 'account-disabled') notify.warning(sessionMessages.accountDisabled);
      else if (before && !user) notify.warning(sessionMessages.ended);
      return user;
    },
    staleTime: 60_000,
  });

/**
 * The signed-in user, or null for a visitor; `mustEnrolTwoFactor`: the account must turn on the second factor
 * before any staff screen (the API refuses them until then).
 */
export function useSession(): { user: TSessionUser | null; isLoading: boolean; mustEnrolTwoFactor: boolean } {
  const query = useQuery(sessionQuery());
  // Only ever set (by the session's answer, a login's, or turning the second factor on): it asks nothing itself.
  const mustEnrol = useQuery<boolean>({ queryKey: queryKeys.mustEnrolTwoFactor, queryFn: skipToken });
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, mustEnrolTwoFactor: user !== null && mustEnrol.data === true };
}
