import { Rfc } from '@nodecfdi/rfc';
import type { TaxPerson } from './sat-catalogs';

/** The RFC of the general public and of a foreigner: never a client's own (the global invoice covers them). */
export const RFC_PUBLICO_EN_GENERAL = 'XAXX010101000';
export const RFC_EXTRANJERO = 'XEXX010101000';

/** As people type it: upper case, without spaces or hyphens ("cosc-800113-7na" → "COSC8001137NA"). */
export const normalizeRfc = (value: string) => value.toUpperCase().replace(/[\s-]+/g, '');

export type RfcCheck =
  | { ok: false; reason: 'format' | 'generic' }
  | { ok: true; rfc: string; person: TaxPerson; checkDigitMatches: boolean };

/**
 * An RFC's shape (letters, a real date, the homoclave) as @nodecfdi/rfc reads it, and whether its check digit
 * matches. A wrong check digit is a warning, never a refusal (issue 42): a few RFCs the SAT issued fail it, and
 * the PAC has the last word.
 */
export function checkRfc(value: string): RfcCheck {
  const rfc = normalizeRfc(value);
  if (rfc === RFC_PUBLICO_EN_GENERAL || rfc === RFC_EXTRANJERO) return { ok: false, reason: 'generic' };
  const parsed = Rfc.parseOrNull(rfc);
  if (!parsed) return { ok: false, reason: 'format' };
  return {
    ok: true,
    rfc: parsed.getRfc(),
    person: parsed.isMoral() ? 'moral' : 'fisica',
    checkDigitMatches: parsed.doesCheckSumMatch(),
  };
}
