import { createBranch, createCity } from '@sala/db/factories/factories';
import { cities } from '@sala/db/schema/locations';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, h, uniqueName, useLocationsApp } from './locations-harness';

useLocationsApp();

describe('zones (cities)', () => {
  it('creates, renames, lists and deletes a zone', async () => {
    const name = uniqueName('Monterrey');
    const created = await call('POST', '/api/cities', { name: `  ${name}  ` });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name, branchCount: 0 });
    const { id } = created.json();

    const renamed = await call('PATCH', `/api/cities/${id}`, { name: `${name} Centro` });
    expect(renamed.json().name).toBe(`${name} Centro`);

    const list = await call('GET', `/api/cities?q=${encodeURIComponent(name)}`, undefined, h.admin.cookie);
    expect(list.json()).toMatchObject({ total: 1, rows: [{ id, name: `${name} Centro` }] });
    const options = await call('GET', '/api/cities/options', undefined, h.admin.cookie);
    expect(options.json()).toContainEqual({ id, name: `${name} Centro` });

    expect((await call('DELETE', `/api/cities/${id}`)).statusCode).toBe(204);
    expect(await h.t.db.select().from(cities).where(eq(cities.id, id))).toEqual([]);
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
    const city = await createCity(h.t.db);
    await createBranch(h.t.db, { cityId: city.id });
    const res = await call('DELETE', `/api/cities/${city.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'aborted', message: m.cityHasBranches });
    expect(await h.t.db.select().from(cities).where(eq(cities.id, city.id))).toHaveLength(1);
  });

  it('answers 404 for a zone that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000001';
    expect((await call('PATCH', `/api/cities/${missing}`, { name: 'Oaxaca' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cities/${missing}`)).statusCode).toBe(404);
  });
});
