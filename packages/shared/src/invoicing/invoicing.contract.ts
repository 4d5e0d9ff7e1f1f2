import { emailField } from '../auth/auth.fields';
import { plainText, requiredText } from '../common/fields';
import { z } from '../common/zod';
import { DATE_RANGES, dateRangeMessages } from '../time/date-range';
import { dateField } from '../time/time-fields';
import { invoicingMessages as m } from './invoicing.messages';
import { checkRfc } from './rfc';
import { isRegimenAllowed, isUsoAllowed, regimenOf } from './sat-catalogs';

/** "SA DE CV", "S.A. de C.V.", "S. DE R.L.", "SC", "AC", "SAPI DE CV", "SAS" at the end of a name. */
const REGIME_SUFFIX =
  /[\s,]+(?:S\.?\s?A\.?(?:\s?P\.?\s?I\.?)?(?:\s+DE\s+C\.?\s?V\.?)?|S\.?\s?A\.?\s?S\.?|S\.?\s?(?:DE\s+)?R\.?\s?L\.?(?:\s+DE\s+C\.?\s?V\.?)?|S\.?\s?C\.?|A\.?\s?C\.?)$/;

/** A name as the Constancia writes it: upper case, one space between words. */
const legalNameField = requiredText(m.legalNameRequired, 254)
  .transform((value) => value.toUpperCase().replace(/\s+/g, ' '))
  .pipe(z.string().regex(/^[\p{L}\p{N} .,&'-]+$/u, m.legalNameCharacters));

const zipField = z
  .string({ error: m.zipInvalid })
  .trim()
  .regex(/^\d{5}$/, m.zipInvalid);

const rfcField = requiredText(m.rfcRequired, 20).superRefine((value, ctx) => {
  const check = checkRfc(value);
  if (!check.ok)
    ctx.addIssue({ code: 'custom', message: check.reason === 'generic' ? m.rfcGeneric : m.rfcFormat });
});

/** PUT /api/me/fiscal-profile and /api/users/:id/fiscal-profile: a client's data for their invoices. */
export const ZSaveFiscalProfileRequest = z
  .object({
    rfc: rfcField,
    legalName: legalNameField,
    taxSystem: requiredText(m.taxSystemRequired, 3),
    zip: zipField,
    cfdiUse: requiredText(m.cfdiUseRequired, 4),
    email: emailField(m.emailRequired, m.emailInvalid),
  })
  .superRefine((profile, ctx) => {
    const check = checkRfc(profile.rfc);
    if (!check.ok) return;
    if (!regimenOf(profile.taxSystem)) {
      ctx.addIssue({ code: 'custom', path: ['taxSystem'], message: m.taxSystemUnknown });
      return;
    }
    if (!isRegimenAllowed(profile.taxSystem, check.person))
      ctx.addIssue({
        code: 'custom',
        path: ['taxSystem'],
        message: check.person === 'fisica' ? m.taxSystemPersonFisica : m.taxSystemPersonMoral,
      });
    else if (!isUsoAllowed(profile.cfdiUse, profile.taxSystem, check.person))
      ctx.addIssue({ code: 'custom', path: ['cfdiUse'], message: m.cfdiUseNotForRegime });
    if (check.person === 'moral' && REGIME_SUFFIX.test(profile.legalName))
      ctx.addIssue({ code: 'custom', path: ['legalName'], message: m.legalNameRegime });
  })
  .transform((profile) => {
    const check = checkRfc(profile.rfc);
    return { ...profile, rfc: check.ok ? check.rfc : profile.rfc };
  });
export type TSaveFiscalProfileRequest = z.input<typeof ZSaveFiscalProfileRequest>;
export type TFiscalProfileInput = z.output<typeof ZSaveFiscalProfileRequest>;

export const ZFiscalProfile = z.object({
  rfc: z.string(),
  legalName: z.string(),
  taxSystem: z.string(),
  zip: z.string(),
  cfdiUse: z.string(),
  email: z.string(),
});
export type TFiscalProfile = z.infer<typeof ZFiscalProfile>;

/** How invoicing runs here: off (no PAC key), the PAC's test mode (nothing stamped at the SAT), or live. */
export const ZInvoicingMode = z.enum(['off', 'test', 'live']);
export type TInvoicingMode = z.infer<typeof ZInvoicingMode>;

/** GET /api/me/fiscal-profile: the saved profile (null until saved), its warnings, and whether invoicing runs. */
export const ZFiscalProfileResponse = z.object({
  profile: ZFiscalProfile.nullable(),
  /** A wrong check digit: said, never refused (the PAC has the last word). */
  warnings: z.array(z.string()),
  mode: ZInvoicingMode,
});
export type TFiscalProfileResponse = z.infer<typeof ZFiscalProfileResponse>;

export const ZInvoiceStatus = z.enum(['queued', 'valid', 'failed', 'cancelled']);
export type TInvoiceStatus = z.infer<typeof ZInvoiceStatus>;

export const ZCancelState = z.enum(['queued', 'pending', 'verifying', 'accepted', 'rejected', 'expired']);
export type TCancelState = z.infer<typeof ZCancelState>;
export const ZCancelMotive = z.enum(['01', '02', '03', '04']);
export type TCancelMotive = z.infer<typeof ZCancelMotive>;

/** An invoice as its client and the staff see it: its state, its SAT folio (UUID), and the PAC's refusal. */
export const ZInvoiceSummary = z.object({
  id: z.uuid(),
  kind: z.enum(['order', 'global', 'credit_note']),
  status: ZInvoiceStatus,
  series: z.string(),
  folioNumber: z.int(),
  uuid: z.string().nullable(),
  totalCents: z.int(),
  /** Who it is made out to, as it was sent (the general public for a global invoice). */
  customer: ZFiscalProfile.extend({ email: z.string().nullable() }),
  stampedAt: z.iso.datetime().nullable(),
  isTest: z.boolean(),
  /** The PAC's reason in Spanish when it refused, and the fiscal profile's field to fix. */
  error: z.object({ message: z.string(), field: z.string().nullable() }).nullable(),
  /** Its cancellation at the SAT, once asked: the motive and the state the PAC last reported. */
  cancellation: z.object({ state: ZCancelState, motive: ZCancelMotive }).nullable(),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

/** An order's invoice, as Mis pedidos and the ticket show it: none yet, and until when it may be asked. */
export const ZOrderInvoiceResponse = z.object({
  invoice: ZInvoiceSummary.nullable(),
  /** The last day (YYYY-MM-DD) the client may still ask; null when this sale cannot be invoiced by them. */
  askUntil: z.string().nullable(),
  mode: ZInvoicingMode,
});
export type TOrderInvoiceResponse = z.infer<typeof ZOrderInvoiceResponse>;

/** POST /api/orders/:id/invoice (staff, a point-of-sale sale): the client's saved profile, or one typed now. */
export const ZStaffInvoiceRequest = z.object({ profile: ZSaveFiscalProfileRequest });

const productKeyField = z
  .string({ error: m.productKeyInvalid })
  .trim()
  .regex(/^\d{8}$/, m.productKeyInvalid);
const unitKeyField = z
  .string({ error: m.unitKeyInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,3}$/, m.unitKeyInvalid);

export const ZGlobalPeriodicity = z.enum(['day', 'week', 'fortnight', 'month', 'two_months'], {
  error: m.periodicityInvalid,
});
export type TGlobalPeriodicity = z.infer<typeof ZGlobalPeriodicity>;

/** PUT /api/invoicing/settings (super admin): the business as the issuer, its folios and its defaults. */
export const ZSaveInvoicingSettingsRequest = z
  .object({
    rfc: requiredText(m.issuerRfc, 20).superRefine((value, ctx) => {
      const check = checkRfc(value);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: m.issuerRfc });
    }),
    legalName: legalNameField,
    taxSystem: requiredText(m.taxSystemRequired, 3).refine((value) => regimenOf(value), m.taxSystemUnknown),
    zip: zipField,
    series: plainText(m.seriesInvalid, 10)
      .trim()
      .regex(/^[A-Za-z]{1,10}$/, m.seriesInvalid),
    /**
     * Sent only when the business sets it. Left out, the series goes on where it is: the form loaded a folio that an
     * invoice issued since may have taken, and saving an RFC must not hand that folio out again nor be refused for it.
     */
    nextFolio: z
      .int({ error: m.folioInvalid })
      .min(1, m.folioInvalid)
      .max(2_000_000_000, m.folioInvalid)
      .optional(),
    defaultProductKey: productKeyField,
    defaultUnitKey: unitKeyField,
    globalPeriodicity: ZGlobalPeriodicity,
    requestWindowDays: z
      .int({ error: m.windowInvalid })
      .min(1, m.windowInvalid)
      .max(365, m.windowInvalid)
      .nullable(),
    productKeys: z
      .array(z.object({ productId: z.uuid(), productKey: productKeyField, unitKey: unitKeyField }))
      .max(500),
  })
  .superRefine((settings, ctx) => {
    if (settings.globalPeriodicity === 'two_months' && settings.taxSystem !== '621')
      ctx.addIssue({ code: 'custom', path: ['globalPeriodicity'], message: m.bimonthlyOnly621 });
  })
  .transform((settings) => {
    const check = checkRfc(settings.rfc);
    return { ...settings, rfc: check.ok ? check.rfc : settings.rfc, series: settings.series.toUpperCase() };
  });
export type TSaveInvoicingSettingsRequest = z.input<typeof ZSaveInvoicingSettingsRequest>;
export type TInvoicingSettingsInput = z.output<typeof ZSaveInvoicingSettingsRequest>;

export const ZInvoicingSettingsResponse = z.object({
  settings: z
    .object({
      rfc: z.string(),
      legalName: z.string(),
      taxSystem: z.string(),
      zip: z.string(),
      series: z.string(),
      nextFolio: z.int(),
      defaultProductKey: z.string(),
      defaultUnitKey: z.string(),
      globalPeriodicity: ZGlobalPeriodicity,
      requestWindowDays: z.int().nullable(),
    })
    .nullable(),
  /** Every product, with its own SAT keys when it has them (null: the defaults). */
  products: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      productKey: z.string().nullable(),
      unitKey: z.string().nullable(),
    }),
  ),
  mode: ZInvoicingMode,
});
export type TInvoicingSettingsResponse = z.infer<typeof ZInvoicingSettingsResponse>;

/** A global invoice to the general public, as the super admin sees it (Administración → Facturación). */
export const ZGlobalInvoice = ZInvoiceSummary.extend({
  period: z.object({
    start: z.string(),
    end: z.string(),
    periodicity: ZGlobalPeriodicity,
    label: z.string(),
  }),
  sales: z.int(),
});
export type TGlobalInvoice = z.infer<typeof ZGlobalInvoice>;
export const ZGlobalInvoicesResponse = z.object({
  globals: z.array(ZGlobalInvoice),
  /** The latest closed period with no global invoice standing, which the super admin may issue by hand. */
  missing: z.object({ start: z.string(), end: z.string(), label: z.string(), sales: z.int() }).nullable(),
  mode: ZInvoicingMode,
});
export type TGlobalInvoicesResponse = z.infer<typeof ZGlobalInvoicesResponse>;

/** The sales of a global invoice (one concept each). */
export const ZGlobalSalesResponse = z.object({
  sales: z.array(z.object({ id: z.uuid(), folio: z.int(), totalCents: z.int(), paidAt: z.iso.datetime() })),
});

/** POST /api/invoicing/globals (super admin): a closed period's global invoice, by hand. */
export const ZIssueGlobalRequest = z.object({
  /** Any day of the period (its first, as the screen sends it). */
  periodStart: dateField({ range: DATE_RANGES.reports, outOfRange: dateRangeMessages.reports }),
});

/**
 * POST /api/invoices/:id/cancel (super admin): cancel a client's invoice for an error — 02 with no substitute (the
 * sale goes back to the period's global invoice), or 01 re-issued first with the corrected data.
 */
export const ZCancelInvoiceRequest = z.discriminatedUnion('motive', [
  z.object({ motive: z.literal('02') }),
  z.object({ motive: z.literal('01'), profile: ZSaveFiscalProfileRequest }),
]);
export type TCancelInvoiceRequest = z.input<typeof ZCancelInvoiceRequest>;
export type TCancelInvoiceInput = z.output<typeof ZCancelInvoiceRequest>;
