// The legal facts' constants, without zod: the documents' view (legal-view.ts) and the public pages read them.
import type { TLegalFacts } from './legal.contract';
import { RETENTION_YEARS } from './retention';

/** The demo's obvious example values (issue 27): /admin says so while they are what the documents show. */
export const EXAMPLE_LEGAL_FACTS: TLegalFacts = {
  legalName: 'Sala Común Ejemplo, S.A. de C.V.',
  address: 'Calle Ejemplo 123, Col. Centro, Cuauhtémoc, 06000 Ciudad de México, CDMX',
  privacyEmail: 'privacidad@example.com',
  retentionYears: RETENTION_YEARS.default,
};

/** Any of the three is still the demo's: the business has not published its own facts (issue 39). */
export const isExampleFacts = (facts: TLegalFacts) =>
  facts.legalName === EXAMPLE_LEGAL_FACTS.legalName ||
  facts.address === EXAMPLE_LEGAL_FACTS.address ||
  facts.privacyEmail === EXAMPLE_LEGAL_FACTS.privacyEmail;
