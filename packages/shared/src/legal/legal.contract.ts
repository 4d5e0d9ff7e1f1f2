import { emailField } from '../auth/auth.fields';
import { freeTextField, labelField } from '../common/fields';
import { z } from '../common/zod';
import { legalMessages as m } from './legal.messages';

export const RETENTION_YEARS = { min: 1, max: 20, default: 5 } as const;

/** The business's legal facts: the privacy notice and the terms render from them. */
export const ZLegalFacts = z.object({
  /** Razón social. */
  legalName: z.string(),
  /** Domicilio. */
  address: z.string(),
  /** Where ARCO requests and privacy questions go. */
  privacyEmail: z.string(),
  /** Years a closed account's data are kept before they are suppressed. */
  retentionYears: z.int(),
});
export type TLegalFacts = z.infer<typeof ZLegalFacts>;

/** GET /api/legal (public): the facts (null until set), and the documents' current versions. */
export const ZLegalResponse = z.object({
  facts: ZLegalFacts.nullable(),
  /** The demo's example values are still what the documents show. */
  isExample: z.boolean(),
  privacyVersion: z.string(),
  termsVersion: z.string(),
});
export type TLegalResponse = z.infer<typeof ZLegalResponse>;

/** PUT /api/legal (super admin). */
export const ZSaveLegalFactsRequest = z.object({
  legalName: labelField(m.allFieldsRequired, 160),
  address: freeTextField(m.allFieldsRequired, 300),
  privacyEmail: emailField(m.allFieldsRequired, m.invalidEmail),
  retentionYears: z
    .int({ error: m.retentionInvalid })
    .min(RETENTION_YEARS.min, m.retentionInvalid)
    .max(RETENTION_YEARS.max, m.retentionInvalid),
});
export type TSaveLegalFactsRequest = z.input<typeof ZSaveLegalFactsRequest>;

/** The demo's obvious example values (issue 27): /admin says so while they are what the documents show. */
export const EXAMPLE_LEGAL_FACTS: TLegalFacts = {
  legalName: 'Sala Común Ejemplo, S.A. de C.V.',
  address: 'Calle Ejemplo 123, Col. Centro, Cuauhtémoc, 06000 Ciudad de México, CDMX',
  privacyEmail: 'privacidad@example.com',
  retentionYears: RETENTION_YEARS.default,
};

export const isExampleFacts = (facts: TLegalFacts) =>
  facts.legalName === EXAMPLE_LEGAL_FACTS.legalName ||
  facts.address === EXAMPLE_LEGAL_FACTS.address ||
  facts.privacyEmail === EXAMPLE_LEGAL_FACTS.privacyEmail;

/** POST /api/me/consents — the signed-in person accepts the current notice and terms. */
export const ZAcceptConsentsRequest = z.object({
  privacyVersion: z.string({ error: m.consentNeeded }).max(40),
  termsVersion: z.string({ error: m.consentNeeded }).max(40),
});
export type TAcceptConsentsRequest = z.input<typeof ZAcceptConsentsRequest>;
