import type { DatabaseHandle } from '@sala/db/client';
import { createUser } from '@sala/db/factories/factories';
import { newId } from '@sala/db/ids';
import { cities } from '@sala/db/schema/locations';
import { users } from '@sala/db/schema/users';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholders, preparedOnce } from '../src/lib/prepared';
import { openTestDatabase } from './test-app';

/**
 * A query built once runs on the handle that asks, each time (issue 46): a transaction's own connection, which sees
 * what the transaction wrote before its commit, or the pool. Built here inside a transaction first, so a query that
 * kept its first client would run the later calls on a connection given back to the pool.
 */
const nameOf = preparedOnce((db) =>
  db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, sql.placeholder('id'))),
);
const rename = preparedOnce((db) =>
  db
    .update(users)
    .set({ name: sql`${sql.placeholder('name')}`, updatedAt: sql`${sql.placeholder('at')}::timestamptz` })
    .where(eq(users.id, sql.placeholder('id')))
    .returning({ updatedAt: users.updatedAt }),
);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const read = async (id: string) => (await nameOf(database.db).execute({ id }))[0]?.name;

describe('a query built once', () => {
  it('runs in the transaction that asks, and on the pool after it', async () => {
    const { db } = database;
    const user = await createUser(db, { name: 'Ana Ruiz' });
    const at = new Date('2030-01-02T03:04:05.678Z');
    await db.transaction(async (tx) => {
      const [row] = await rename(tx).execute({ id: user.id, name: 'Ana Ruiz Gómez', at: at.toISOString() });
      expect(row?.updatedAt).toEqual(at);
      expect((await nameOf(tx).execute({ id: user.id }))[0]?.name).toBe('Ana Ruiz Gómez');
      // Another connection does not see it before the commit (PGlite is one connection: it would wait).
      if (database.kind === 'postgres') expect(await read(user.id)).toBe('Ana Ruiz');
    });
    expect(await read(user.id)).toBe('Ana Ruiz Gómez');
  });

  it('leaves nothing behind when the transaction rolls back', async () => {
    const { db } = database;
    const user = await createUser(db, { name: 'Beto Sosa' });
    await expect(
      db.transaction(async (tx) => {
        await rename(tx).execute({ id: user.id, name: 'Otro', at: new Date().toISOString() });
        expect((await nameOf(tx).execute({ id: user.id }))[0]?.name).toBe('Otro');
        throw new Error('se deshace');
      }),
    ).rejects.toThrow('se deshace');
    expect(await read(user.id)).toBe('Beto Sosa');
  });

  it('answers each call with its own values', async () => {
    const { db } = database;
    const [a, b] = await Promise.all([createUser(db, { name: 'Ceci' }), createUser(db, { name: 'Dani' })]);
    const names = await Promise.all([a.id, b.id, a.id].map((id) => read(id)));
    expect(names).toEqual(['Ceci', 'Dani', 'Ceci']);
    expect(await read('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('refuses an insert or update that would reuse a value Drizzle makes in JavaScript', async () => {
    const { db } = database;
    // A new row's id ($defaultFn) and an update's updated_at ($onUpdate), made once, would be every run's.
    const withoutId = preparedOnce((handle) =>
      handle.insert(cities).values({ name: sql`${sql.placeholder('name')}` }),
    );
    expect(() => withoutId(db)).toThrow('give cities.id');
    const withoutUpdatedAt = preparedOnce((handle) =>
      handle
        .update(users)
        .set({ name: sql`${sql.placeholder('name')}` })
        .where(eq(users.id, sql.placeholder('id'))),
    );
    expect(() => withoutUpdatedAt(db)).toThrow('give users.updatedAt');
    // Given, the same insert runs: two rows, two ids.
    const withId = preparedOnce((handle) =>
      handle
        .insert(cities)
        .values(placeholders(['id', 'name']))
        .returning({ id: cities.id }),
    );
    const rows = await Promise.all(
      ['Uno', 'Dos'].map((name) => withId(db).execute({ id: newId(), name: `Ciudad ${name}` })),
    );
    expect(new Set(rows.map(([row]) => row?.id)).size).toBe(2);
  });
});
