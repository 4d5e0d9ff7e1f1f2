/**
 * WhatsApp numbers (issue 43). A client's phone is kept as its 10 Mexican digits; the Cloud API takes the country
 * code and the number ("52" and 10 digits). WhatsApp names a Mexican mobile "521" and 10 digits in what it sends
 * back (a reply's `from`, a status's `recipient_id`), so numbers are compared by those last 10 digits.
 */
export function whatsappNumberOf(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (/^\d{10}$/.test(digits)) return `52${digits}`;
  if (/^52\d{10}$/.test(digits)) return digits;
  if (/^521\d{10}$/.test(digits)) return `52${digits.slice(3)}`;
  return null;
}

/** "+52 55 1234 5678": how a person reads it. */
export function formatWhatsAppNumber(number: string): string {
  const d = number.replace(/\D/g, '');
  if (!/^52\d{10}$/.test(d)) return `+${d}`;
  return `+52 ${d.slice(2, 4)} ${d.slice(4, 8)} ${d.slice(8)}`;
}

/** "BAJA" in any case, with or without accents, spaces or a period: the words that turn WhatsApp off. */
export function isOptOutReply(text: string): boolean {
  const word = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .replace(/[.!¡]+$/u, '')
    .toUpperCase();
  return word === 'BAJA' || word === 'DAR DE BAJA' || word === 'STOP';
}

/**
 * How far a message has gone. Status webhooks arrive in any order; a status only replaces an earlier one of
 * lower rank, so a late "delivered" never overwrites "read". A "failed" replaces "accepted" and "sent" (WhatsApp
 * gave up before the phone had it), never "delivered" or "read".
 */
export const STATUS_RANK = {
  pending: 0,
  accepted: 1,
  sent: 2,
  failed: 3,
  delivered: 4,
  read: 5,
} as const;
export type TWhatsAppStatus = keyof typeof STATUS_RANK;

export const supersedes = (next: TWhatsAppStatus, current: TWhatsAppStatus) =>
  STATUS_RANK[next] > STATUS_RANK[current];

/**
 * What an error of the Cloud API means for a message: retried later (the service failed or throttled), or failed
 * for good; and whether it says the number itself cannot be reached (the client is told in Mi perfil).
 */
export function errorOutcome(httpStatus: number, code: number | null) {
  // 131026: not on WhatsApp / cannot receive; 131021: a number of the business itself; 131030: not a test number.
  const unreachable = code === 131026 || code === 131021 || code === 131030;
  const throttled = httpStatus === 429 || code === 130429 || code === 131056 || code === 80007;
  const serviceDown = httpStatus >= 500 || code === 131000 || code === 131016 || code === 1 || code === 2;
  return { retry: !unreachable && (throttled || serviceDown), unreachable };
}
