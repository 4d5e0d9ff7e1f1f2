/**
 * Mexico's IVA (decision 023): every price the business publishes already includes it, at the general rate of 16 %.
 * Nothing is added at the till; a ticket and a purchase summary say how much of the total is IVA.
 */
export const IVA_RATE_PERCENT = 16;

/** What a client reads beside a price: the price is final. */
export const IVA_INCLUDED = 'IVA incluido';

/** The line under a total that shows its IVA part ('IVA incluido (16 %)'; no break between the number and %). */
export const IVA_INCLUDED_LINE = `${IVA_INCLUDED} (${IVA_RATE_PERCENT}\u00a0%)`;

/**
 * The IVA part, in centavos, of a total in centavos that includes it: the total less its base, the base rounded to
 * the centavo (T − round(T / 1.16)), so base + IVA is the total exactly. Worked in whole centavos (T × 100 / 116):
 * that quotient is never exactly half a centavo, so the rounding never depends on the direction of a tie.
 */
export function includedIvaCents(totalCents: number): number {
  if (!Number.isSafeInteger(totalCents))
    throw new RangeError(`not a whole number of centavos: ${totalCents}`);
  const base = Math.round((Math.abs(totalCents) * 100) / (100 + IVA_RATE_PERCENT));
  return Math.sign(totalCents) * (Math.abs(totalCents) - base);
}
