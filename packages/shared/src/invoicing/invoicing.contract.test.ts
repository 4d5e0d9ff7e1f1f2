import { describe, expect, it } from 'vitest';
import { ZSaveFiscalProfileRequest, ZSaveInvoicingSettingsRequest } from './invoicing.contract';
import { invoicingMessages as m } from './invoicing.messages';

const profile = {
  rfc: 'cosc8001137na',
  legalName: 'Cosme  Fulanito',
  taxSystem: '612',
  zip: '06700',
  cfdiUse: 'G03',
  email: 'cosme@example.mx',
};

const messagesOf = (input: object) => {
  const result = ZSaveFiscalProfileRequest.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('a client fiscal profile', () => {
  it('is stored as the Constancia writes it', () => {
    expect(ZSaveFiscalProfileRequest.parse(profile)).toEqual({
      ...profile,
      rfc: 'COSC8001137NA',
      legalName: 'COSME FULANITO',
    });
  });

  it('says what to fix', () => {
    expect(messagesOf({ ...profile, rfc: 'COSC801' })).toEqual([m.rfcFormat]);
    expect(messagesOf({ ...profile, rfc: 'XAXX010101000' })).toEqual([m.rfcGeneric]);
    expect(messagesOf({ ...profile, zip: '0670' })).toEqual([m.zipInvalid]);
    expect(messagesOf({ ...profile, taxSystem: '601' })).toEqual([m.taxSystemPersonFisica]);
    expect(messagesOf({ ...profile, cfdiUse: 'CP01' })).toEqual([m.cfdiUseNotForRegime]);
    expect(messagesOf({ ...profile, taxSystem: '605', cfdiUse: 'G03' })).toEqual([m.cfdiUseNotForRegime]);
    expect(messagesOf({ ...profile, taxSystem: '999' })).toEqual([m.taxSystemUnknown]);
  });

  it('a company: its régimen, and its name without the régimen societario', () => {
    const company = { ...profile, rfc: 'EKU9003173C9', legalName: 'Escuela Kemper Urgate', taxSystem: '601' };
    expect(messagesOf(company)).toEqual([]);
    expect(messagesOf({ ...company, legalName: 'Escuela Kemper Urgate, S.A. de C.V.' })).toEqual([
      m.legalNameRegime,
    ]);
    expect(messagesOf({ ...company, legalName: 'ESCUELA KEMPER URGATE SA DE CV' })).toEqual([
      m.legalNameRegime,
    ]);
    expect(messagesOf({ ...company, taxSystem: '612' })).toEqual([m.taxSystemPersonMoral]);
    // A wrong check digit is not refused here: the API answers it as a warning.
    expect(messagesOf({ ...company, rfc: 'EKU9003173C8' })).toEqual([]);
  });
});

describe('the issuer settings', () => {
  const settings = {
    rfc: 'EKU9003173C9',
    legalName: 'ESCUELA KEMPER URGATE',
    taxSystem: '601',
    zip: '06700',
    series: 'f',
    nextFolio: 1,
    defaultProductKey: '80131502',
    defaultUnitKey: 'e48',
    globalPeriodicity: 'month',
    requestWindowDays: null,
    productKeys: [],
  };

  it('normalises the series and the unit', () => {
    expect(ZSaveInvoicingSettingsRequest.parse(settings)).toMatchObject({
      series: 'F',
      defaultUnitKey: 'E48',
    });
  });

  it('bimonthly only for régimen 621', () => {
    const result = ZSaveInvoicingSettingsRequest.safeParse({ ...settings, globalPeriodicity: 'two_months' });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([m.bimonthlyOnly621]);
    expect(
      ZSaveInvoicingSettingsRequest.safeParse({
        ...settings,
        rfc: 'COSC8001137NA',
        legalName: 'COSME FULANITO',
        taxSystem: '621',
        globalPeriodicity: 'two_months',
      }).success,
    ).toBe(true);
  });

  it('checks the SAT keys', () => {
    const bad = ZSaveInvoicingSettingsRequest.safeParse({
      ...settings,
      defaultProductKey: '8013',
      defaultUnitKey: 'HORA',
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual([
      m.productKeyInvalid,
      m.unitKeyInvalid,
    ]);
  });
});
