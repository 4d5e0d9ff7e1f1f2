import { storeMessages as m } from '@sala/shared/store/store.messages';
import { ApiError } from '../../lib/api-client';

/** What a failed payment tells the client, beside the card form. */
export type PaymentProblem = {
  message: string;
  /** The card's own reason ('El banco rechazó la tarjeta.'), when the gateway gave one. */
  reason?: string;
  /** The checkout itself can no longer be paid (gone, failed, changed): the next try needs a new one. */
  restart?: boolean;
  /** Messages the API gave for fields of the card form. */
  fields?: Record<string, string>;
  /** Lines of the cart the API refused to sell (409, `items.<index>`): starting an OXXO or SPEI payment. */
  lines?: Record<string, string>;
};

/** A refusal found in the browser (Stripe said no before the API was asked), carried to the step as is. */
export class PaymentDeclined extends Error {
  override name = 'PaymentDeclined';
  constructor(readonly problem: PaymentProblem) {
    super(problem.message);
  }
}

/** Refusals that mean this checkout cannot be paid any more: a new one (same cart) can. */
const checkoutGone = new Set<string>([
  m.checkoutNotFound,
  m.checkoutChanged,
  m.checkoutFailed,
  m.checkoutMethodChanged,
]);

/**
 * A refused card (409, `fields.card`) shows the spec's message and the reason; a checkout the API cannot pay any
 * more (gone, failed, changed) shows the API's words and offers a new one; the network or the server failing shows
 * 'intentalo de nuevo mas tarde'; anything else the spec's 'Algo salio mal'.
 */
export function paymentProblem(error: unknown): PaymentProblem {
  if (error instanceof PaymentDeclined) return error.problem;
  if (!(error instanceof ApiError)) return { message: m.somethingWrong };
  if (error.status === 0 || error.status >= 500) return { message: m.tryLater };
  const { card, ...fields } = error.fields ?? {};
  if (card) return { message: error.message || m.paymentFailed, reason: card };
  if (error.status === 404 || checkoutGone.has(error.message))
    return { message: error.message, restart: true };
  // The API's own words: a payment still processing ('mas tarde'), a card field it refused, the session ended.
  if (error.status === 400) return { message: error.message, fields };
  if (error.status === 409) {
    const lines = Object.fromEntries(Object.entries(fields).filter(([field]) => /^items\.\d+$/.test(field)));
    return Object.keys(lines).length > 0 ? { message: error.message, lines } : { message: error.message };
  }
  if (error.status === 401 || error.status === 403) return { message: error.message };
  return { message: m.somethingWrong };
}
