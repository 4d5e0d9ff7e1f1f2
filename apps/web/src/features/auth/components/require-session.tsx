import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../../components/ui/spinner';
import { useSession } from '../api/get-session';

/** Pages for logged-in users: visitors go to the login page and come back afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageLoader />;
  if (!user) {
    return (
      <Navigate to="/registro/iniciar-sesion" replace state={{ from: location.pathname + location.search }} />
    );
  }
  return children;
}
