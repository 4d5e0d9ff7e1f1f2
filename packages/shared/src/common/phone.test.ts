import { describe, expect, it } from 'vitest';
import { ZRegisterRequest } from '../auth/register.contract';
import { ZSaveBranchRequest } from '../locations/branches.contract';
import { ZCreateClientRequest, ZUpdateUserRequest } from '../users/users.contract';
import { formatPhone, normalizePhone, telHref, whatsappHref } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['5512345678', '5512345678'],
    ['55 1234 5678', '5512345678'],
    ['55-1234-5678', '5512345678'],
    ['(55) 1234.5678', '5512345678'],
    ['+52 55 1234 5678', '5512345678'],
    ['+525512345678', '5512345678'],
    ['  222 123 4567 ', '2221234567'],
  ])('reads %j as its 10 digits', (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored);
  });

  it.each(['551234567', '+52 551234567', '+1 55 1234 5678', '55 1234 567a', '52 55 1234 5678'])(
    'leaves %j for the 10-digit check to refuse',
    (typed) => {
      expect(normalizePhone(typed)).not.toMatch(/^\d{10}$/);
    },
  );
});

describe('every phone field accepts the usual ways to write a Mexican number (issue 39)', () => {
  const registration = {
    name: 'Ana López',
    email: 'ana@example.com',
    password: 'secreto1',
    passwordConfirmation: 'secreto1',
    acceptTerms: true,
  };

  it.each(['55 1234 5678', '55-1234-5678', '+52 55 1234 5678'])(
    'registration stores %j as 10 digits',
    (phone) => {
      expect(ZRegisterRequest.parse({ ...registration, phone }).phone).toBe('5512345678');
    },
  );

  it('the staff forms (a client at the desk, a user edit) store it as 10 digits too', () => {
    const person = { name: 'Ana López', email: 'ana@example.com', phone: '+52 (33) 3615-7890' };
    expect(ZCreateClientRequest.parse({ ...person, noticeGiven: true }).phone).toBe('3336157890');
    expect(ZUpdateUserRequest.parse(person).phone).toBe('3336157890');
  });

  it("a branch's WhatsApp too, and blank is still none", () => {
    const whatsapp = ZSaveBranchRequest.shape.whatsapp;
    expect(whatsapp.parse('+52 55 1234 0001')).toBe('5512340001');
    expect(whatsapp.parse('  ')).toBeNull();
    expect(whatsapp.safeParse('55 1234 000').success).toBe(false);
  });
});

describe('showing a phone', () => {
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
});
