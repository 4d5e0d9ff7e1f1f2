/**
 * Money is stored in centavos and shown as whole Mexican pesos, as `Intl.NumberFormat('es-MX', { style: 'currency',
 * currency: 'MXN', maximumFractionDigits: 0 })` shows them ('$1,250', '-$80'): halves away from zero, commas between
 * thousands. Written out rather than asked of Intl because a page's first Intl formatter makes the browser load its
 * locale data, a task of 60–100 ms on a slow phone, on every public page that shows a price (issue 25); the unit
 * test holds it to Intl's output.
 */
export function formatMoney(cents: number): string {
  const negative = cents < 0 || Object.is(cents, -0);
  const pesos = Math.floor((Math.abs(cents) + 50) / 100);
  const digits = String(pesos).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${digits}`;
}

/** Prices are typed in pesos (up to 2 decimals) and stored in centavos. */
export function pesosToCents(pesos: number): number {
  return Math.round(pesos * 100);
}

export function centsToPesos(cents: number): number {
  return cents / 100;
}
