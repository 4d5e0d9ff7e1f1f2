/**
 * Mexican phone numbers (issue 39): people write them as "55 1234 5678", "55-1234-5678" or "+52 55 1234 5678";
 * every phone field stores the 10 digits, and every screen shows them grouped as people read them.
 */

/** Room for "+52 (55) 1234-5678" and the spaces people put in it (an input's maxLength); stored: the 10 digits. */
export const PHONE_MAX_TYPED = 24;

/** Area codes of two digits (Mexico City, Guadalajara, Monterrey); the rest have three. */
const TWO_DIGIT_AREAS = ['55', '56', '33', '81'];

/**
 * The number as typed, without the separators people put in it (spaces, dashes, dots, parentheses) and without
 * Mexico's country code (+52) in front of 10 digits. Anything else is left for the 10-digit check to refuse.
 */
export function normalizePhone(typed: string): string {
  const compact = typed.replace(/[\s().-]/g, '');
  return compact.replace(/^\+52(?=\d{10}$)/, '');
}

/** '5552123456' → '55 5212 3456'; '2221234567' → '222 123 4567'. */
export function formatPhone(phone: string): string {
  if (!/^\d{10}$/.test(phone)) return phone;
  return TWO_DIGIT_AREAS.includes(phone.slice(0, 2))
    ? `${phone.slice(0, 2)} ${phone.slice(2, 6)} ${phone.slice(6)}`
    : `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
}

/** A number to dial from any phone, with Mexico's country code. */
export const telHref = (phone: string) => `tel:+52${phone}`;

/** WhatsApp's click-to-chat link for a Mexican number. */
export const whatsappHref = (phone: string) => `https://wa.me/52${phone}`;
