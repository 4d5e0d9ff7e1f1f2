import { passwordResetMessages } from '@sala/shared/auth/password-reset.messages';
import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../bookings/bookings.messages';
import { privacyMessages } from '../privacy/privacy.messages';
import { askReception, CALL_RECEPTION, callReception, howToReach, withReception } from './business-contact';

const none = { phone: null, whatsapp: null };

describe('how a client reaches the business (issue 39)', () => {
  it.each([
    [
      { phone: '5512345678', whatsapp: '5587654321' },
      'llama al 55 1234 5678 o escribe por WhatsApp al 55 8765 4321',
    ],
    [{ phone: '5512345678', whatsapp: '5512345678' }, 'llama o escribe por WhatsApp al 55 1234 5678'],
    [{ phone: '3336157890', whatsapp: null }, 'llama al 33 3615 7890'],
    [{ phone: null, whatsapp: '2221234567' }, 'escribe por WhatsApp al 222 123 4567'],
    [none, null],
  ])('%j → %j', (contact, words) => {
    expect(howToReach(contact)).toBe(words);
  });

  it('every "comunícate con la recepción" carries the numbers once they are set', () => {
    const contact = { phone: '5512345678', whatsapp: null };
    for (const message of [bookingMessages.tooLateToCancel, bookingMessages.tooLateToMove]) {
      expect(message.endsWith(CALL_RECEPTION)).toBe(true);
      expect(withReception(message, contact)).toBe(
        message.replace(CALL_RECEPTION, 'Comunícate con la recepción: llama al 55 1234 5678.'),
      );
      expect(withReception(message, none)).toBe(message);
    }
    expect(callReception(none)).toBe(CALL_RECEPTION);
  });

  it('the messages of a site without e-mail send the client to the reception, with how to reach it', () => {
    const contact = { phone: '5512345678', whatsapp: '5587654321' };
    expect(passwordResetMessages.resetNotSent(contact)).toBe(
      'Este sitio todavía no envía correos, así que el enlace no te llegará: comunícate con la recepción (llama al 55 1234 5678 o escribe por WhatsApp al 55 8765 4321) para que te lo den.',
    );
    expect(privacyMessages.emailChangeNotSent('ana@example.com', none)).toBe(
      `Este sitio todavía no envía correos, así que el enlace para confirmar ana@example.com no te llegará: ${askReception(none)} para que te lo den.`,
    );
    expect(askReception(none)).toBe(
      'comunícate con la recepción de tu sucursal (sus teléfonos están en Sucursales)',
    );
  });
});
