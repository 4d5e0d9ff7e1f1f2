import { type BusinessContact, NO_BUSINESS_CONTACT } from '@sala/shared/legal/business-contact';
import { type EmailPromise, emailPromise } from '@sala/shared/mail/mail-promise';
import { useSyncExternalStore } from 'react';

/**
 * What the server tells every page about the site (apps/api/src/plugins/web.ts): how clients reach the business
 * (Datos legales, issue 39) and whether this server sends e-mail.
 */
export type SiteConfig = BusinessContact & {
  /** The server has a mail server (SMTP_URL): e-mails reach people; without it they stay in Correos. */
  sendsEmail: boolean;
};

const EMPTY: SiteConfig = { ...NO_BUSINESS_CONTACT, sendsEmail: false };

const httpsOrNull = (value: unknown) =>
  typeof value === 'string' && /^https:\/\/[^\s]+$/.test(value) ? value : null;
const tenDigitsOrNull = (value: unknown) =>
  typeof value === 'string' && /^\d{10}$/.test(value) ? value : null;

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
    phone: tenDigitsOrNull(parsed.phone),
    whatsapp: tenDigitsOrNull(parsed.whatsapp),
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

/**
 * How clients reach the business, for the footer: the page's own from the first render, hydration included. The
 * server writes the footer's contact column into every prerendered page from the same configuration it puts in the
 * page (apps/api/src/plugins/web.ts), so the HTML already holds what this renders. Empty while prerendering.
 */
export function useSiteContact(): BusinessContact {
  const { phone, whatsapp, instagramUrl, facebookUrl } = useSyncExternalStore(
    subscribe,
    readSiteConfig,
    readSiteConfigInPage,
  );
  return { phone, whatsapp, instagramUrl, facebookUrl };
}

const readSiteConfigInPage = () => (typeof document === 'undefined' ? EMPTY : readSiteConfig());

/**
 * What a screen says about an e-mail, true for this server (issue 39): `said(promise)` is the promise where e-mail
 * is sent, and "Este sitio todavía no envía correos, así que …" where it is not (@sala/shared/mail/mail-promise).
 */
export function useEmailPromise(): (promise: EmailPromise) => string {
  const { sendsEmail } = useSiteConfig();
  return (promise) => emailPromise(sendsEmail, promise);
}
