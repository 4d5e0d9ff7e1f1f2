import { formatPhone, telHref, whatsappHref } from '../common/phone';
import type { BusinessContact } from '../legal/business-contact';
import { escapeHtml } from './escape-html';

/**
 * The footer's "Contacto" column (issue 39: the business's phone, WhatsApp and two social links, each hidden while it
 * is not set), as HTML. One text for both of its places: the server writes it into every prerendered page it sends
 * (apps/api/src/plugins/web.ts), so the page arrives with it and nothing moves when the footer's island hydrates; the
 * footer (apps/web/src/app/layouts/site-footer.tsx) renders the same text, in the app's pages too. Empty when the
 * business has set none of them.
 */
export function contactColumnHtml({ phone, whatsapp, instagramUrl, facebookUrl }: BusinessContact): string {
  const social = [
    { name: 'Instagram', url: instagramUrl, icon: INSTAGRAM_ICON },
    { name: 'Facebook', url: facebookUrl, icon: FACEBOOK_ICON },
  ].filter((link): link is typeof link & { url: string } => Boolean(link.url));
  if (!phone && !whatsapp && social.length === 0) return '';
  const numbers = [
    phone &&
      `<li><a href="${escapeHtml(telHref(phone))}" class="${CONTACT_LINK}">${PHONE_ICON}<span>Teléfono: ${escapeHtml(formatPhone(phone))}</span></a></li>`,
    whatsapp &&
      `<li><a href="${escapeHtml(whatsappHref(whatsapp))}" target="_blank" rel="noreferrer noopener" class="${CONTACT_LINK}">${CHAT_ICON}<span>WhatsApp: ${escapeHtml(formatPhone(whatsapp))}</span></a></li>`,
  ].filter(Boolean);
  return [
    '<h2 class="text-sm font-semibold tracking-wide text-white uppercase">Contacto</h2>',
    numbers.length > 0 ? `<ul class="mt-3 space-y-1 text-sm">${numbers.join('')}</ul>` : '',
    social.length > 0
      ? `<ul class="mt-4 flex gap-3" aria-label="Síguenos">${social
          .map(
            ({ name, url, icon }) =>
              `<li><a href="${escapeHtml(url)}" target="_blank" rel="noreferrer noopener" class="${SOCIAL_LINK}" aria-label="${name} de Sala Común">${icon}</a></li>`,
          )
          .join('')}</ul>`
      : '',
  ].join('');
}

/** Where a prerendered page holds the column: the footer's empty `<div data-site-contact>` the build leaves. */
export const CONTACT_COLUMN_SLOT = /(<div [^>]*data-site-contact=""[^>]*>)(<\/div>)/;

/** A prerendered page with the business's contact written into its footer's column (CONTACT_COLUMN_SLOT). */
export const withContactColumn = (html: string, contact: BusinessContact) =>
  html.replace(
    CONTACT_COLUMN_SLOT,
    (_, open: string, close: string) => open + contactColumnHtml(contact) + close,
  );

/** Every field set: what the build gives the critical stylesheet, so the rules of a filled column are inlined. */
export const EVERY_CONTACT_FIELD: BusinessContact = {
  phone: '5500000000',
  whatsapp: '5500000000',
  instagramUrl: 'https://www.instagram.com/',
  facebookUrl: 'https://www.facebook.com/',
};

const CONTACT_LINK = 'inline-flex items-center gap-2 py-1 hover:text-white hover:underline';
const SOCIAL_LINK = 'grid size-10 place-items-center rounded-full bg-white/10 transition hover:bg-white/20';

const INSTAGRAM_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" class="size-5" fill="none" stroke="currentColor" stroke-width="2"><rect x="3" y="3" width="18" height="18" rx="5"></rect><circle cx="12" cy="12" r="4"></circle><circle cx="17.5" cy="6.5" r="1" fill="currentColor"></circle></svg>';
const FACEBOOK_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" class="size-5" fill="currentColor"><path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v7h4v-7h3l.5-4h-3.5V8.9c0-.6.3-.9 1-.9Z"></path></svg>';
/** Lucide's phone and message-circle (ISC). */
const PHONE_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" class="size-4 shrink-0" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384"></path></svg>';
const CHAT_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" class="size-4 shrink-0" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719"></path></svg>';
