import { createBranch, createCity, createRoom, createUser } from '@sala/db/factories/factories';
import { dayBlocks, roomBlocks } from '@sala/db/schema/blocks';
import { branches, rooms } from '@sala/db/schema/locations';
import { roomSessions } from '@sala/db/schema/sessions';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import { DEFAULT_WEEKLY_SCHEDULE, type WeeklySchedule } from '@sala/shared/locations/schedule';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { branchBody, call, citiesOf, h, saturday, uniqueName, useLocationsApp } from './locations-harness';

useLocationsApp();

describe('branches', () => {
  it('creates a branch with its session cost and weekly schedule, and edits it', async () => {
    const city = await createCity(h.t.db);
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

  it('keeps its "semanas máximas de reserva fija": 8 unless told, 0 turns standing slots off, an edit without it keeps it', async () => {
    const city = await createCity(h.t.db);
    const created = await call('POST', '/api/branches', branchBody(city.id));
    expect(created.json()).toMatchObject({ standingWeeksMax: 8 });
    const id = created.json().id;
    const off = await call('PATCH', `/api/branches/${id}`, { ...branchBody(city.id), standingWeeksMax: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ standingWeeksMax: 0 });
    const kept = await call('PATCH', `/api/branches/${id}`, branchBody(city.id));
    expect(kept.json()).toMatchObject({ standingWeeksMax: 0 });
    for (const wrong of [-1, 53, 2.5, '8']) {
      const res = await call('PATCH', `/api/branches/${id}`, {
        ...branchBody(city.id),
        standingWeeksMax: wrong,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(m.standingWeeksInvalid);
    }
  });

  it('keeps what the public site shows: address, phone, optional WhatsApp and map link, description', async () => {
    const city = await createCity(h.t.db);
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
    const [row] = await h.t.db.select().from(branches).where(eq(branches.id, created.json().id));
    expect(row).toMatchObject({ whatsapp: null, mapUrl: null, phone: '5552123456' });
  });

  it('refuses a phone that is not 10 digits, a map link that is not http(s) and control characters', async () => {
    const city = await createCity(h.t.db);
    const cases: [object, string, string][] = [
      [{ phone: '55 1234 567' }, 'phone', m.phoneDigits],
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
    expect(await h.t.db.select().from(branches).where(eq(branches.cityId, city.id))).toEqual([]);
  });

  it('lists every branch for the public site, with its active rooms, to anyone', async () => {
    const city = await createCity(h.t.db);
    const branch = await createBranch(h.t.db, {
      cityId: city.id,
      address: 'Av. Providencia 2577',
      phone: '3336157890',
      mapUrl: 'https://maps.example.mx/providencia',
      description: 'Seis salas.',
    });
    await createRoom(h.t.db, { branchId: branch.id, cityId: city.id, position: 1 });
    const inactive = await createRoom(h.t.db, { branchId: branch.id, cityId: city.id, position: 2 });
    await h.t.db.update(rooms).set({ isActive: false }).where(eq(rooms.id, inactive.id));

    const res = await h.t.app.inject({ method: 'GET', url: '/api/catalog/branches' });
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
    const city = await createCity(h.t.db);
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
    const city = await createCity(h.t.db);
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
    const city = await createCity(h.t.db);
    const body = branchBody(city.id);
    expect((await call('POST', '/api/branches', body)).statusCode).toBe(201);
    const again = await call('POST', '/api/branches', { ...body, name: body.name.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.branchNameTaken);
    const otherCity = await createCity(h.t.db);
    expect((await call('POST', '/api/branches', { ...body, cityId: otherCity.id })).statusCode).toBe(201);
  });

  it('lists branches with their zone and room count, filtered by zone for the selects', async () => {
    const city = await createCity(h.t.db);
    const branch = await createBranch(h.t.db, { cityId: city.id, name: uniqueName('Roma') });
    await createRoom(h.t.db, { branchId: branch.id, cityId: city.id, position: 1 });
    await createRoom(h.t.db, { branchId: branch.id, cityId: city.id, position: 2 });
    const list = await call(
      'GET',
      `/api/branches?q=${encodeURIComponent(city.name)}`,
      undefined,
      h.admin.cookie,
    );
    expect(list.json().rows).toEqual([
      expect.objectContaining({ id: branch.id, cityName: city.name, roomCount: 2 }),
    ]);
    const options = await call('GET', `/api/branches/options?cityId=${city.id}`, undefined, h.admin.cookie);
    expect(options.json()).toEqual([
      {
        id: branch.id,
        name: branch.name,
        cityId: city.id,
        sessionCost: 1,
        standingWeeksMax: 8,
        schedule: DEFAULT_WEEKLY_SCHEDULE,
      },
    ]);
  });

  it('moves rooms, sessions and blocks along when a branch changes zone', async () => {
    const [from, to] = [await createCity(h.t.db), await createCity(h.t.db)];
    const branch = await createBranch(h.t.db, { cityId: from.id });
    const room = await createRoom(h.t.db, { branchId: branch.id, cityId: from.id, position: 1 });
    await h.t.db
      .insert(dayBlocks)
      .values({ cityId: from.id, branchId: branch.id, date: '2030-01-07', isHourBlocked: false });
    const startsAt = new Date('2030-01-07T16:00:00Z');
    await h.t.db
      .insert(roomBlocks)
      .values({ roomId: room.id, cityId: from.id, branchId: branch.id, startsAt });
    const client = await createUser(h.t.db);
    await h.t.db.insert(roomSessions).values({
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
      const branch = await createBranch(h.t.db);
      for (const confirmName of ['', 'otra', branch.name.toUpperCase()]) {
        const res = await call('DELETE', `/api/branches/${branch.id}`, { confirmName });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(m.branchNameMismatch);
      }
      const ok = await call('DELETE', `/api/branches/${branch.id}`, { confirmName: ` ${branch.name} ` });
      expect(ok.statusCode, ok.body).toBe(204);
      expect(await h.t.db.select().from(branches).where(eq(branches.id, branch.id))).toEqual([]);
    });

    it('keeps a branch that has rooms, and says why', async () => {
      const room = await createRoom(h.t.db);
      const [branch] = await h.t.db.select().from(branches).where(eq(branches.id, room.branchId));
      const res = await call('DELETE', `/api/branches/${branch!.id}`, { confirmName: branch!.name });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'aborted', message: m.branchHasRooms });
    });
  });
});
