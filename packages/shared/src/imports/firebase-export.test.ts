import { describe, expect, it } from 'vitest';
import {
  centsOf,
  countOf,
  dateOf,
  groupProductIds,
  instantOf,
  readAuthUser,
  readBlocked,
  readMachine,
  readOrder,
  readProduct,
  readSession,
  readUser,
  subcollectionsOf,
} from './firebase-export';
import { importMessages as m } from './imports.messages';

describe('values of the Firestore export', () => {
  const at = new Date('2026-03-05T18:30:00.250Z');

  it('reads an instant as a Timestamp, milliseconds (number or text) or ISO 8601', () => {
    expect(instantOf({ _seconds: 1772735400, _nanoseconds: 250_000_000 })).toEqual(at);
    expect(instantOf({ seconds: 1772735400, nanoseconds: 250_000_000 })).toEqual(at);
    expect(instantOf(at.getTime())).toEqual(at);
    expect(instantOf(String(at.getTime()))).toEqual(at);
    expect(instantOf('2026-03-05T18:30:00.250Z')).toEqual(at);
    expect(instantOf('2026-03-05T12:30:00.250-06:00')).toEqual(at);
    // Without an offset: Mexico City's wall clock, where the old app ran (not the server's zone).
    expect(instantOf('2026-03-05T12:30:00.250')).toEqual(at);
    expect(instantOf('2026-03-05 12:30')).toEqual(new Date('2026-03-05T18:30:00Z'));
    expect(instantOf('2026-03-05')).toEqual(new Date('2026-03-05T06:00:00Z'));
  });

  it('refuses what is not an instant, and seconds passed for milliseconds', () => {
    for (const value of [
      undefined,
      null,
      '',
      'mañana',
      {},
      { _seconds: 'x' },
      Number.NaN,
      1772735400,
      true,
    ]) {
      expect(instantOf(value), String(value)).toBeNull();
    }
  });

  it("a date is 'YYYY-MM-DD' as written, or an instant's day in Mexico City", () => {
    expect(dateOf('2026-03-05')).toBe('2026-03-05');
    // 02:00 UTC on the 6th is still the 5th in Mexico City.
    expect(dateOf('2026-03-06T02:00:00Z')).toBe('2026-03-05');
    expect(dateOf({ _seconds: Date.parse('2026-03-06T02:00:00Z') / 1000, _nanoseconds: 0 })).toBe(
      '2026-03-05',
    );
    expect(dateOf('05/03/2026')).toBeNull();
    expect(dateOf('2026-02-30')).toBeNull();
    expect(dateOf('2026-03-05T23:30:00')).toBe('2026-03-05');
  });

  it('pesos become centavos; counts are whole numbers of 0 or more', () => {
    expect(centsOf(120.5)).toBe(12_050);
    expect(centsOf('35')).toBe(3_500);
    expect(centsOf(0.1 + 0.2)).toBe(30);
    expect([centsOf(-1), centsOf('abc'), centsOf(undefined), centsOf(Number.POSITIVE_INFINITY)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect([countOf(undefined), countOf(''), countOf(3), countOf('4')]).toEqual([0, 0, 3, 4]);
    expect([countOf(-1), countOf(1.5), countOf('x')]).toEqual([null, null, null]);
  });

  it('order lines: repeated ids are the quantity, in the order they first appear', () => {
    expect(groupProductIds(['cafe', 'agua', 'cafe', 'cafe'])).toEqual([
      { productId: 'cafe', quantity: 3 },
      { productId: 'agua', quantity: 1 },
    ]);
  });
});

describe('documents of the export', () => {
  it('a user: e-mail in lower case, role from the flags, phone as 10 digits or kept with a note', () => {
    const read = readUser({
      name: ' Ana ',
      email: 'ANA@Correo.MX',
      phone: '+52 55 1234 5678',
      credits: 3,
      isAdmin: true,
      isActive: true,
    });
    expect(read).toEqual({
      ok: true,
      warnings: [],
      value: {
        name: 'Ana',
        email: 'ana@correo.mx',
        phone: '5512345678',
        credits: 3,
        role: 'admin',
        isActive: true,
        createdAt: null,
      },
    });
    expect(readUser({ email: 'x@y.mx', isSuperAdmin: true, isAdmin: false })).toMatchObject({
      value: { role: 'superadmin' },
    });
    const odd = readUser({ email: 'luis@correo.mx', phone: '123' });
    expect(odd).toMatchObject({
      ok: true,
      value: { name: 'luis', phone: '123', isActive: false },
      warnings: [m.nameFromEmail, m.phoneKept],
    });
    expect(readUser({ email: 'ana@correo.mx', credits: -1 })).toEqual({ ok: false, reason: m.badCredits });
    expect(readUser({ email: 'ana' })).toEqual({ ok: false, reason: m.badEmail });
  });

  it('an auth account: a missing field is false, a missing hash is no password', () => {
    expect(readAuthUser({ localId: 'u1', email: 'A@B.MX', passwordHash: 'h', salt: 's' })).toMatchObject({
      ok: true,
      value: { localId: 'u1', email: 'a@b.mx', passwordHash: 'h', salt: 's', disabled: false },
    });
    expect(readAuthUser({ localId: 'u2', email: 'c@d.mx', disabled: true })).toMatchObject({
      value: { passwordHash: null, salt: null, disabled: true },
    });
    expect(readAuthUser('u3')).toEqual({ ok: false, reason: m.notADocument });
  });

  it('a room needs a position of 1 to 10; its name defaults to "Sala N"', () => {
    expect(readMachine({ branchId: 'b', position: 4 })).toMatchObject({
      value: { name: 'Sala 4', isActive: true },
    });
    expect(readMachine({ branchId: 'b', position: '2', isActive: false })).toMatchObject({
      value: { position: 2, isActive: false },
    });
    for (const position of [0, 11, 2.5, 'x', undefined]) expect(readMachine({ position }).ok).toBe(false);
  });

  it('a product: isService only online', () => {
    expect(readProduct({ name: 'Café', price: 35, isDigital: false, isService: true })).toMatchObject({
      value: { priceCents: 3500, isDigital: false, isService: false, isActive: true, credits: 0, extra: 0 },
    });
    expect(readProduct({ name: 'X', price: 10, extra: -1 })).toEqual({
      ok: false,
      reason: m.badCount('extra'),
    });
  });

  it('a session: courtesy sessions carry their name and no client', () => {
    const startTime = Date.parse('2026-11-24T16:00:00Z');
    expect(
      readSession({ isCourtesy: true, courtesyName: 'Ana Ruiz', userId: 'u1', machineId: 'm', startTime }),
    ).toMatchObject({
      value: { userId: null, courtesyName: 'Ana Ruiz', roomId: 'm' },
    });
    expect(readSession({ isCourtesy: true, machineId: 'm', startTime })).toEqual({
      ok: false,
      reason: m.courtesyWithoutName,
    });
    expect(readSession({ userId: 'u', machineId: 'm' })).toEqual({
      ok: false,
      reason: m.badInstant('startTime'),
    });
  });

  it('a block: a whole day, or one hour HH:mm', () => {
    expect(
      readBlocked({ branchId: 'b', date: '2026-11-26', isHourBlocked: false, hour: '10:00' }),
    ).toMatchObject({
      value: { hour: null },
    });
    expect(readBlocked({ branchId: 'b', date: '2026-11-26', isHourBlocked: true, hour: '9:00' })).toEqual({
      ok: false,
      reason: m.badHour,
    });
  });

  it('an order: completed or cancelled, cash, card or transfer; the online cashier is "Tienda en linea"', () => {
    const base = {
      userId: 'u',
      products: ['p', { id: 'q' }],
      total: 90,
      method: 'card',
      status: 'completed',
      createdAt: '2026-11-16T17:00:00Z',
    };
    expect(readOrder({ ...base, isPos: false })).toMatchObject({
      value: { productIds: ['p', 'q'], totalCents: 9000, isPos: false, cashierName: 'Tienda en linea' },
    });
    expect(readOrder({ ...base, status: 'pendiente' })).toEqual({
      ok: false,
      reason: m.notFinal('pendiente'),
    });
    expect(readOrder({ ...base, status: undefined })).toEqual({ ok: false, reason: m.notFinal('(vacío)') });
    expect(readOrder({ ...base, method: 'oxxo' })).toEqual({ ok: false, reason: m.badMethod });
  });

  it('subcollections are found, with how many documents each holds', () => {
    expect(
      subcollectionsOf('users', {
        u1: { name: 'Ana', subCollection: { 'users/u1/notas': { a: {}, b: {} }, pagos: { c: {} } } },
        u2: { name: 'Luis' },
      }),
    ).toEqual([
      { path: 'users/u1/notas', documents: 2 },
      { path: 'users/u1/pagos', documents: 1 },
    ]);
  });
});
