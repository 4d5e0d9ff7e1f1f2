import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../../components/ui/spinner';
import { useSession } from '../api/get-session';
import { LOGIN_PATH, loginState } from '../api/login-return';

/** Pages for logged-in users: visitors go to the login page and come back afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageLoader />;
  if (!user) {
    return <Navigate to={LOGIN_PATH} replace state={loginState(location.pathname + location.search)} />;
  }
  return children;
}
