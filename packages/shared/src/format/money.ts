const pesoFormatter = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** Money is stored in centavos and shown as whole Mexican pesos. */
export function formatMoney(cents: number): string {
  return pesoFormatter.format(cents / 100);
}

/** Prices are typed in pesos (up to 2 decimals) and stored in centavos. */
export function pesosToCents(pesos: number): number {
  return Math.round(pesos * 100);
}

export function centsToPesos(cents: number): number {
  return cents / 100;
}
