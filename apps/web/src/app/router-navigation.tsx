import { type ReactNode, useMemo } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { type AppLinkProps, type Navigation, NavigationProvider } from '../lib/navigation';

const RouterLink = ({ to, replace, state, ...props }: AppLinkProps) => (
  <Link to={to} replace={replace} state={state} {...props} />
);

/** The router's location, navigate and <Link> for what it holds (lib/navigation.tsx); inside any React Router. */
export function RouterNavigationProvider({ children }: { children: ReactNode }) {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const value = useMemo<Navigation>(
    () => ({
      location: { pathname, search, hash, state },
      // A query-only change (the wizard's choice, the cart's pending product) keeps the scroll where it is.
      navigate: (to, options) =>
        void navigate(to, {
          ...options,
          preventScrollReset: new URL(to, window.location.href).pathname === window.location.pathname,
        }),
      Link: RouterLink,
    }),
    [pathname, search, hash, state, navigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}

/**
 * The root route of the single-page app: every screen moves around with the router. The prerendered public pages
 * run without it (decision 016).
 */
export function RouterNavigation() {
  return (
    <RouterNavigationProvider>
      <Outlet />
    </RouterNavigationProvider>
  );
}
