import { describe, expect, it } from 'vitest';
import { fieldMessages, labelField } from '../common/fields';
import { confirmsBranchName, ZSaveBranchRequest } from './branches.contract';
import { locationMessages as m } from './locations.messages';
import { roomName, ZSaveRoomRequest } from './rooms.contract';
import { DEFAULT_WEEKLY_SCHEDULE } from './schedule';

describe('names of places', () => {
  const name = labelField('requerido');
  it('takes everyday names', () => {
    for (const ok of [
      'Ciudad de México',
      'Polanco 2',
      "O'Higgins",
      'Av. Juárez #12',
      'Niños & Niñas',
      'Calle 5/6',
    ]) {
      expect(name.safeParse(ok).success, ok).toBe(true);
    }
  });
  it('refuses blanks, markup and code', () => {
    for (const bad of ['', '   ', '<b>Valle</b>', "'; DROP TABLE users; --", '{x}']) {
      expect(name.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('branches', () => {
  const valid = {
    name: 'Valle',
    cityId: '01900000-0000-7000-8000-000000000001',
    sessionCost: 1,
    schedule: DEFAULT_WEEKLY_SCHEDULE,
    address: 'Av. Insurgentes Sur 1235, Col. Del Valle',
    phone: '5552123456',
    whatsapp: '',
    mapUrl: '',
    description: 'Cinco salas con sala de espera.',
  };
  it('wants a session cost from 1 to 10 credits', () => {
    expect(ZSaveBranchRequest.safeParse(valid).success).toBe(true);
    for (const sessionCost of [0, 11, 1.5]) {
      expect(ZSaveBranchRequest.safeParse({ ...valid, sessionCost }).error?.issues[0]?.message).toBe(
        m.sessionCostInvalid,
      );
    }
  });
  it('wants an address, a 10-digit phone and a description; WhatsApp and map link are optional', () => {
    const parsed = ZSaveBranchRequest.parse({ ...valid, whatsapp: '  ', mapUrl: undefined });
    expect(parsed.whatsapp).toBeNull();
    expect(parsed.mapUrl).toBeNull();
    expect(ZSaveBranchRequest.parse({ ...valid, whatsapp: ' 5512345678 ' }).whatsapp).toBe('5512345678');
    const message = (body: object) =>
      ZSaveBranchRequest.safeParse({ ...valid, ...body }).error?.issues[0]?.message;
    expect(message({ address: '  ' })).toBe(m.allFieldsRequired);
    expect(message({ description: undefined })).toBe(m.allFieldsRequired);
    expect(message({ phone: '' })).toBe(m.allFieldsRequired);
    for (const phone of ['555212345', '55521234567', '55 5212 345', '555212345a']) {
      expect(message({ phone }), phone).toBe(m.phoneDigits);
    }
    // Written as people write it (issue 39): stored as the 10 digits.
    expect(ZSaveBranchRequest.parse({ ...valid, phone: '55 5212 3456' }).phone).toBe('5552123456');
    expect(message({ whatsapp: '12345' })).toBe(m.whatsappDigits);
    expect(message({ address: 'Calle 1\u0000' })).toBe(fieldMessages.controlCharacters);
    expect(message({ description: '<script>alert(1)</script>' })).toBe(fieldMessages.noMarkup);
  });

  it('takes only http(s) map links', () => {
    for (const mapUrl of [
      'https://maps.app.goo.gl/abc123',
      'http://www.openstreetmap.org/#map=17/19.38/-99.17',
    ]) {
      expect(ZSaveBranchRequest.safeParse({ ...valid, mapUrl }).success, mapUrl).toBe(true);
    }
    for (const mapUrl of [
      'javascript:alert(1)',
      'ftp://x.mx/mapa',
      'maps.google.com',
      'https://',
      'https://a b.mx',
    ]) {
      expect(ZSaveBranchRequest.safeParse({ ...valid, mapUrl }).error?.issues[0]?.message, mapUrl).toBe(
        m.mapUrlInvalid,
      );
    }
  });

  it('confirms a delete only with the exact name, spaces around aside', () => {
    expect(confirmsBranchName(' Valle ', 'Valle')).toBe(true);
    expect(confirmsBranchName('valle', 'Valle')).toBe(false);
    expect(confirmsBranchName('', 'Valle')).toBe(false);
  });
});

describe('rooms', () => {
  it('are named after their position, 1 to 10', () => {
    expect(roomName(3)).toBe('Sala 3');
    const base = {
      cityId: '01900000-0000-7000-8000-000000000001',
      branchId: '01900000-0000-7000-8000-000000000002',
    };
    expect(ZSaveRoomRequest.safeParse({ ...base, position: 10 }).success).toBe(true);
    expect(ZSaveRoomRequest.safeParse({ ...base, position: 11 }).error?.issues[0]?.message).toBe(
      m.positionInvalid,
    );
    expect(ZSaveRoomRequest.safeParse({ ...base }).error?.issues[0]?.message).toBe(m.allFieldsRequired);
  });
});
