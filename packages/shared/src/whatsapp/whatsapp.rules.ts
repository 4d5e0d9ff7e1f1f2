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
 * Errors about this recipient: 131026 cannot receive (not on WhatsApp, old app, terms not accepted), 131021 the
 * business's own number, 131030 not an allowed test number, 131047 outside the 24-hour window, 131051 a message
 * type WhatsApp does not take.
 */
const RECIPIENT_ERRORS = new Set([131026, 131021, 131030, 131047, 131051]);
/** Errors about this message's content: a parameter missing, too long or badly formatted, or their count. */
const MESSAGE_ERRORS = new Set([100, 131008, 131009, 132000, 132018]);

/**
 * What an error of the Cloud API means for a message: failed for good when it is about this recipient or this
 * message (and, for the recipient, the number is marked unreachable); otherwise tried again later. That covers
 * what the business can fix and the messages should survive: the service down (5xx, 131000, 131016), throttling
 * (429, 4, 80007, 130429, 131056), an expired token (190), a template not approved yet (132001), a payment or
 * account problem (131042, 131031). A message retried past its schedule fails all the same.
 */
export function errorOutcome(httpStatus: number, code: number | null) {
  const unreachable = code !== null && RECIPIENT_ERRORS.has(code);
  const aboutMessage = code !== null && MESSAGE_ERRORS.has(code);
  return { retry: !unreachable && !aboutMessage && (httpStatus >= 400 || code !== null), unreachable };
}
