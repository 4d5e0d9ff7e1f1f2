import {
  type ComponentProps,
  type ComponentType,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
  useEffect,
  useSyncExternalStore,
} from 'react';
import { carryState } from './carried-state';

/**
 * How a component moves around the site, with or without React Router (decision 016). The single-page app (the
 * account, the store, the admin area) provides the router's location, navigate and <Link> through
 * NavigationProvider (app/router-navigation.tsx). The prerendered public pages hydrate only their islands and load
 * no router: there the default is the document itself — window.location, links as plain <a href>, another page
 * opened by the browser, a query-only change (the booking wizard's choice) through the History API.
 */
export type AppLocation = { pathname: string; search: string; hash: string; state: unknown };

export type NavigateOptions = { replace?: boolean; state?: unknown };

export type AppLinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
};

export type Navigation = {
  location: AppLocation;
  navigate: (to: string, options?: NavigateOptions) => void;
  /** The router's <Link>, when there is a router. */
  Link?: ComponentType<AppLinkProps>;
};

const NavigationContext = createContext<Navigation | null>(null);

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext value={value}>{children}</NavigationContext>;
}

const CHANGE_EVENT = 'sala:navigate';

/** Said just before this document gives way to another page (a toast shown a moment ago goes along). */
export const LEAVING_EVENT = 'sala:leaving';

let snapshot: { href: string; location: AppLocation } | undefined;

let prerendered: AppLocation | undefined;

/** The location a prerendered island was built with, and hydrates with: its page, no query, no hash, no state. */
function firstRenderLocation(): AppLocation {
  prerendered ??= { pathname: window.location.pathname, search: '', hash: '', state: null };
  return prerendered;
}

const sameLocation = (a: AppLocation, b: AppLocation) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && Object.is(a.state, b.state);

/**
 * The document's location, the same object while it does not change. When it is the page as prerendered, it is the
 * very object the islands hydrated with: React compares the two by identity after hydrating, and a different one
 * re-renders every link of every island at once, synchronously (a long task on a slow phone, issue 25).
 */
function documentLocation(): AppLocation {
  const { href, pathname, search, hash } = window.location;
  if (snapshot?.href !== href) {
    const state = (window.history.state as { usr?: unknown } | null)?.usr ?? null;
    const location = { pathname, search, hash, state };
    const first = firstRenderLocation();
    snapshot = { href, location: sameLocation(location, first) ? first : location };
  }
  return snapshot.location;
}

/** The build's prerender says which page it renders (entry-server). */
export function setPrerenderPath(pathname: string) {
  prerendered = { pathname, search: '', hash: '', state: null };
}

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  window.addEventListener(CHANGE_EVENT, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(CHANGE_EVENT, listener);
  };
}

/** Outside the router: the same page with another query goes through history; any other page is loaded. */
export function documentNavigate(to: string, { replace = false, state }: NavigateOptions = {}) {
  const url = new URL(to, window.location.href);
  const path = url.pathname + url.search;
  if (url.origin === window.location.origin && url.pathname === window.location.pathname) {
    const entry = { usr: state ?? null };
    if (replace) window.history.replaceState(entry, '', path + url.hash);
    else window.history.pushState(entry, '', path + url.hash);
    window.dispatchEvent(new Event(CHANGE_EVENT));
    return;
  }
  if (state !== undefined) carryState(path, state);
  window.dispatchEvent(new Event(LEAVING_EVENT));
  if (replace) window.location.replace(url.href);
  else window.location.assign(url.href);
}

/** The location and navigate of the router when there is one, else of the document. */
export function useNavigation(): Navigation {
  const routed = useContext(NavigationContext);
  const location = useSyncExternalStore(subscribe, documentLocation, firstRenderLocation);
  return routed ?? { location, navigate: documentNavigate };
}

export const useAppLocation = () => useNavigation().location;

export const useAppNavigate = () => useNavigation().navigate;

/** The query of the current location, and a way to change it (replace, or add a history entry). */
export function useQueryParams(): [
  URLSearchParams,
  (next: URLSearchParams, options?: NavigateOptions) => void,
] {
  const { location, navigate } = useNavigation();
  const params = new URLSearchParams(location.search);
  const setParams = (next: URLSearchParams, options?: NavigateOptions) => {
    const query = next.toString();
    navigate(`${location.pathname}${query ? `?${query}` : ''}`, options);
  };
  return [params, setParams];
}

/** A link: the router's <Link> in the app, a plain <a href> on a prerendered page (the browser opens it). */
export function AppLink({ to, replace, state, onClick, ...props }: AppLinkProps) {
  const { Link } = useNavigation();
  if (Link) return <Link to={to} replace={replace} state={state} onClick={onClick} {...props} />;
  const remember = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || state === undefined) return;
    event.preventDefault();
    documentNavigate(to, { replace, state });
  };
  return <a href={to} onClick={state === undefined ? onClick : remember} {...props} />;
}

/** Whether `to` is the page being shown (the whole path, or its start unless `end`). */
export function isCurrentPath(pathname: string, to: string, end = false) {
  if (pathname === to) return true;
  return !end && to !== '/' && pathname.startsWith(`${to}/`);
}

type NavLinkProps = Omit<AppLinkProps, 'className'> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A link that knows when it leads to the page being shown (aria-current="page"), as React Router's NavLink. */
export function AppNavLink({ to, end, className, ...props }: NavLinkProps) {
  const { pathname } = useAppLocation();
  const isActive = isCurrentPath(pathname, to, end);
  return (
    <AppLink
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  );
}

/** Sends the visitor on as soon as it renders (React Router's <Navigate>, for both kinds of page). */
export function AppRedirect({ to, replace = true }: { to: string; replace?: boolean }) {
  const navigate = useAppNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}
