/**
 * Money is stored in centavos and shown as it is stored (decision 023): whole pesos without decimals ('$1,250',
 * '-$80'), and an amount with centavos with both of them ('$99.50', '$0.05'), never rounded to a price that is not
 * the one charged. This is what `Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' })` shows with
 * `maximumFractionDigits: 0` for whole pesos and two fraction digits otherwise; commas between thousands. Written
 * out rather than asked of Intl because a page's first Intl formatter makes the browser load its locale data, a
 * task of 60–100 ms on a slow phone, on every public page that shows a price (issue 25); the unit test holds it to
 * Intl's output.
 */
export function formatMoney(cents: number): string {
  const negative = cents < 0 || Object.is(cents, -0);
  // A chart's axis may ask for a fraction of a centavo: the nearest centavo.
  const whole = Math.round(Math.abs(cents));
  const digits = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const centavos = whole % 100;
  return `${negative ? '-' : ''}$${digits}${centavos === 0 ? '' : `.${String(centavos).padStart(2, '0')}`}`;
}

/** Prices are typed in pesos (up to 2 decimals) and stored in centavos. */
export function pesosToCents(pesos: number): number {
  return Math.round(pesos * 100);
}

export function centsToPesos(cents: number): number {
  return cents / 100;
}
