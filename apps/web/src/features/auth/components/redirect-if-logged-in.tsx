import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppRedirect, useAppLocation } from '../../../lib/navigation';
import { loginUnderWay } from '../api/auth-mutations';
import { useSession } from '../api/get-session';

/** Where a login should return to: the page that sent the visitor here (same site only), else the profile. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/perfil';
}

/**
 * docs/business-rules.md §2: logged-in users who open the login or register page go to their profile — or back to the page that
 * sent them to log in (the booking wizard keeps the visitor's choice that way).
 */
export function RedirectIfLoggedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useAppLocation();
  const queryClient = useQueryClient();
  // While the session loads, the form shows (it is what most visitors see, and the prerendered page holds it):
  // a signed-in user is sent on as soon as the session answers. One who has just logged in with the form here
  // goes where the form says, once it says so (after the notice to accept, to turn on the second factor).
  if (user && !loginUnderWay(queryClient)) return <AppRedirect to={returnPath(location.state)} />;
  return children;
}
