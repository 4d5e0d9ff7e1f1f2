import type { dayBlocks, roomBlocks } from '@sala/db/schema/blocks';
import type { rooms } from '@sala/db/schema/locations';
import type { roomSessions } from '@sala/db/schema/sessions';
import { DEFAULT_WEEKLY_SCHEDULE, type WeeklySchedule } from '@sala/shared/locations/schedule';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/**
 * What the zones, branches and rooms tests share: one app per test file (each file imports this module afresh),
 * a super admin and an admin logged in, and helpers.
 */
export const h = {} as { t: TestApp; boss: { cookie: string }; admin: { cookie: string } };

/** Opens the file's app before its tests and closes it after them. */
export function useLocationsApp() {
  beforeAll(async () => {
    h.t = await createTestApp();
    h.boss = await loginAs(h.t, 'superadmin');
    h.admin = await loginAs(h.t, 'admin');
  });
  afterAll(async () => {
    await h.t.close();
  });
}

let n = 0;
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${String.fromCharCode(97 + (n++ % 26))}${n}`;

export const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  cookie = h.boss.cookie,
) => h.t.call(method, url, cookie, payload);

/** The zone every row of a table that belongs to the branch says it is in. */
export async function citiesOf(
  table: typeof rooms | typeof dayBlocks | typeof roomBlocks | typeof roomSessions,
  branchId: string,
) {
  const rows = await h.t.db.select({ cityId: table.cityId }).from(table).where(eq(table.branchId, branchId));
  return [...new Set(rows.map((row) => row.cityId))];
}

export const saturday: WeeklySchedule = [...DEFAULT_WEEKLY_SCHEDULE];
saturday[6] = { firstHour: 9, lastHour: 13 };

export const branchBody = (cityId: string, overrides: object = {}) => ({
  name: uniqueName('Sucursal'),
  cityId,
  sessionCost: 2,
  schedule: saturday,
  address: 'Av. Insurgentes Sur 1235, Col. Del Valle',
  phone: '5552123456',
  whatsapp: '5512340001',
  mapUrl: 'https://maps.example.mx/valle',
  description: 'Cinco salas con sala de espera; café de cortesía.',
  ...overrides,
});
