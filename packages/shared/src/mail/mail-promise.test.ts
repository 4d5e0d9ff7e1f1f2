import { passwordResetMessages } from '@sala/shared/auth/password-reset.messages';
import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../bookings/bookings.messages';
import { waitingNote, waitlistJoined, waitlistMessages } from '../bookings/waitlist.messages';
import { posMessages } from '../pos/pos.messages';
import { storeMessages } from '../store/store.messages';
import { emailPromise, NO_EMAIL_YET } from './mail-promise';

const NO_CONTACT = { phone: null, whatsapp: null };

describe('what a screen says about an e-mail (issue 39)', () => {
  it('promises the e-mail where this site sends e-mail', () => {
    expect(emailPromise(true, storeMessages.voucherEmailed)).toBe('Te enviamos estos datos por correo.');
    expect(waitlistJoined(false, true)).toBe(waitlistMessages.joined);
    expect(waitlistJoined(true, true)).toBe(waitlistMessages.joinedAuto);
    expect(waitingNote(true)).toBe('te avisamos por correo si se libera');
  });

  it('says the same truth, in the same words, everywhere where it sends none', () => {
    const off = [
      emailPromise(false, storeMessages.voucherEmailed),
      emailPromise(false, storeMessages.oxxoVoucherEmailed),
      emailPromise(false, storeMessages.speiDataEmailed),
      emailPromise(false, posMessages.ticketSent),
      waitlistJoined(false, false),
      waitlistJoined(true, false),
      bookingMessages.emailOff,
      passwordResetMessages.resetNotSent(NO_CONTACT),
    ];
    for (const said of off) {
      expect(said, said).toContain(`${NO_EMAIL_YET}, así que`);
      expect(said, said).not.toMatch(/te enviamos|te avisamos por correo|te avisaremos por correo/i);
    }
    expect(emailPromise(false, storeMessages.voucherEmailed)).toBe(
      'Este sitio todavía no envía correos, así que guarda estos datos: no te llegarán por correo.',
    );
    expect(waitingNote(false)).toBe('sin aviso: este sitio todavía no envía correos');
  });
});
