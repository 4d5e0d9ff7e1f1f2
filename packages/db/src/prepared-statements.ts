import { createHash } from 'node:crypto';
import type pg from 'pg';

// Issue 46 point 3: in a money storm of about 14 s, PostgreSQL spent 8.5 s planning statements. node-postgres sends
// every query with parameters as an unnamed statement, so the server parses, analyses and plans it again each time,
// even the same order lookup a thousand times a minute. A named statement is parsed once per connection, and after
// five runs PostgreSQL may keep a generic plan (plan_cache_mode auto: only when it costs no more than a fresh one).
// The name is a hash of the text, so one text always gets one name, and node-postgres sends the Parse only the first
// time a connection sees it. Decision 039.

/** Statements one connection keeps prepared; past that, new texts go unnamed as before (the money storm sends ~150). */
export const NAMED_PER_CONNECTION = 500;
/** A text this long (a bulk insert of many rows) is run once or rarely: not worth a plan kept in the server. */
const LONGEST_NAMED_TEXT = 8_000;
/**
 * A text with more parameters holds a list of values (`in ($1, …, $n)`, the rows of an insert) whose text changes
 * with the list's length: each length would take a name. The app's own statements have at most 23.
 */
const MOST_NAMED_PARAMETERS = 64;

/**
 * A search by a pattern (`like`, `ilike`) or a page far into a list (`offset`): the best plan depends on the value
 * asked (a phone's digits match a few rows of the trigram index, a name's letters thousands), and a generic plan,
 * which cannot know it, made a page of Usuarios searched by a phone 115 ms instead of 9 (`bench:users`, PGlite).
 * Such a statement is planned for its values every time, as before: staff lists, asked now and then, not the money
 * paths this is for.
 */
const PLANNED_FOR_ITS_VALUES = /\b(?:i?like|offset)\b/i;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };
/** Each text met: its name, or null where it goes unnamed (too long, a search, a deep page). */
const decided = new Map<string, string | null>();

/** The name of a statement's text: the same for the same text in every process (a hash, not a counter). */
export function statementName(text: string): string {
  return `sala_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
}

/**
 * The name a text goes by, or null. Decided once per text: the text of a query built once (decision 041) is the same
 * string each time, so a later call is one look-up instead of a pattern test over the whole text.
 */
function nameOfText(text: string): string | null {
  let name = decided.get(text);
  if (name === undefined) {
    name =
      text.length <= LONGEST_NAMED_TEXT && !PLANNED_FOR_ITS_VALUES.test(text) ? statementName(text) : null;
    // Texts are the app's own, so the map stays small; a bound in case a path builds texts without end.
    if (decided.size < 10 * NAMED_PER_CONNECTION) decided.set(text, name);
  }
  return name;
}

/**
 * The name a query goes by, or null where it goes unnamed: a single statement with parameters (node-postgres sends a
 * query without parameters by the simple protocol, which may hold several statements and cannot be prepared), not
 * named already, not too long, not a list of many values, and not a search or a deep page (above).
 */
export function nameFor(config: QueryConfig, values: unknown): string | null {
  const params = Array.isArray(values) ? values : config.values;
  if (typeof config.text !== 'string' || config.name !== undefined || !Array.isArray(params)) return null;
  if (params.length === 0 || params.length > MOST_NAMED_PARAMETERS) return null;
  return nameOfText(config.text);
}

/**
 * Makes a pool's connections prepare each statement once (see above); `perConnection` is for the tests. Answers how
 * many statements the pool's connections were sent so far (a transaction's BEGIN and its end among them).
 */
export function prepareStatementsOnce(pool: pg.Pool, perConnection = NAMED_PER_CONNECTION): () => number {
  let sent = 0;
  pool.on('connect', (client) => {
    // The names this connection prepared: one it knows is used again; a new one only while there is room.
    const prepared = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
      sent++;
      // Drizzle passes a config object; a hand-written query, its text and values.
      const asConfig = typeof config === 'string' ? { text: config } : config;
      // A submittable (a cursor, a stream) is an object of its own class: it goes as it came.
      const submittable = typeof (asConfig as { submit?: unknown } | null)?.submit === 'function';
      const name =
        asConfig && typeof asConfig === 'object' && !submittable
          ? nameFor(asConfig as QueryConfig, values)
          : null;
      if (name !== null && (prepared.has(name) || prepared.size < perConnection)) {
        prepared.add(name);
        return query({ ...(asConfig as QueryConfig), name }, values, callback);
      }
      return query(config, values, callback);
    }) as typeof client.query;
  });
  return () => sent;
}
