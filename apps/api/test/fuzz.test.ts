import {
  createBranch,
  createOrder,
  createProduct,
  createRoom,
  createSession,
  createUser,
} from '@sala/db/factories/factories';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/sql-rows';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 20 point 8: generated bodies, queries and path parameters for every route that takes input, sent as every
 * role (fast-check, a fixed seed: the same cases every run). Whatever comes in: never a 5xx, never a stack or SQL
 * text, every refusal in the envelope, and a refused request stores nothing (the row count of every table).
 */
const SEED = 20_261_124;
/** Cases per route and role. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const ROLES = ['anonymous', 'user', 'admin', 'superadmin'] as const;

let t: TestApp;
const cookies: Record<'anonymous' | 'user' | 'admin' | 'superadmin', string | undefined> = {
  anonymous: undefined,
  user: undefined,
  admin: undefined,
  superadmin: undefined,
};
let realIds: string[] = [];

type JsonSchema = { properties?: Record<string, unknown>; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };
type Operation = {
  parameters?: { name: string; in: 'query' | 'path' | 'header' }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type Target = { method: string; url: string; query: string[]; body: string[] | null; hasParams: boolean };

// Login sessions and the per-address counters are written by refused logins on purpose (the throttle).
const COUNTERS = new Set(['rate_limit_hits', 'login_throttles', 'auth_sessions', 'trusted_devices']);

/** One query that counts every table's rows; the list of tables is read once (no request adds a table). */
let countEveryTable: SQL | undefined;
async function rowCounts(): Promise<Record<string, number>> {
  if (!countEveryTable) {
    const tables = rowsOf<{ name: string }>(
      await t.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
      ),
    )
      .map((row) => row.name)
      .filter((name) => !COUNTERS.has(name) && !name.startsWith('__'));
    countEveryTable = sql.join(
      tables.map((name) => sql.raw(`select '${name}' as name, count(*)::int as n from "${name}"`)),
      sql` union all `,
    );
  }
  return Object.fromEntries(
    rowsOf<{ name: string; n: number }>(await t.db.execute(countEveryTable)).map((r) => [r.name, r.n]),
  );
}

/** Field names of a body schema, whatever union it is wrapped in. */
function fieldsOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(fieldsOf);
  return [...new Set([...Object.keys(schema.properties ?? {}), ...nested])];
}

function targets(): Target[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const list: Target[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const route = `${method.toUpperCase()} ${url}`;
      if (!t.app.routeAccess.has(route)) continue;
      // Ending the fuzzer's own login would only make the rest anonymous.
      if (route === 'POST /api/auth/logout') continue;
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const json = operation.requestBody?.content?.['application/json']?.schema;
      const body = operation.requestBody ? fieldsOf(json) : null;
      const hasParams = url.includes(':');
      if (query.length === 0 && body === null && !hasParams) continue;
      list.push({ method: method.toUpperCase(), url, query, body, hasParams });
    }
  }
  return list;
}

// Values a careless or hostile client sends: wrong types, edge numbers, control characters, SQL and markup,
// huge and tiny strings, dates and ids that almost parse.
const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u001bb',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '2030-02-30',
    '9999-12-31',
    '0001-01-01',
    '24:00',
    '10:30',
    '-1',
    '1e309',
    'NaN',
    'cancelar orden',
    'ñandú@example.com',
    'x'.repeat(5_000),
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.uuid(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 53), Number.MAX_SAFE_INTEGER, 0.5),
  fc.boolean(),
  fc.constant(null),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
);

function bodyFor(fields: string[]): fc.Arbitrary<unknown> {
  const known = fc.record(Object.fromEntries(fields.map((field) => [field, value])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 6, arbitrary: known },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, 'not json', '{"a":', '[]', 'null') },
  );
}

function queryFor(names: string[]): fc.Arbitrary<string> {
  if (names.length === 0) return fc.constant('');
  return fc
    .array(
      fc.tuple(
        fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...names) }, fc.string({ maxLength: 6 })),
        fc.oneof(
          scalar.map((v) => String(v)),
          fc.constantFrom('%00', '%ZZ', '%E0%A4%A', ''),
        ),
      ),
      { maxLength: names.length + 1 },
    )
    .map((pairs) =>
      pairs
        .map(
          ([k, v]) => `${encodeURIComponent(k)}=${/^%/.test(v) ? v : encodeURIComponent(v).slice(0, 2_000)}`,
        )
        .join('&'),
    );
}

const param = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realIds) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom('0', 'abc', '..%2F..', '%00', 'x'.repeat(300), 'DROP') },
  );

const LEAK =
  /(?:\bat\s+\S+\s\(|\.(?:ts|js):\d+|node_modules|\bselect\b.+\bfrom\b|insert into|syntax error|violates|pglite|drizzle)/i;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['user', 'admin', 'superadmin'] as const)
    cookies[role] = (await loginAs(t, role)).cookie;
  const branch = await createBranch(t.db);
  const room = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId });
  const client = await createUser(t.db, { credits: 3 });
  const session = await createSession(t.db, room, { userId: client.id });
  const order = await createOrder(t.db, { userId: client.id, branchId: branch.id });
  const product = await createProduct(t.db);
  realIds = [branch.id, branch.cityId, room.id, client.id, session.id, order.id, product.id];
});
afterAll(() => t.close());

describe('fuzzing every route with input (fast-check)', () => {
  it('never a 5xx, never a stack or SQL text, and a refused request stores nothing', async () => {
    const list = targets();
    expect(list.length).toBeGreaterThan(40);
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const [index, target] of list.entries()) {
      for (const [roleIndex, role] of ROLES.entries()) {
        const request = fc.record({
          path: target.hasParams ? param() : fc.constant(''),
          query: queryFor(target.query),
          body: target.body === null ? fc.constant(undefined) : bodyFor(target.body),
        });
        await fc.assert(
          fc.asyncProperty(request, async ({ path, query, body }) => {
            const url = `${target.url.replace(/:\w+/, path)}${query ? `?${query}` : ''}`;
            const before = await rowCounts();
            const cookie = cookies[role];
            const res = await t.app.inject({
              method: target.method as 'GET',
              url,
              headers: {
                ...(cookie ? { cookie } : {}),
                ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(body !== undefined
                ? { payload: typeof body === 'string' ? body : JSON.stringify(body) }
                : {}),
              remoteAddress: `10.77.${sent % 250}.${Math.floor(sent / 250) % 250}`,
            });
            sent++;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const where = `${target.method} ${url} as ${role}: ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(LEAK.test(res.body), where).toBe(false);
              const { error } = JSON.parse(res.body);
              expect(typeof error.code, where).toBe('string');
              expect(typeof error.message, where).toBe('string');
              expect(await rowCounts(), where).toEqual(before);
            }
          }),
          // A seed of its own per route and role: the same cases every run, different ones everywhere.
          { seed: SEED + index * ROLES.length + roleIndex, numRuns: RUNS, endOnFailure: true },
        );
      }
    }
    // What the run tried, for the closing note and the CI log.
    console.log(
      `fuzz: ${list.length} routes, ${sent} requests; statuses ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(', ')}`,
    );
  }, 300_000);
});
