import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTogether } from '../src/lib/read-together';
import { rowsOf } from '../src/lib/sql-rows';
import { openTestDatabase } from './test-app';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Two reads, the first held until released: which ones had started while it was held. */
async function startedWhileFirstHeld(db: Parameters<typeof readTogether>[0]) {
  const started: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answers = readTogether(db, [
    async () => {
      started.push('first');
      await held;
      return 1;
    },
    async () => {
      started.push('second');
      return 'two';
    },
  ] as const);
  // Every read that was going to start before the first answers has started by now.
  await new Promise((resolve) => setImmediate(resolve));
  const seen = [...started];
  release();
  return { seen, answers: await answers };
}

describe('readTogether', () => {
  it('sends the reads at once on the pool', async () => {
    const { seen, answers } = await startedWhileFirstHeld(database.db);
    expect(seen).toEqual(['first', 'second']);
    expect(answers).toEqual([1, 'two']);
  });

  it('sends them one after another in a transaction (its one connection runs a query at a time)', async () => {
    const { seen, answers } = await database.db.transaction((tx) => startedWhileFirstHeld(tx));
    expect(seen).toEqual(['first']);
    expect(answers).toEqual([1, 'two']);
  });

  it('answers real queries in a transaction in the order asked', async () => {
    const answers = await database.db.transaction((tx) =>
      readTogether(tx, [() => tx.execute('select 1 as n'), () => tx.execute('select 2 as n')]),
    );
    expect(answers.map((result) => rowsOf<{ n: number }>(result)[0]!.n)).toEqual([1, 2]);
  });
});
