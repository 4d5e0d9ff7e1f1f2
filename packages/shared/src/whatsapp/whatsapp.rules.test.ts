import { describe, expect, it } from 'vitest';
import {
  errorOutcome,
  formatWhatsAppNumber,
  isOptOutReply,
  supersedes,
  whatsappNumberOf,
} from './whatsapp.rules';

describe('WhatsApp rules', () => {
  it('turns a client phone into the number WhatsApp takes', () => {
    expect(whatsappNumberOf('5512345678')).toBe('525512345678');
    expect(whatsappNumberOf('55 1234 5678')).toBe('525512345678');
    expect(whatsappNumberOf('+52 55 1234 5678')).toBe('525512345678');
    expect(whatsappNumberOf('5215512345678')).toBe('525512345678');
    expect(whatsappNumberOf('12345')).toBeNull();
    expect(formatWhatsAppNumber('525512345678')).toBe('+52 55 1234 5678');
  });

  it('reads BAJA however it is typed', () => {
    for (const text of ['BAJA', 'baja', ' Baja. ', 'BÁJA', 'dar de baja', 'Stop'])
      expect(isOptOutReply(text), text).toBe(true);
    for (const text of ['Hola', 'bajar', 'no me des de baja']) expect(isOptOutReply(text), text).toBe(false);
  });

  it('never lets a late status overwrite a further one', () => {
    expect(supersedes('read', 'delivered')).toBe(true);
    expect(supersedes('delivered', 'read')).toBe(false);
    expect(supersedes('sent', 'delivered')).toBe(false);
    expect(supersedes('failed', 'sent')).toBe(true);
    expect(supersedes('failed', 'delivered')).toBe(false);
    expect(supersedes('sent', 'accepted')).toBe(true);
  });

  it('retries what the service or the business can fix, never what the number or the message cannot take', () => {
    expect(errorOutcome(500, 131000)).toEqual({ retry: true, unreachable: false });
    expect(errorOutcome(429, 130429)).toEqual({ retry: true, unreachable: false });
    expect(errorOutcome(400, 131026)).toEqual({ retry: false, unreachable: true });
    expect(errorOutcome(400, 132000)).toEqual({ retry: false, unreachable: false });
    expect(errorOutcome(400, 131008)).toEqual({ retry: false, unreachable: false });
    // What the business fixes (a template not approved yet, an expired token, a payment) is tried again.
    expect(errorOutcome(404, 132001)).toEqual({ retry: true, unreachable: false });
    expect(errorOutcome(401, 190)).toEqual({ retry: true, unreachable: false });
    expect(errorOutcome(400, 131042)).toEqual({ retry: true, unreachable: false });
  });
});
