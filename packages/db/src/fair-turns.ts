/**
 * Turns at an embedded database engine, one operation per turn of the event loop, first come first served.
 *
 * PGlite runs PostgreSQL inside this process: a query is synchronous work on the main thread, and its own lock
 * hands the engine from one waiter to the next through promise callbacks. Under a burst, that chain never leaves
 * the microtask queue: Node accepts a connection or reads a request only between two such chains, and every I/O
 * callback ends with a microtask checkpoint that runs the whole chain again. A request that arrives during a burst
 * waits for the burst to end (issue 20: p99 of 5–10 s at 100 in flight, the first requests answered last).
 *
 * Here each operation (a query, or a whole transaction) waits for a `setImmediate` turn: between two operations
 * the event loop accepts connections, reads requests and writes answers, and the newcomers queue behind the
 * requests already waiting.
 */
export type FairTurns = {
  <T>(operation: () => Promise<T>): Promise<T>;
  /** Whether an operation holds the engine, how many wait, how many turns were taken so far. */
  stats(): { busy: boolean; waiting: number; taken: number };
};

export function createFairTurns(): FairTurns {
  const waiting: (() => void)[] = [];
  let busy = false;
  let taken = 0;
  const next = () => {
    const start = waiting.shift();
    busy = start !== undefined;
    if (start) {
      taken++;
      setImmediate(start);
    }
  };
  const turn = async <T>(operation: () => Promise<T>): Promise<T> => {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!busy) next();
    });
    try {
      return await operation();
    } finally {
      next();
    }
  };
  return Object.assign(turn, { stats: () => ({ busy, waiting: waiting.length, taken }) });
}

/** The PGlite entry points drizzle-orm calls, each behind one fair queue (a transaction is one turn). */
export function takeTurns<TClient extends { query: unknown; exec: unknown; transaction: unknown }>(
  client: TClient,
): FairTurns {
  const turn = createFairTurns();
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    Object.defineProperty(client, method, {
      value: (...args: unknown[]) => turn(() => original(...args)),
      configurable: true,
      writable: true,
    });
  }
  return turn;
}
