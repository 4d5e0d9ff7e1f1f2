import type { TLegalFacts } from './legal.contract';
import { legalMessages } from './legal.messages';
import { isExampleFacts } from './legal-facts';
import { RETENTION_YEARS } from './retention';

/** The ways the store takes payment online (PAYMENT_METHODS), as the terms name them. */
export type OnlinePayments = { methods: readonly ('card' | 'oxxo' | 'spei')[]; oxxoExpiresDays: number };

/** The legal facts as the documents print them: all text (the retention in words: 'cinco años'). */
export type LegalView = {
  legalName: string;
  address: string;
  privacyEmail: string;
  /** Where the privacy e-mail's link goes: mailto:, or the page's own notice while there is no e-mail to give. */
  privacyEmailHref: string;
  retention: string;
  /** The notice that the business has not published its facts yet; empty once it has (issue 39). */
  unpublished: string;
  /** The terms' "En línea: …" line: every way the store takes payment online, from its configuration. */
  onlinePayments: string;
};

/**
 * What the build writes into the prerendered notice and terms in place of each fact; the server puts the business's
 * facts in at serve time (apps/api/src/plugins/web.ts), so an edit shows without a new build.
 */
export const LEGAL_TOKENS: LegalView = {
  legalName: '__LEGAL_NAME__',
  address: '__LEGAL_ADDRESS__',
  privacyEmail: '__LEGAL_PRIVACY_EMAIL__',
  privacyEmailHref: '__LEGAL_PRIVACY_EMAIL_HREF__',
  retention: '__LEGAL_RETENTION__',
  unpublished: '__LEGAL_UNPUBLISHED__',
  onlinePayments: '__LEGAL_ONLINE_PAYMENTS__',
};

/** The id of the documents' notice that the facts are not published (the privacy e-mail's link goes there). */
export const UNPUBLISHED_NOTICE_ID = 'datos-sin-publicar';

const NUMBERS = ['', 'un', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez'];

/** 'un año', 'cinco años', '12 años'. */
export const yearsInWords = (years: number) =>
  `${NUMBERS[years] ?? String(years)} ${years === 1 ? 'año' : 'años'}`;

const dayWords = (days: number) => (days === 1 ? 'un día' : `${NUMBERS[days] ?? String(days)} días`);

const PAYMENT_WORDS = {
  card: 'con tarjeta de crédito o débito',
  oxxo: 'en efectivo en cualquier tienda OXXO, con la ficha que te damos',
  spei: 'por transferencia SPEI desde tu banco',
} as const;

/**
 * The terms' line on paying online, from what the store offers (PAYMENT_METHODS): 'En línea: con tarjeta de crédito
 * o débito, en efectivo en cualquier tienda OXXO, con la ficha que te damos, o por transferencia SPEI …'. OXXO and SPEI
 * add when the credits arrive and how long the client has to pay.
 */
export function onlinePaymentsLine({ methods, oxxoExpiresDays }: OnlinePayments): string {
  const ways = methods.map((method) => PAYMENT_WORDS[method]);
  const listed = ways.length > 1 ? `${ways.slice(0, -1).join('; ')}; o ${ways.at(-1)}` : (ways[0] ?? '');
  let line = `En línea: ${listed}, por medio de nuestro procesador de pagos.`;
  if (methods.includes('oxxo') || methods.includes('spei')) {
    line +=
      ` Si pagas en OXXO o por SPEI, tus créditos se agregan cuando se confirma el pago; tienes ${dayWords(oxxoExpiresDays)}` +
      ' para pagar y, si no pagas en ese plazo, la orden vence sin ningún cargo.';
  }
  return line;
}

/**
 * The facts as the documents print them. Facts the business has not published (none, or the demo's examples) are
 * never shown as if they were its own: each reads '(aún no publicado)' and the page says so plainly (issue 39).
 */
export function legalView(facts: TLegalFacts | null, payments: OnlinePayments): LegalView {
  const published = facts !== null && !isExampleFacts(facts);
  const pending = legalMessages.pending;
  return {
    legalName: published ? facts.legalName : pending,
    address: published ? facts.address : pending,
    privacyEmail: published ? facts.privacyEmail : pending,
    privacyEmailHref: published ? `mailto:${facts.privacyEmail}` : `#${UNPUBLISHED_NOTICE_ID}`,
    retention: yearsInWords(facts?.retentionYears ?? RETENTION_YEARS.default),
    unpublished: published ? '' : legalMessages.unpublished,
    onlinePayments: onlinePaymentsLine(payments),
  };
}

/** The prerendered page with the business's facts in it: `escapeText` makes each one safe for HTML. */
export function fillLegalTokens(html: string, view: LegalView, escapeText: (text: string) => string): string {
  let filled = html;
  for (const key of Object.keys(LEGAL_TOKENS) as (keyof LegalView)[]) {
    filled = filled.replaceAll(LEGAL_TOKENS[key], escapeText(view[key]));
  }
  return filled;
}
