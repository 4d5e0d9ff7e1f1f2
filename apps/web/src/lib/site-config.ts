import { useSyncExternalStore } from 'react';

/** What the server tells every page about the site (apps/api/src/plugins/web.ts, from its environment). */
export type SiteConfig = {
  instagramUrl: string | null;
  facebookUrl: string | null;
  /** The server has a mail server (SMTP_URL): e-mails reach people; without it they stay in Correos. */
  sendsEmail: boolean;
};

const EMPTY: SiteConfig = { instagramUrl: null, facebookUrl: null, sendsEmail: false };

const httpsOrNull = (value: unknown) =>
  typeof value === 'string' && /^https:\/\/[^\s]+$/.test(value) ? value : null;

let cached: SiteConfig | undefined;

/** The configuration the server put in the page (<script type="application/json" id="site-config">). */
export function readSiteConfig(): SiteConfig {
  if (cached) return cached;
  let parsed: Partial<Record<keyof SiteConfig, unknown>> = {};
  try {
    parsed = JSON.parse(document.getElementById('site-config')?.textContent ?? '{}') ?? {};
  } catch {
    // A page without it (the development server) or a broken one: nothing configured.
  }
  cached = {
    instagramUrl: httpsOrNull(parsed.instagramUrl),
    facebookUrl: httpsOrNull(parsed.facebookUrl),
    sendsEmail: parsed.sendsEmail === true,
  };
  return cached;
}

/** Forgets the page's configuration (tests). */
export function resetSiteConfig() {
  cached = undefined;
}

const subscribe = () => () => {};

/**
 * The site's configuration; empty while a prerendered page hydrates (its HTML was built without it), then the
 * page's own.
 */
export function useSiteConfig(): SiteConfig {
  return useSyncExternalStore(subscribe, readSiteConfig, () => EMPTY);
}
