import type { TLegalFacts } from './legal.contract';
import { legalMessages } from './legal.messages';

/** The legal facts as the documents print them: all text (the retention in words: 'cinco años'). */
export type LegalView = { legalName: string; address: string; privacyEmail: string; retention: string };

/**
 * What the build writes into the prerendered notice and terms in place of each fact; the server puts the business's
 * facts in at serve time (apps/api/src/plugins/web.ts), so an edit shows without a new build.
 */
export const LEGAL_TOKENS: LegalView = {
  legalName: '__LEGAL_NAME__',
  address: '__LEGAL_ADDRESS__',
  privacyEmail: '__LEGAL_PRIVACY_EMAIL__',
  retention: '__LEGAL_RETENTION__',
};

const NUMBERS = ['', 'un', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez'];

/** 'un año', 'cinco años', '12 años'. */
export const yearsInWords = (years: number) =>
  `${NUMBERS[years] ?? String(years)} ${years === 1 ? 'año' : 'años'}`;

/** The facts as the documents print them; a fact nobody has set yet reads '(por definir)'. */
export function legalView(facts: TLegalFacts | null): LegalView {
  const pending = legalMessages.pending;
  return {
    legalName: facts?.legalName ?? pending,
    address: facts?.address ?? pending,
    privacyEmail: facts?.privacyEmail ?? pending,
    retention: yearsInWords(facts?.retentionYears ?? 5),
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
