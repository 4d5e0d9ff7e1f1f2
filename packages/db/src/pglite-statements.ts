import {
  messages,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';
import { NAMED_PER_CONNECTION, nameFor } from './prepared-statements';

// Issue 46 point 4, the embedded engine's share of decision 039. PGlite's `query` sends every statement with
// parameters unnamed, as six calls into the engine (Parse, Describe, Bind, Describe, Execute, Sync): the engine
// parses, analyses and plans it each time, and a burst of bookings waits on one connection for all of it. Here a
// statement is parsed once under the name of its text (the same name node-postgres gives it); each later run is one
// call (Bind, Execute, Sync), its rows read with the row description kept from the first time. The rules for which
// statements are named, and how many, are PostgreSQL's (prepared-statements.ts).

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
/** The object PGlite hands a transaction's callback; its `query` runs inside the transaction. */
type Transaction = { query: Query; readonly closed: boolean };

/** A statement the engine holds: its parameters' types (how each value is written) and the rows it returns. */
type Prepared = { paramTypes: number[]; rowDescription: BackendMessage | undefined };

const joined = (...parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};

/**
 * Makes a PGlite client prepare each statement once (see above); `limit` is for the tests. Answers how many
 * statements were run so far, counted as PostgreSQL's pool counts them: a transaction's BEGIN and its end are two.
 */
export function preparePgliteStatementsOnce(client: PGlite, limit = NAMED_PER_CONNECTION): () => number {
  let sent = 0;
  const prepared = new Map<string, Prepared>();
  // Messages sent together end with Sync, so an error leaves the engine ready for the next statement.
  const send = (...parts: Uint8Array[]) =>
    client.execProtocolStream(joined(...parts, protocol.serialize.sync()), { syncToFs: false });

  /**
   * The parsers a statement's rows are read with: its own (Drizzle gives every statement a few, to keep dates as
   * text) over the client's. PGlite's `parseResults` copies the client's 318 parsers into a new object whenever a
   * statement brings its own: 77 µs a statement here, about a sixth of the engine's thread in a burst of bookings. A
   * statement's own parsers now sit on an object whose prototype is the client's, made once for each set.
   */
  const layered = new WeakMap<object, PGlite['parsers']>();
  const parsersFor = (options?: QueryOptions): PGlite['parsers'] => {
    const own = options?.parsers;
    if (!own) return client.parsers;
    let parsers = layered.get(own);
    if (!parsers) {
      parsers = Object.assign(Object.create(client.parsers) as PGlite['parsers'], own);
      layered.set(own, parsers);
    }
    return parsers;
  };
  const readOptions = (options?: QueryOptions) =>
    options?.parsers ? { ...options, parsers: undefined } : options;

  async function prepare(name: string, text: string, options?: QueryOptions): Promise<Prepared> {
    const answer = await send(
      protocol.serialize.parse({ name, text, types: options?.paramTypes }),
      protocol.serialize.describe({ type: 'S', name }),
    );
    const statement = {
      paramTypes: parse.parseDescribeStatementResults(answer),
      rowDescription: answer.find((message) => message.name === 'rowDescription'),
    };
    prepared.set(name, statement);
    return statement;
  }

  /** Runs a statement by name (preparing it the first time); the caller holds the engine. */
  async function run<T>(
    name: string,
    text: string,
    params: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    try {
      const { paramTypes, rowDescription } = prepared.get(name) ?? (await prepare(name, text, options));
      // Each value written as PGlite writes it for the parameter's type.
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const type = paramTypes[i]!;
        const serialize = options?.serializers?.[type] ?? client.serializers[type];
        return serialize ? serialize(param) : String(param);
      });
      const answer = await send(
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.execute({}),
      );
      const rows = rowDescription ? [rowDescription, ...answer] : answer;
      return parse.parseResults(rows, parsersFor(options), readOptions(options))[0] as Results<T>;
    } catch (error) {
      // As PGlite's own query reports a failed statement.
      if (error instanceof messages.DatabaseError)
        Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  /** The name a statement goes by (one with parameters, named already or while there is room), or null. */
  const byName = (text: string, params: unknown[] | undefined) => {
    const name = nameFor({ text }, params);
    return name !== null && (prepared.has(name) || prepared.size < limit) ? name : null;
  };

  const query = client.query.bind(client) as Query;
  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    sent++;
    const name = byName(text, params);
    if (name === null) return query(text, params, options);
    // As PGlite's query: refused once the engine closes; after any transaction in progress, alone at the engine.
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await run(name, text, params as unknown[], options);
        await client.syncToFs();
        return result;
      }),
    );
  }) as PGlite['query'];

  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) => {
    sent += 2;
    return transaction((tx) => {
      const inside = tx as unknown as Transaction;
      const own = inside.query;
      inside.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
        sent++;
        const name = inside.closed ? null : byName(text, params);
        if (name === null) return own(text, params, options);
        return client._runExclusiveQuery(() => run(name, text, params as unknown[], options));
      }) as Query;
      return callback(inside);
    });
  }) as PGlite['transaction'];
  return () => sent;
}
