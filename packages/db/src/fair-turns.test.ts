import { describe, expect, it } from 'vitest';
import { createFairTurns } from './fair-turns';

/** Synchronous work standing for a query inside the embedded engine. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
};

describe('createFairTurns', () => {
  it('lets the event loop run between two operations (a request arriving mid-burst is read at once)', async () => {
    const turn = createFairTurns();
    let done = 0;
    const burst = Array.from({ length: 30 }, () =>
      turn(async () => {
        busy(2);
        done++;
      }),
    );
    // What a socket read or a new connection is: a callback of the event loop, not a microtask.
    const seenAfter = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
    await Promise.all(burst);
    expect(done).toBe(30);
    expect(seenAfter).toBeLessThanOrEqual(2);
  });

  it('(the cause) a lock handed over through promises runs the whole burst before any event-loop callback', async () => {
    let tail = Promise.resolve();
    const chained = <T>(operation: () => Promise<T>) => {
      const run = tail.then(operation);
      tail = run.then(
        () => {},
        () => {},
      );
      return run;
    };
    let done = 0;
    const burst = Array.from({ length: 30 }, () =>
      chained(async () => {
        busy(2);
        done++;
      }),
    );
    const seenAfter = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
    await Promise.all(burst);
    expect(seenAfter).toBe(30);
  });

  it('serves in arrival order, one at a time, and goes on after a failure', async () => {
    const turn = createFairTurns();
    const order: number[] = [];
    let inside = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        turn(async () => {
          inside++;
          expect(inside).toBe(1);
          await new Promise((resolve) => setTimeout(resolve, 1));
          order.push(i);
          inside--;
          if (i === 3) throw new Error('refused');
          return i;
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(results[3]).toMatchObject({ status: 'rejected' });
    expect(results[9]).toEqual({ status: 'fulfilled', value: 9 });
  });
});
