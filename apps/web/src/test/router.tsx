import type { ReactNode } from 'react';
import { MemoryRouter, type MemoryRouterProps, type RouteObject } from 'react-router';
import { RouterNavigation, RouterNavigationProvider } from '../app/router-navigation';

/** A memory router whose screens move around with it, as in the app (lib/navigation.tsx). */
export function TestRouter({ children, ...props }: MemoryRouterProps & { children: ReactNode }) {
  return (
    <MemoryRouter {...props}>
      <RouterNavigationProvider>{children}</RouterNavigationProvider>
    </MemoryRouter>
  );
}

/** Routes for createMemoryRouter under the app's root route, which gives them the router's navigation. */
export const withNavigation = (routes: RouteObject[]): RouteObject[] => [
  { element: <RouterNavigation />, children: routes },
];
