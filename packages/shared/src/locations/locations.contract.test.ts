import { describe, expect, it } from 'vitest';
import { labelField } from '../common/fields';
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
  };
  it('wants a session cost from 1 to 10 credits', () => {
    expect(ZSaveBranchRequest.safeParse(valid).success).toBe(true);
    for (const sessionCost of [0, 11, 1.5]) {
      expect(ZSaveBranchRequest.safeParse({ ...valid, sessionCost }).error?.issues[0]?.message).toBe(
        m.sessionCostInvalid,
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
