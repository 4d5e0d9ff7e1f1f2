import { describe, expect, it } from 'vitest';
import { bookHereHref, formatPhone, telHref, whatsappHref } from './branch-contact';

describe('branch contact', () => {
  it('groups a phone number as people read it', () => {
    expect(formatPhone('5552123456')).toBe('55 5212 3456');
    expect(formatPhone('3336157890')).toBe('33 3615 7890');
    expect(formatPhone('2221234567')).toBe('222 123 4567');
    expect(formatPhone('123')).toBe('123');
  });
  it('dials and chats with the country code', () => {
    expect(telHref('5552123456')).toBe('tel:+525552123456');
    expect(whatsappHref('5512340001')).toBe('https://wa.me/525512340001');
  });
  it('opens the wizard with zone and branch chosen', () => {
    expect(bookHereHref({ cityId: 'c1', id: 'b1' })).toBe('/reserva?zona=c1&sucursal=b1');
  });
});
