import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setFlash } from '../../../lib/flash';
import { storageKeys, writeStored } from '../../../lib/local-store';

export const authMessages = { loggedOut: 'Has cerrado sesion' } as const;

/**
 * Ends the session on the server, forgets the cached user and goes home with the yellow 'Has cerrado sesion'
 * (docs/business-rules.md §2). A full page load drops every cached query of the previous user at once, and no members-only
 * page can react to the session ending on its way out.
 */
export function useLogout() {
  return useMutation({
    mutationFn: () => apiRequest<void>('/auth/logout', { method: 'POST' }),
    onSettled: () => {
      writeStored(storageKeys.userDetails, null);
      // Issue 39: the last purchase's summary is this user's; the next one to log in starts afresh.
      writeStored(storageKeys.purchaseSummary, null);
      setFlash('warning', authMessages.loggedOut);
      window.location.assign('/');
    },
  });
}
