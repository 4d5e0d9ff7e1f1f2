/** The most of one product a cart (and a checkout) holds. */
export const MAX_CART_QUANTITY = 99;

/** The most different products one checkout takes. */
export const MAX_CHECKOUT_LINES = 20;

/**
 * Credits a sold line grants: (credits + extra) × quantity — online (docs/business-rules.md §9) and at the point of sale too
 * (docs/business-rules.md D§4 fixes the old app's "not multiplied").
 */
export const lineCredits = (line: { credits: number; extra: number; quantity: number }) =>
  (line.credits + line.extra) * line.quantity;

/** The amount (centavos) and credits of a set of lines priced from the database. */
export function totalsOf(
  lines: { unitPriceCents: number; credits: number; extra: number; quantity: number }[],
) {
  return lines.reduce(
    (totals, line) => ({
      amountCents: totals.amountCents + line.unitPriceCents * line.quantity,
      totalCredits: totals.totalCredits + lineCredits(line),
    }),
    { amountCents: 0, totalCredits: 0 },
  );
}

/** OXXO takes at most $10,000 MXN per voucher (Stripe's limit for OXXO): a larger cart pays by card or SPEI. */
export const OXXO_MAX_CENTS = 1_000_000;
