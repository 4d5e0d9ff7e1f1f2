/** Area codes of two digits (Mexico City, Guadalajara, Monterrey); the rest have three. */
const TWO_DIGIT_AREAS = ['55', '56', '33', '81'];

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

/** The booking wizard with the branch's zone and the branch already chosen (its ?zona=&sucursal= query). */
export const bookHereHref = (branch: { cityId: string; id: string }) =>
  `/reserva?${new URLSearchParams({ zona: branch.cityId, sucursal: branch.id })}`;
