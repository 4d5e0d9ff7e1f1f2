import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/ui/spinner';
import { useSession } from '../api/get-session';

/** Spec §2: logged-in users who open the login or register page go to their profile. */
export function RedirectIfLoggedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoader />;
  if (user) return <Navigate to="/perfil" replace />;
  return children;
}
