import { createBranch, createCity, createRoom, createUser } from '@sala/db/factories/factories';
import { dayBlocks, roomBlocks } from '@sala/db/schema/blocks';
import { branches, cities, rooms } from '@sala/db/schema/locations';
import { roomSessions } from '@sala/db/schema/sessions';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import { DEFAULT_WEEKLY_SCHEDULE, type WeeklySchedule } from '@sala/shared/locations/schedule';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../src/lib/db-errors';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let boss: { cookie: string };
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  boss = await loginAs(t, 'superadmin');
  admin = await loginAs(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${String.fromCharCode(97 + (n++ % 26))}${n}`;

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  cookie = boss.cookie,
) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** The zone every row of a table that belongs to the branch says it is in. */
async function citiesOf(
  table: typeof rooms | typeof dayBlocks | typeof roomBlocks | typeof roomSessions,
  branchId: string,
) {
  const rows = await t.db.select({ cityId: table.cityId }).from(table).where(eq(table.branchId, branchId));
  return [...new Set(rows.map((row) => row.cityId))];
}

const saturday: WeeklySchedule = [...DEFAULT_WEEKLY_SCHEDULE];
saturday[6] = { firstHour: 9, lastHour: 13 };

const branchBody = (cityId: string, overrides: object = {}) => ({
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

describe('zones (cities)', () => {
  it('creates, renames, lists and deletes a zone', async () => {
    const name = uniqueName('Monterrey');
    const created = await call('POST', '/api/cities', { name: `  ${name}  ` });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name, branchCount: 0 });
    const { id } = created.json();

    const renamed = await call('PATCH', `/api/cities/${id}`, { name: `${name} Centro` });
    expect(renamed.json().name).toBe(`${name} Centro`);

    const list = await call('GET', `/api/cities?q=${encodeURIComponent(name)}`, undefined, admin.cookie);
    expect(list.json()).toMatchObject({ total: 1, rows: [{ id, name: `${name} Centro` }] });
    const options = await call('GET', '/api/cities/options', undefined, admin.cookie);
    expect(options.json()).toContainEqual({ id, name: `${name} Centro` });

    expect((await call('DELETE', `/api/cities/${id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(cities).where(eq(cities.id, id))).toEqual([]);
  });

  it('requires a name: "El nombre de la ciudad es requerido"', async () => {
    for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 42 }]) {
      const res = await call('POST', '/api/cities', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid-argument', message: m.cityNameRequired });
    }
  });

  it('refuses a second zone with the same name, in any case', async () => {
    const name = uniqueName('Puebla');
    expect((await call('POST', '/api/cities', { name })).statusCode).toBe(201);
    const again = await call('POST', '/api/cities', { name: name.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.cityNameTaken);
  });

  it('keeps a zone that still has branches, and says why', async () => {
    const city = await createCity(t.db);
    await createBranch(t.db, { cityId: city.id });
    const res = await call('DELETE', `/api/cities/${city.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'aborted', message: m.cityHasBranches });
    expect(await t.db.select().from(cities).where(eq(cities.id, city.id))).toHaveLength(1);
  });

  it('answers 404 for a zone that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000001';
    expect((await call('PATCH', `/api/cities/${missing}`, { name: 'Oaxaca' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cities/${missing}`)).statusCode).toBe(404);
  });
});

describe('branches', () => {
  it('creates a branch with its session cost and weekly schedule, and edits it', async () => {
    const city = await createCity(t.db);
    const body = branchBody(city.id);
    const created = await call('POST', '/api/branches', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: body.name,
      cityId: city.id,
      cityName: city.name,
      sessionCost: 2,
      schedule: saturday,
      roomCount: 0,
    });

    const closedSaturday: WeeklySchedule = [...saturday];
    closedSaturday[6] = null;
    const edited = await call('PATCH', `/api/branches/${created.json().id}`, {
      ...body,
      sessionCost: 1,
      schedule: closedSaturday,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ sessionCost: 1, schedule: closedSaturday });
  });

  it('keeps what the public site shows: address, phone, optional WhatsApp and map link, description', async () => {
    const city = await createCity(t.db);
    const body = branchBody(city.id);
    const created = await call('POST', '/api/branches', { ...body, address: `  ${body.address}  ` });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      address: body.address,
      phone: '5552123456',
      whatsapp: '5512340001',
      mapUrl: 'https://maps.example.mx/valle',
      description: body.description,
    });
    // Blank optional fields are stored as nothing.
    const edited = await call('PATCH', `/api/branches/${created.json().id}`, {
      ...body,
      whatsapp: '',
      mapUrl: ' ',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ whatsapp: null, mapUrl: null });
    const [row] = await t.db.select().from(branches).where(eq(branches.id, created.json().id));
    expect(row).toMatchObject({ whatsapp: null, mapUrl: null, phone: '5552123456' });
  });

  it('refuses a phone that is not 10 digits, a map link that is not http(s) and control characters', async () => {
    const city = await createCity(t.db);
    const cases: [object, string, string][] = [
      [{ phone: '55 1234 5678' }, 'phone', m.phoneDigits],
      [{ phone: '' }, 'phone', m.allFieldsRequired],
      [{ whatsapp: '12345' }, 'whatsapp', m.whatsappDigits],
      [{ mapUrl: 'javascript:alert(1)' }, 'mapUrl', m.mapUrlInvalid],
      [{ mapUrl: 'ftp://mapas.example.mx/valle' }, 'mapUrl', m.mapUrlInvalid],
      [{ address: '' }, 'address', m.allFieldsRequired],
      [{ description: 'Salas\u0007' }, 'description', 'El texto contiene caracteres no permitidos.'],
    ];
    for (const [override, field, message] of cases) {
      const res = await call('POST', '/api/branches', branchBody(city.id, override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid-argument', message });
      expect(res.json().error.fields?.[field], field).toBe(message);
    }
    expect(await t.db.select().from(branches).where(eq(branches.cityId, city.id))).toEqual([]);
  });

  it('lists every branch for the public site, with its active rooms, to anyone', async () => {
    const city = await createCity(t.db);
    const branch = await createBranch(t.db, {
      cityId: city.id,
      address: 'Av. Providencia 2577',
      phone: '3336157890',
      mapUrl: 'https://maps.example.mx/providencia',
      description: 'Seis salas.',
    });
    await createRoom(t.db, { branchId: branch.id, cityId: city.id, position: 1 });
    const inactive = await createRoom(t.db, { branchId: branch.id, cityId: city.id, position: 2 });
    await t.db.update(rooms).set({ isActive: false }).where(eq(rooms.id, inactive.id));

    const res = await t.app.inject({ method: 'GET', url: '/api/catalog/branches' });
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().find((b: { id: string }) => b.id === branch.id);
    expect(listed).toEqual({
      id: branch.id,
      name: branch.name,
      cityId: city.id,
      cityName: city.name,
      sessionCost: 1,
      schedule: DEFAULT_WEEKLY_SCHEDULE,
      address: 'Av. Providencia 2577',
      phone: '3336157890',
      whatsapp: null,
      mapUrl: 'https://maps.example.mx/providencia',
      description: 'Seis salas.',
      roomCount: 1,
    });
  });

  it('speaks the spec: missing name or zone', async () => {
    const city = await createCity(t.db);
    const noName = await call('POST', '/api/branches', branchBody(city.id, { name: '' }));
    expect(noName.json().error.message).toBe(m.allFieldsRequired);
    const noCity = await call('POST', '/api/branches', branchBody(city.id, { cityId: undefined }));
    expect(noCity.json().error.message).toBe(m.selectCity);
    const unknownCity = await call(
      'POST',
      '/api/branches',
      branchBody('00000000-0000-4000-8000-000000000002'),
    );
    expect(unknownCity.statusCode).toBe(400);
    expect(unknownCity.json().error.message).toBe(m.selectCity);
  });

  it('wants a session cost of at least 1 credit and a sane schedule', async () => {
    const city = await createCity(t.db);
    for (const sessionCost of [0, -1, 1.5, 11, '2']) {
      const res = await call('POST', '/api/branches', branchBody(city.id, { sessionCost }));
      expect(res.statusCode, String(sessionCost)).toBe(400);
      expect(res.json().error.message).toBe(m.sessionCostInvalid);
    }
    const backwards: WeeklySchedule = [...saturday];
    backwards[1] = { firstHour: 18, lastHour: 9 };
    const outOfDay: unknown[] = [...saturday];
    outOfDay[2] = { firstHour: 8, lastHour: 24 };
    for (const schedule of [backwards, outOfDay, saturday.slice(0, 6), 'siempre']) {
      const res = await call('POST', '/api/branches', branchBody(city.id, { schedule }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(m.scheduleInvalid);
    }
  });

  it('refuses a second branch with the same name in the same zone', async () => {
    const city = await createCity(t.db);
    const body = branchBody(city.id);
    expect((await call('POST', '/api/branches', body)).statusCode).toBe(201);
    const again = await call('POST', '/api/branches', { ...body, name: body.name.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.branchNameTaken);
    const otherCity = await createCity(t.db);
    expect((await call('POST', '/api/branches', { ...body, cityId: otherCity.id })).statusCode).toBe(201);
  });

  it('lists branches with their zone and room count, filtered by zone for the selects', async () => {
    const city = await createCity(t.db);
    const branch = await createBranch(t.db, { cityId: city.id, name: uniqueName('Roma') });
    await createRoom(t.db, { branchId: branch.id, cityId: city.id, position: 1 });
    await createRoom(t.db, { branchId: branch.id, cityId: city.id, position: 2 });
    const list = await call(
      'GET',
      `/api/branches?q=${encodeURIComponent(city.name)}`,
      undefined,
      admin.cookie,
    );
    expect(list.json().rows).toEqual([
      expect.objectContaining({ id: branch.id, cityName: city.name, roomCount: 2 }),
    ]);
    const options = await call('GET', `/api/branches/options?cityId=${city.id}`, undefined, admin.cookie);
    expect(options.json()).toEqual([
      {
        id: branch.id,
        name: branch.name,
        cityId: city.id,
        sessionCost: 1,
        schedule: DEFAULT_WEEKLY_SCHEDULE,
      },
    ]);
  });

  it('moves rooms, sessions and blocks along when a branch changes zone', async () => {
    const [from, to] = [await createCity(t.db), await createCity(t.db)];
    const branch = await createBranch(t.db, { cityId: from.id });
    const room = await createRoom(t.db, { branchId: branch.id, cityId: from.id, position: 1 });
    await t.db
      .insert(dayBlocks)
      .values({ cityId: from.id, branchId: branch.id, date: '2030-01-07', isHourBlocked: false });
    const startsAt = new Date('2030-01-07T16:00:00Z');
    await t.db.insert(roomBlocks).values({ roomId: room.id, cityId: from.id, branchId: branch.id, startsAt });
    const client = await createUser(t.db);
    await t.db.insert(roomSessions).values({
      userId: client.id,
      roomId: room.id,
      branchId: branch.id,
      cityId: from.id,
      startsAt,
      creditsCharged: 1,
    });
    const res = await call('PATCH', `/api/branches/${branch.id}`, branchBody(to.id, { name: branch.name }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await citiesOf(rooms, branch.id)).toEqual([to.id]);
    expect(await citiesOf(dayBlocks, branch.id)).toEqual([to.id]);
    expect(await citiesOf(roomBlocks, branch.id)).toEqual([to.id]);
    expect(await citiesOf(roomSessions, branch.id)).toEqual([to.id]);
  });

  describe('delete', () => {
    it('needs the typed name: "El nombre de la sucursal no coincide."', async () => {
      const branch = await createBranch(t.db);
      for (const confirmName of ['', 'otra', branch.name.toUpperCase()]) {
        const res = await call('DELETE', `/api/branches/${branch.id}`, { confirmName });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(m.branchNameMismatch);
      }
      const ok = await call('DELETE', `/api/branches/${branch.id}`, { confirmName: ` ${branch.name} ` });
      expect(ok.statusCode, ok.body).toBe(204);
      expect(await t.db.select().from(branches).where(eq(branches.id, branch.id))).toEqual([]);
    });

    it('keeps a branch that has rooms, and says why', async () => {
      const room = await createRoom(t.db);
      const [branch] = await t.db.select().from(branches).where(eq(branches.id, room.branchId));
      const res = await call('DELETE', `/api/branches/${branch!.id}`, { confirmName: branch!.name });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'aborted', message: m.branchHasRooms });
    });
  });
});

describe('rooms', () => {
  it('creates "Sala {position}" in a branch of the chosen zone, sorted by position', async () => {
    const city = await createCity(t.db);
    const branch = await createBranch(t.db, { cityId: city.id });
    for (const position of [3, 1]) {
      const res = await call('POST', '/api/rooms', { cityId: city.id, branchId: branch.id, position });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ name: `Sala ${position}`, branchName: branch.name, isActive: true });
    }
    const list = await call('GET', `/api/rooms?q=${encodeURIComponent(branch.name)}`);
    expect(list.json().rows.map((r: { name: string }) => r.name)).toEqual(['Sala 1', 'Sala 3']);
  });

  it('requires zone, branch and position: "Todos los campos son obligatorios"', async () => {
    const branch = await createBranch(t.db);
    const valid = { cityId: branch.cityId, branchId: branch.id, position: 4 };
    for (const field of ['cityId', 'branchId', 'position'] as const) {
      const res = await call('POST', '/api/rooms', { ...valid, [field]: undefined });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(m.allFieldsRequired);
    }
    for (const position of [0, 11, 2.5, 'uno']) {
      const res = await call('POST', '/api/rooms', { ...valid, position });
      expect(res.json().error.message, String(position)).toBe(m.positionInvalid);
    }
    const otherCity = await createCity(t.db);
    const wrongZone = await call('POST', '/api/rooms', { ...valid, cityId: otherCity.id });
    expect(wrongZone.json().error.message).toBe(m.branchNotInCity);
    const unknownBranch = await call('POST', '/api/rooms', {
      ...valid,
      branchId: '00000000-0000-4000-8000-000000000003',
    });
    expect(unknownBranch.statusCode).toBe(400);
    expect(unknownBranch.json().error.message).toBe(m.branchNotFound);
  });

  it('refuses the same position in the same branch: "La sala ya existe en este puesto."', async () => {
    const branch = await createBranch(t.db);
    const body = { cityId: branch.cityId, branchId: branch.id, position: 5 };
    expect((await call('POST', '/api/rooms', body)).statusCode).toBe(201);
    const again = await call('POST', '/api/rooms', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'aborted', message: m.roomExists });
    const other = await createBranch(t.db, { cityId: branch.cityId });
    expect((await call('POST', '/api/rooms', { ...body, branchId: other.id })).statusCode).toBe(201);
  });

  it('lets exactly one of two concurrent creations of one position win; the other gets 409', async () => {
    for (let round = 0; round < 5; round++) {
      const branch = await createBranch(t.db);
      const body = { cityId: branch.cityId, branchId: branch.id, position: 7 };
      const results = await Promise.all([call('POST', '/api/rooms', body), call('POST', '/api/rooms', body)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json().error).toMatchObject({ code: 'aborted', message: m.roomExists });
      expect(await t.db.select().from(rooms).where(eq(rooms.branchId, branch.id))).toHaveLength(1);
    }
  });

  it('recognises the unique index by name, so a race past the check still gets the message', async () => {
    const room = await createRoom(t.db);
    const duplicate = t.db.insert(rooms).values({ ...room, id: undefined, createdAt: undefined });
    const error = await duplicate.then(() => undefined).catch((e: unknown) => e);
    expect(isUniqueViolation(error, 'rooms_branch_position_key')).toBe(true);
    expect(isUniqueViolation(error, 'cities_name_lower_key')).toBe(false);
  });

  it('edits the position (and name), refusing a taken one', async () => {
    const branch = await createBranch(t.db);
    const one = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 1 });
    await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 2 });
    const body = { cityId: branch.cityId, branchId: branch.id };
    const taken = await call('PATCH', `/api/rooms/${one.id}`, { ...body, position: 2 });
    expect(taken.json().error.message).toBe(m.roomExists);
    const same = await call('PATCH', `/api/rooms/${one.id}`, { ...body, position: 1 });
    expect(same.statusCode).toBe(200);
    const moved = await call('PATCH', `/api/rooms/${one.id}`, { ...body, position: 9 });
    expect(moved.json()).toMatchObject({ position: 9, name: 'Sala 9' });
  });

  it('moves a room to another branch together with its blocks', async () => {
    const room = await createRoom(t.db);
    await t.db.insert(roomBlocks).values({
      roomId: room.id,
      cityId: room.cityId,
      branchId: room.branchId,
      startsAt: new Date('2030-02-04T16:00:00Z'),
    });
    const other = await createBranch(t.db);
    const res = await call('PATCH', `/api/rooms/${room.id}`, {
      cityId: other.cityId,
      branchId: other.id,
      position: 4,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ branchId: other.id, cityId: other.cityId, name: 'Sala 4' });
    const [block] = await t.db.select().from(roomBlocks).where(eq(roomBlocks.roomId, room.id));
    expect(block).toMatchObject({ branchId: other.id, cityId: other.cityId });
  });

  it('lets a room edit and a branch moving zone run at the same time, without a deadlock', async () => {
    for (let round = 0; round < 5; round++) {
      const [from, to] = [await createCity(t.db), await createCity(t.db)];
      const branch = await createBranch(t.db, { cityId: from.id });
      const room = await createRoom(t.db, { branchId: branch.id, cityId: from.id, position: 1 });
      const [roomEdit, branchMove] = await Promise.all([
        call('PATCH', `/api/rooms/${room.id}`, { cityId: from.id, branchId: branch.id, position: 2 }),
        call('PATCH', `/api/branches/${branch.id}`, branchBody(to.id, { name: branch.name })),
      ]);
      expect(branchMove.statusCode, branchMove.body).toBe(200);
      // The room edit either ran first (200) or found its branch already in the other zone (400).
      expect([200, 400], roomEdit.body).toContain(roomEdit.statusCode);
      if (roomEdit.statusCode === 400) expect(roomEdit.json().error.message).toBe(m.branchNotInCity);
      expect(await citiesOf(rooms, branch.id)).toEqual([to.id]);
    }
  });

  it('lists the rooms of one branch by position for the selects of other forms', async () => {
    const branch = await createBranch(t.db);
    for (const position of [3, 1])
      await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position });
    const res = await call('GET', `/api/rooms/options?branchId=${branch.id}`, undefined, admin.cookie);
    expect(res.json().map((r: { name: string }) => r.name)).toEqual(['Sala 1', 'Sala 3']);
  });

  it('toggles a room and deletes one that never had a session', async () => {
    const room = await createRoom(t.db);
    const off = await call('PATCH', `/api/rooms/${room.id}/active`, { isActive: false });
    expect(off.json().isActive).toBe(false);
    expect((await call('DELETE', `/api/rooms/${room.id}`)).statusCode).toBe(204);
  });

  it('keeps a room with sessions (history), and one with sessions ahead in its branch', async () => {
    const room = await createRoom(t.db);
    const client = await createUser(t.db);
    await t.db.insert(roomSessions).values({
      userId: client.id,
      roomId: room.id,
      branchId: room.branchId,
      cityId: room.cityId,
      startsAt: new Date(Date.now() + 3 * 86_400_000),
      creditsCharged: 1,
    });
    const del = await call('DELETE', `/api/rooms/${room.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe(m.roomHasSessions);

    const other = await createBranch(t.db, { cityId: room.cityId });
    const move = await call('PATCH', `/api/rooms/${room.id}`, {
      cityId: room.cityId,
      branchId: other.id,
      position: 1,
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().error.message).toBe(m.roomHasFutureSessions);
  });
});
