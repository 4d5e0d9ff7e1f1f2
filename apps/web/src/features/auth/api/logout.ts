import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/api-client';
import { storageKeys, writeStored } from '../../../lib/local-store';
import { sessionQuery } from './get-session';

export const authMessages = { loggedOut: 'Has cerrado sesion' } as const;

/** Ends the session on the server, forgets the cached user, says so in yellow and goes home (spec §2). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest<void>('/auth/logout', { method: 'POST' }),
    onSettled: async () => {
      // Leave the page first: a members-only page still on screen would send a fresh visitor to the login.
      await navigate('/');
      writeStored(storageKeys.userDetails, null);
      queryClient.setQueryData(sessionQuery().queryKey, null);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== 'session' && query.queryKey[0] !== 'catalog',
      });
      notify.warning(authMessages.loggedOut);
    },
  });
}
