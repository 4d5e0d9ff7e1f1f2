import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameFor, prepareStatementsOnce, statementName } from './prepared-statements';

/** Whether a query goes as a named statement. */
const mayName = (config: Parameters<typeof nameFor>[0], values: unknown) => nameFor(config, values) !== null;

import { scratchServerUrl } from './scratch';

describe('which statements go named', () => {
  it('a single statement with parameters, from drizzle (values apart) or with its values in the config', () => {
    expect(mayName({ text: 'select $1::int' }, [1])).toBe(true);
    expect(mayName({ text: 'select $1::int', values: [1] }, undefined)).toBe(true);
  });

  it('not without parameters: node-postgres sends those by the simple protocol, which may hold several statements', () => {
    expect(mayName({ text: 'begin' }, undefined)).toBe(false);
    expect(mayName({ text: 'select 1; select 2' }, [])).toBe(false);
  });

  it('not one the caller named, nor a long text, nor a list of many values (its text changes with its length)', () => {
    expect(mayName({ text: 'select $1::int', name: 'mine' }, [1])).toBe(false);
    expect(mayName({ text: `select $1::int ${' '.repeat(8_000)}` }, [1])).toBe(false);
    const list = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    const inList = (n: number) => `select * from rooms where id in (${list(n).map((i) => `$${i}`)})`;
    expect(mayName({ text: inList(64) }, list(64))).toBe(true);
    expect(mayName({ text: inList(65) }, list(65))).toBe(false);
  });

  it('not a search by a pattern nor a page at an offset: their best plan depends on the value asked', () => {
    expect(mayName({ text: 'select id from users where name ilike $1 limit 10' }, ['%5500%'])).toBe(false);
    expect(mayName({ text: 'select id from users where phone LIKE $1' }, ['%12%'])).toBe(false);
    expect(mayName({ text: 'select id from users order by name limit $1 offset $2' }, [10, 99_980])).toBe(
      false,
    );
    // A word that only contains one of them is not one.
    expect(mayName({ text: 'select utc_offset, likes from zones where id = $1' }, [1])).toBe(true);
  });

  it('a name per text, the same every time and in every process', () => {
    const name = statementName('select $1::int');
    expect(name).toBe(statementName('select $1::int'));
    expect(name).toMatch(/^sala_[\w-]{22}$/);
    expect(statementName('select $1::bigint')).not.toBe(name);
  });

  it('the text decided once: the same answer when it comes again, with its own checks of the values each time', () => {
    const text = 'select $1::int + $2::int';
    expect(nameFor({ text }, [1, 2])).toBe(statementName(text));
    expect(nameFor({ text }, [3, 4])).toBe(statementName(text));
    expect(nameFor({ text, name: 'mine' }, [1, 2])).toBeNull();
    expect(nameFor({ text }, [])).toBeNull();
    const search = 'select id from users where name ilike $1';
    expect(nameFor({ text: search }, ['%a%'])).toBeNull();
    expect(nameFor({ text: search }, ['%b%'])).toBeNull();
  });
});

// The server's own view of one connection's prepared statements (pg_prepared_statements is per session).
describe.runIf(process.env.TEST_DB === 'postgres')('on PostgreSQL', () => {
  let pool: pg.Pool;
  const prepared = async (client: pg.PoolClient) =>
    (
      await client.query<{ name: string; calls: string }>(
        'select name, generic_plans + custom_plans as calls from pg_prepared_statements order by name',
      )
    ).rows;

  beforeAll(() => {
    pool = new pg.Pool({ connectionString: scratchServerUrl().toString(), max: 1 });
    prepareStatementsOnce(pool, 2);
  });
  afterAll(() => pool.end());

  it('prepares a statement once per connection and runs it again by its name', async () => {
    const client = await pool.connect();
    try {
      for (let i = 0; i < 3; i++)
        expect((await client.query('select $1::int + 1 as n', [i])).rows).toEqual([{ n: i + 1 }]);
    } finally {
      client.release();
    }
    // pool.query takes the same connection (max 1) and the same name.
    expect((await pool.query({ text: 'select $1::int + 1 as n', values: [9] })).rows).toEqual([{ n: 10 }]);
    const again = await pool.connect();
    try {
      expect(await prepared(again)).toEqual([{ name: statementName('select $1::int + 1 as n'), calls: '4' }]);
    } finally {
      again.release();
    }
  });

  it('stops naming new texts past its bound, and keeps running the ones it has', async () => {
    const client = await pool.connect();
    try {
      await client.query('select $1::text as t', ['a']);
      await client.query('select $1::date as d', ['2030-01-09']);
      await client.query('select $1::int + 1 as n', [1]);
      expect((await prepared(client)).map((row) => row.name).sort()).toEqual(
        [statementName('select $1::int + 1 as n'), statementName('select $1::text as t')].sort(),
      );
      // A submittable (a cursor, a stream) goes as it came, even with a text this connection prepared: the same
      // object, unnamed, and it still answers.
      const submitted = new pg.Query('select $1::int + 1 as n', [4]);
      const rows: unknown[] = [];
      submitted.on('row', (row) => rows.push(row));
      expect(client.query(submitted)).toBe(submitted);
      await new Promise((resolve) => submitted.on('end', resolve));
      expect(rows).toEqual([{ n: 5 }]);
      // Without parameters, several statements in one text still run (the simple protocol).
      const results = (await client.query('select 1 as a; select 2 as b')) as unknown as pg.QueryResult[];
      expect(results.map((result) => result.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
    } finally {
      client.release();
    }
  });
});
