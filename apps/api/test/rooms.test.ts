import { createBranch, createCity, createRoom, createUser } from '@sala/db/factories/factories';
import { roomBlocks } from '@sala/db/schema/blocks';
import { rooms } from '@sala/db/schema/locations';
import { roomSessions } from '@sala/db/schema/sessions';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../src/lib/db-errors';
import { branchBody, call, citiesOf, h, useLocationsApp } from './locations-harness';

useLocationsApp();

describe('rooms', () => {
  it('creates "Sala {position}" in a branch of the chosen zone, sorted by position', async () => {
    const city = await createCity(h.t.db);
    const branch = await createBranch(h.t.db, { cityId: city.id });
    for (const position of [3, 1]) {
      const res = await call('POST', '/api/rooms', { cityId: city.id, branchId: branch.id, position });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ name: `Sala ${position}`, branchName: branch.name, isActive: true });
    }
    const list = await call('GET', `/api/rooms?q=${encodeURIComponent(branch.name)}`);
    expect(list.json().rows.map((r: { name: string }) => r.name)).toEqual(['Sala 1', 'Sala 3']);
  });

  it('requires zone, branch and position: "Todos los campos son obligatorios"', async () => {
    const branch = await createBranch(h.t.db);
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
    const otherCity = await createCity(h.t.db);
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
    const branch = await createBranch(h.t.db);
    const body = { cityId: branch.cityId, branchId: branch.id, position: 5 };
    expect((await call('POST', '/api/rooms', body)).statusCode).toBe(201);
    const again = await call('POST', '/api/rooms', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'aborted', message: m.roomExists });
    const other = await createBranch(h.t.db, { cityId: branch.cityId });
    expect((await call('POST', '/api/rooms', { ...body, branchId: other.id })).statusCode).toBe(201);
  });

  it('lets exactly one of two concurrent creations of one position win; the other gets 409', async () => {
    for (let round = 0; round < 5; round++) {
      const branch = await createBranch(h.t.db);
      const body = { cityId: branch.cityId, branchId: branch.id, position: 7 };
      const results = await Promise.all([call('POST', '/api/rooms', body), call('POST', '/api/rooms', body)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json().error).toMatchObject({ code: 'aborted', message: m.roomExists });
      expect(await h.t.db.select().from(rooms).where(eq(rooms.branchId, branch.id))).toHaveLength(1);
    }
  });

  it('recognises the unique index by name, so a race past the check still gets the message', async () => {
    const room = await createRoom(h.t.db);
    const duplicate = h.t.db.insert(rooms).values({ ...room, id: undefined, createdAt: undefined });
    const error = await duplicate.then(() => undefined).catch((e: unknown) => e);
    expect(isUniqueViolation(error, 'rooms_branch_position_key')).toBe(true);
    expect(isUniqueViolation(error, 'cities_name_lower_key')).toBe(false);
  });

  it('edits the position (and name), refusing a taken one', async () => {
    const branch = await createBranch(h.t.db);
    const one = await createRoom(h.t.db, { branchId: branch.id, cityId: branch.cityId, position: 1 });
    await createRoom(h.t.db, { branchId: branch.id, cityId: branch.cityId, position: 2 });
    const body = { cityId: branch.cityId, branchId: branch.id };
    const taken = await call('PATCH', `/api/rooms/${one.id}`, { ...body, position: 2 });
    expect(taken.json().error.message).toBe(m.roomExists);
    const same = await call('PATCH', `/api/rooms/${one.id}`, { ...body, position: 1 });
    expect(same.statusCode).toBe(200);
    const moved = await call('PATCH', `/api/rooms/${one.id}`, { ...body, position: 9 });
    expect(moved.json()).toMatchObject({ position: 9, name: 'Sala 9' });
  });

  it('moves a room to another branch together with its blocks', async () => {
    const room = await createRoom(h.t.db);
    await h.t.db.insert(roomBlocks).values({
      roomId: room.id,
      cityId: room.cityId,
      branchId: room.branchId,
      startsAt: new Date('2030-02-04T16:00:00Z'),
    });
    const other = await createBranch(h.t.db);
    const res = await call('PATCH', `/api/rooms/${room.id}`, {
      cityId: other.cityId,
      branchId: other.id,
      position: 4,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ branchId: other.id, cityId: other.cityId, name: 'Sala 4' });
    const [block] = await h.t.db.select().from(roomBlocks).where(eq(roomBlocks.roomId, room.id));
    expect(block).toMatchObject({ branchId: other.id, cityId: other.cityId });
  });

  it('lets a room edit and a branch moving zone run at the same time, without a deadlock', async () => {
    for (let round = 0; round < 5; round++) {
      const [from, to] = [await createCity(h.t.db), await createCity(h.t.db)];
      const branch = await createBranch(h.t.db, { cityId: from.id });
      const room = await createRoom(h.t.db, { branchId: branch.id, cityId: from.id, position: 1 });
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
    const branch = await createBranch(h.t.db);
    for (const position of [3, 1])
      await createRoom(h.t.db, { branchId: branch.id, cityId: branch.cityId, position });
    const res = await call('GET', `/api/rooms/options?branchId=${branch.id}`, undefined, h.admin.cookie);
    expect(res.json().map((r: { name: string }) => r.name)).toEqual(['Sala 1', 'Sala 3']);
  });

  it('toggles a room and deletes one that never had a session', async () => {
    const room = await createRoom(h.t.db);
    const off = await call('PATCH', `/api/rooms/${room.id}/active`, { isActive: false });
    expect(off.json().isActive).toBe(false);
    expect((await call('DELETE', `/api/rooms/${room.id}`)).statusCode).toBe(204);
  });

  it('keeps a room with sessions (history), and one with sessions ahead in its branch', async () => {
    const room = await createRoom(h.t.db);
    const client = await createUser(h.t.db);
    await h.t.db.insert(roomSessions).values({
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

    const other = await createBranch(h.t.db, { cityId: room.cityId });
    const move = await call('PATCH', `/api/rooms/${room.id}`, {
      cityId: room.cityId,
      branchId: other.id,
      position: 1,
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().error.message).toBe(m.roomHasFutureSessions);
  });
});
