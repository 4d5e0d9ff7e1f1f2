import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePgliteStatementsOnce } from './pglite-statements';
import { statementName } from './prepared-statements';

// Two engines: one as PGlite comes (the reference), one whose statements go by name. What each returns must match.
let plain: PGlite;
let named: PGlite;

const TABLE = `create table things (
  id uuid primary key, n int not null, label text unique, at timestamptz, doc jsonb, tags text[], price numeric)`;

beforeAll(async () => {
  [plain, named] = await Promise.all([PGlite.create(), PGlite.create()]);
  preparePgliteStatementsOnce(named, 8);
  await Promise.all([plain.exec(TABLE), named.exec(TABLE)]);
});
afterAll(() => Promise.all([plain.close(), named.close()]));

/** The statements the engine holds (the session's own view). */
const preparedNames = async (db: PGlite) =>
  (await db.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (row) => row.name,
  );

const INSERT = `insert into things (id, n, label, at, doc, tags, price) values ($1, $2, $3, $4, $5, $6, $7)
  returning id, n, label, at, doc, tags, price`;
const row = (i: number) => [
  `00000000-0000-4000-8000-00000000000${i}`,
  i,
  i === 2 ? null : `cosa ${i}`,
  new Date(Date.UTC(2030, 0, i, 10)),
  { i, nested: { list: [1, 'dos'] } },
  ['a', `b${i}`],
  '12.50',
];

describe('PGlite with statements by name', () => {
  it('returns what PGlite itself returns: types, nulls, arrays, json, as objects and as arrays', async () => {
    for (let i = 1; i <= 3; i++) {
      const [mine, theirs] = await Promise.all([named.query(INSERT, row(i)), plain.query(INSERT, row(i))]);
      expect(mine).toEqual(theirs);
    }
    const select = 'select * from things where n >= $1 order by n';
    // As drizzle asks: rows as arrays, a parser of its own for timestamps.
    const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => `at ${value}` } };
    const [mine, theirs] = await Promise.all([
      named.query(select, [2], options),
      plain.query(select, [2], options),
    ]);
    expect(mine).toEqual(theirs);
    expect(mine.rows).toHaveLength(2);
    const update = 'update things set n = n + $1 where n > $2';
    expect(await named.query(update, [10, 1])).toEqual(await plain.query(update, [10, 1]));
  });

  it("reads each statement's rows with its own parsers over the client's, whichever set it brings", async () => {
    const select = 'select n, at, price, tags from things where n >= $1 order by n';
    const asA = { parsers: { 1184: (value: string) => `A ${value}` } };
    const asB = { rowMode: 'array' as const, parsers: { 1184: (value: string) => `B ${value}` } };
    for (const options of [asA, asB, asA, undefined, asB]) {
      const [mine, theirs] = await Promise.all([
        named.query(select, [1], options),
        plain.query(select, [1], options),
      ]);
      expect(mine).toEqual(theirs);
    }
    const [a, b, none] = await Promise.all([
      named.query<{ at: unknown; n: unknown }>(select, [1], asA),
      named.query<unknown[]>(select, [1], asB),
      named.query<{ at: unknown }>(select, [1]),
    ]);
    expect(a.rows[0]!.at).toMatch(/^A 2030-01-01 10:00:00/);
    expect(a.rows[0]!.n).toBe(1);
    expect(b.rows[0]![1]).toMatch(/^B 2030-01-01 10:00:00/);
    expect(none.rows[0]!.at).toEqual(new Date(Date.UTC(2030, 0, 1, 10)));
    // The caller's options are left as they were.
    expect(Object.keys(asA.parsers)).toEqual(['1184']);
    expect(asB).toMatchObject({ rowMode: 'array' });
  });

  it('parses a statement once and runs it again by its name', async () => {
    const text = 'select count(*)::int as n from things where n > $1';
    for (const floor of [0, 11, 12]) {
      expect((await named.query(text, [floor])).rows).toEqual((await plain.query(text, [floor])).rows);
    }
    expect(await preparedNames(named)).toContain(statementName(text));
    // The reference engine holds none: PGlite's own query goes unnamed.
    expect(await preparedNames(plain)).toEqual([]);
    // Without parameters (several statements may share a text), a statement goes as PGlite sends it.
    await named.query('select 1 as one');
    expect(await preparedNames(named)).not.toContain(statementName('select 1 as one'));
  });

  it('inside a transaction too; a refused row rolls back, and the engine goes on', async () => {
    const duplicate = await named
      .transaction(async (tx) => {
        await tx.query('update things set n = n + $1', [100]);
        await tx.query('insert into things (id, n, label) values ($1, $2, $3)', [
          '00000000-0000-4000-8000-000000000009',
          9,
          'cosa 1',
        ]);
      })
      .catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'things_label_key' });
    expect((duplicate as { query?: string }).query).toContain('insert into things');
    // Nothing of the transaction stayed.
    const text = 'select n from things where id = $1';
    expect((await named.query(text, [row(1)[0]])).rows).toEqual([{ n: 1 }]);
    expect(await preparedNames(named)).toContain(statementName('update things set n = n + $1'));
  });

  it('a statement the engine refuses is not kept: asked again, it is refused again the same way', async () => {
    for (let i = 0; i < 2; i++) {
      await expect(named.query('select nope from things where n = $1', [1])).rejects.toMatchObject({
        code: '42703',
      });
    }
    expect((await named.query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
  });

  it('keeps a bounded number of names; past it, new statements go unnamed and still answer', async () => {
    // The eight of the tests above (the refused one is not kept).
    const before = (await preparedNames(named)).length;
    expect(before).toBe(8);
    const text = 'select $1::text as echo';
    expect((await named.query(text, ['hola'])).rows).toEqual([{ echo: 'hola' }]);
    expect(await preparedNames(named)).not.toContain(statementName(text));
    expect((await preparedNames(named)).length).toBe(before);
  });
});

describe('PGlite with statements by name, closed', () => {
  it('refuses a statement as PGlite does once the engine is closed', async () => {
    const closing = await PGlite.create();
    preparePgliteStatementsOnce(closing);
    expect((await closing.query('select $1::int as n', [1])).rows).toEqual([{ n: 1 }]);
    await closing.close();
    await expect(closing.query('select $1::int as n', [2])).rejects.toThrow('PGlite is closed');
  });
});
