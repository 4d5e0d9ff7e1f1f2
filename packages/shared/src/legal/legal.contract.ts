import { emailField, optionalPhoneField } from '../auth/auth.fields';
import { freeTextField, labelField, optionalText } from '../common/fields';
import { z } from '../common/zod';
import { ZPayMethod } from '../store/store.contract';
import { legalMessages as m } from './legal.messages';
import { RETENTION_YEARS } from './retention';

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

/** How clients reach the business (issue 39): each one optional (null until set). */
export const ZBusinessContact = z.object({
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  instagramUrl: z.string().nullable(),
  facebookUrl: z.string().nullable(),
});
export type TBusinessContact = z.infer<typeof ZBusinessContact>;

/** GET /api/legal (public): the facts (null until set), the contact, and the documents' current versions. */
export const ZLegalResponse = z.object({
  facts: ZLegalFacts.nullable(),
  contact: ZBusinessContact,
  /** What the terms say of paying online: the store's methods (PAYMENT_METHODS) and the days to pay (issue 39). */
  onlinePayments: z.object({ methods: z.array(ZPayMethod), oxxoExpiresDays: z.int() }),
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

/**
 * A social profile: an https address with a path (the profile, not the network's home page), as people paste it
 * from the browser.
 */
const profileUrlField = (message: string) =>
  z
    .string()
    .max(500, message)
    .refine((value) => {
      if (!/^https:\/\/[^\s]+$/i.test(value) || !URL.canParse(value)) return false;
      const url = new URL(value);
      return (
        url.protocol === 'https:' && url.hostname.includes('.') && url.pathname.replace(/\/+$/, '') !== ''
      );
    }, message);

/**
 * PUT /api/legal/contact (super admin): the phone and WhatsApp as people write them (stored as 10 digits), the two
 * social profiles; blank clears one (the footer hides it).
 */
export const ZSaveBusinessContactRequest = z.object({
  phone: optionalPhoneField(m.phoneDigits),
  whatsapp: optionalPhoneField(m.whatsappDigits),
  instagramUrl: optionalText(profileUrlField(m.instagramInvalid), 500),
  facebookUrl: optionalText(profileUrlField(m.facebookInvalid), 500),
});
export type TSaveBusinessContactRequest = z.input<typeof ZSaveBusinessContactRequest>;
/** As validated: the phones as 10 digits, blank fields null. */
export type TSaveBusinessContactValues = z.output<typeof ZSaveBusinessContactRequest>;

/** POST /api/me/consents — the signed-in person accepts the current notice and terms. */
export const ZAcceptConsentsRequest = z.object({
  privacyVersion: z.string({ error: m.consentNeeded }).max(40),
  termsVersion: z.string({ error: m.consentNeeded }).max(40),
});
export type TAcceptConsentsRequest = z.input<typeof ZAcceptConsentsRequest>;
