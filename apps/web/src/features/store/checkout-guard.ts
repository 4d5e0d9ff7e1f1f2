/**
 * Where /pago sends people instead of showing the checkout (docs/business-rules.md §2): a saved purchase summary wins
 * (the purchase is done); without a user or with an empty cart there is nothing to pay.
 */
export function checkoutRedirect(state: { loggedIn: boolean; cartItemCount: number; hasSummary: boolean }) {
  if (state.hasSummary) return '/resumen';
  if (!state.loggedIn || state.cartItemCount === 0) return '/comprar';
  return null;
}
