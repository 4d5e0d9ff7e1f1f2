/**
 * The versions of the privacy notice and of the terms, oldest first. A version that adds purposes (or changes the
 * rules a client agreed to) `asksAgain`: whoever accepted an older one is asked again at their next login
 * (docs/business-rules.md D§11). Publishing a new version is adding an entry here.
 */
export type LegalVersion = { version: string; date: string; asksAgain: boolean; summary: string };

export const PRIVACY_NOTICE_VERSIONS: readonly LegalVersion[] = [
  {
    version: '2026-11-24',
    date: '2026-11-24',
    asksAgain: true,
    summary:
      'Primer aviso de privacidad integral: datos, finalidades necesarias y voluntarias, derechos ARCO.',
  },
  {
    version: '2026-11-28',
    date: '2026-11-28',
    // A voluntary purpose that is off for everyone: it asks its own consent, in Mi perfil, when a client turns it
    // on (recorded with this version), so nobody is asked again at login (docs/decisions/031).
    asksAgain: false,
    summary:
      'Finalidad voluntaria nueva: avisos y recordatorios por WhatsApp, solo para quien los active. Datos fiscales y facturas (CFDI) para quien pide factura.',
  },
];

export const TERMS_VERSIONS: readonly LegalVersion[] = [
  {
    version: '2026-11-24',
    date: '2026-11-24',
    asksAgain: true,
    summary: 'Primeros términos y condiciones: créditos, cancelaciones, pagos y órdenes canceladas.',
  },
  {
    version: '2026-11-25',
    date: '2026-11-25',
    // New services, no new use of anyone's data: nobody is asked again.
    asksAgain: false,
    summary: 'Cambios de sesión, reservas fijas y lista de espera.',
  },
  {
    version: '2026-11-27',
    date: '2026-11-27',
    // The payment methods checkout already offered, named; no new use of anyone's data.
    asksAgain: false,
    summary: 'Pagos: cada forma de pago en línea que ofrece la tienda (tarjeta, OXXO, SPEI).',
  },
  {
    version: '2026-11-29',
    date: '2026-11-29',
    // Credits of a package with a validity now expire: a change to what a client buys, so everyone is asked again.
    asksAgain: true,
    summary:
      'Vigencia de los paquetes: los créditos de un paquete con vigencia vencen; avisos antes de que venzan.',
  },
];

export const currentVersion = (versions: readonly LegalVersion[]): LegalVersion => versions.at(-1)!;

/**
 * Whether a person who accepted `accepted` (null: never) must accept again: when some later version asks again.
 * An accepted version the list no longer knows is treated as never accepted.
 */
export function consentNeeded(versions: readonly LegalVersion[], accepted: string | null): boolean {
  const at = accepted === null ? -1 : versions.findIndex((v) => v.version === accepted);
  return versions.slice(at + 1).some((v) => v.asksAgain) || at === -1;
}
