import { formatPhone } from '../common/phone';

/**
 * How clients reach the business (issue 39): a phone and a WhatsApp (10 digits each) and two social profiles, all
 * optional, set by the super admin beside the legal facts. Shown in the footer, the side menu and every message
 * that tells a client to call the reception.
 */
export type BusinessContact = {
  phone: string | null;
  whatsapp: string | null;
  instagramUrl: string | null;
  facebookUrl: string | null;
};

export const NO_BUSINESS_CONTACT: BusinessContact = {
  phone: null,
  whatsapp: null,
  instagramUrl: null,
  facebookUrl: null,
};

/** 'llama al 55 1234 5678 o escribe por WhatsApp al 55 8765 4321'; null when the business has given neither. */
export function howToReach({ phone, whatsapp }: Pick<BusinessContact, 'phone' | 'whatsapp'>): string | null {
  if (phone && whatsapp && phone === whatsapp) return `llama o escribe por WhatsApp al ${formatPhone(phone)}`;
  if (phone && whatsapp)
    return `llama al ${formatPhone(phone)} o escribe por WhatsApp al ${formatPhone(whatsapp)}`;
  if (phone) return `llama al ${formatPhone(phone)}`;
  if (whatsapp) return `escribe por WhatsApp al ${formatPhone(whatsapp)}`;
  return null;
}

/** The sentence every "call the reception" message ends with; withReception puts the business's numbers in it. */
export const CALL_RECEPTION = 'Comunícate con la recepción.';

/** 'Comunícate con la recepción: llama al 55 1234 5678.'; the bare sentence while the business has no number set. */
export function callReception(contact: Pick<BusinessContact, 'phone' | 'whatsapp'>): string {
  const how = howToReach(contact);
  return how ? `Comunícate con la recepción: ${how}.` : CALL_RECEPTION;
}

/** A message that tells the client to call the reception (CALL_RECEPTION), with the business's numbers in it. */
export function withReception(message: string, contact: Pick<BusinessContact, 'phone' | 'whatsapp'>): string {
  return message.replace(CALL_RECEPTION, callReception(contact));
}

/**
 * 'comunícate con la recepción (llama al 55 1234 5678)'; while the business has given no number, the branches'
 * phones, which are always published.
 */
export function askReception(contact: Pick<BusinessContact, 'phone' | 'whatsapp'>): string {
  const how = howToReach(contact);
  return how
    ? `comunícate con la recepción (${how})`
    : 'comunícate con la recepción de tu sucursal (sus teléfonos están en Sucursales)';
}
