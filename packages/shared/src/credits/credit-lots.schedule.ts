import { addDays } from '../time/business-time';

/**
 * When credits expire and when their holders hear of it (issue 44, design §15): the dates of a lot and its warnings.
 * Apart from credit-lots.rules.ts (the spending and the words), which the public pages load without the date
 * library this module brings.
 */

/** The clients hear of a lot this many days before its last day, once each (e-mail, and WhatsApp if consented). */
export const EXPIRY_WARNING_DAYS = [7, 1] as const;
export type ExpiryWarningDays = (typeof EXPIRY_WARNING_DAYS)[number];

/** Warnings go from this hour of Mexico City's day (never at midnight, when the expiry job runs). */
export const EXPIRY_WARNING_HOUR = '09:00';

/**
 * The last day credits bought on `confirmedOn` (the day the payment was confirmed, Mexico City) can be used: that day
 * plus the validity. 'Vigencia: 30 días' bought on 1 December can be used through 31 December. Null: no expiry.
 */
export function lotExpiresOn(confirmedOn: string, validityDays: number | null | undefined): string | null {
  return validityDays ? addDays(confirmedOn, validityDays) : null;
}

/**
 * Which warning a lot is due on `today`, if any: the 7-day one from 7 days before its last day, the 1-day one from
 * the day before; each only if the lot existed before its window opened (credits bought 3 days before their last
 * day get the 1-day warning only), and never the 7-day one once the 1-day one is due.
 */
export function warningDue(
  lot: { expiresOn: string; createdOn: string },
  today: string,
): ExpiryWarningDays | null {
  if (today > lot.expiresOn) return null;
  for (const days of [...EXPIRY_WARNING_DAYS].sort((a, b) => a - b)) {
    const opens = addDays(lot.expiresOn, -days);
    if (today >= opens) return lot.createdOn < opens ? days : null;
  }
  return null;
}

/**
 * The terms' sentences on expiry (/terminos), written from the same settings the code applies: the warnings' days,
 * the spending order, refunds into an expired lot.
 */
export function creditExpiryTerms(): string[] {
  const [first, last] = [Math.max(...EXPIRY_WARNING_DAYS), Math.min(...EXPIRY_WARNING_DAYS)];
  const dayWord = (days: number) => (days === 1 ? '1 día' : `${days} días`);
  return [
    'Un paquete puede tener vigencia (por ejemplo, «Vigencia: 60 días»): sus créditos se pueden usar hasta el final del día que resulta de sumar esos días a la fecha en que se confirmó el pago, hora del centro de México. Al terminar ese día, los créditos que queden vencen y ya no se pueden usar ni se devuelven. Los créditos de un paquete sin vigencia no vencen.',
    'Al reservar usamos primero los créditos que vencen antes. En Mi perfil ves cuántos créditos vencen y cuándo, y te avisamos por correo (y por WhatsApp, si lo activaste) ' +
      `${dayWord(first)} y ${dayWord(last)} antes de que venzan.`,
    'Si cancelas una sesión, sus créditos vuelven al paquete del que salieron; si ese paquete ya venció, vuelven vencidos. Te lo decimos antes de que confirmes la cancelación.',
  ];
}
