/**
 * The state a navigation hands to the page it opens when that page is a new document (a prerendered public page
 * has no router, decision 016): kept in sessionStorage for the next page, which takes it into its history entry
 * as React Router keeps state (`history.state.usr`), so a reload keeps it too.
 */
const KEY = 'sala:navigation-state';

export function carryState(path: string, state: unknown) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, state }));
  } catch {
    // Storage refused (private mode, full): the next page goes without it, as after a fresh visit.
  }
}

/** Run first on every page: the state carried to this very path becomes its history entry's. */
export function adoptCarriedState() {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return;
    sessionStorage.removeItem(KEY);
    const { path, state } = JSON.parse(raw) as { path?: string; state?: unknown };
    if (path !== window.location.pathname + window.location.search) return;
    const current = (window.history.state ?? {}) as Record<string, unknown>;
    window.history.replaceState({ ...current, usr: state }, '');
  } catch {
    // Unreadable: nothing carried.
  }
}
