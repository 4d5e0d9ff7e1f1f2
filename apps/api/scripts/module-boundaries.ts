/**
 * The API's module boundaries as a check (style.md rule 11; `npm run lint` runs it):
 *
 * - A module's tables are written only by its own repository files (`*.repository.ts`); a repository may read
 *   the other tables its module declares below (joins for lists and names), and never writes them.
 * - Services, routes and everything else hold no SQL: no table and no drizzle-orm import outside repositories.
 * - A module calls another module's service, never its repository.
 * - lib/ knows no module and owns only the infrastructure tables below; plugins call services only.
 *
 * Run: `tsx apps/api/scripts/module-boundaries.ts` (exit 1 with one line per violation).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type ModuleRule = { owns?: string[]; reads?: string[]; writes?: string[] };

/** Table (as exported by packages/db/src/schema) → the one module that owns it. */
export const MODULES: Record<string, ModuleRule> = {
  auth: {
    owns: ['authSessions', 'passwordResetTokens', 'loginThrottles', 'trustedDevices'],
    reads: ['users'],
  },
  users: { owns: ['users'] },
  // The balance column of users moves only with a ledger row, so the credits module writes it.
  credits: { owns: ['creditLedger'], writes: ['users'] },
  mail: { owns: ['emailOutbox'] },
  cities: { owns: ['cities'], reads: ['branches'] },
  branches: { owns: ['branches'], reads: ['cities', 'rooms'] },
  rooms: { owns: ['rooms'], reads: ['branches', 'cities'] },
  products: { owns: ['products'] },
  bookings: { owns: ['roomSessions'], reads: ['rooms', 'branches', 'cities', 'users'] },
  blocks: { owns: ['dayBlocks', 'roomBlocks'], reads: ['branches', 'cities', 'rooms'] },
  availability: { reads: ['branches', 'cities', 'rooms', 'roomSessions', 'dayBlocks', 'roomBlocks'] },
  orders: { owns: ['orders', 'orderItems'], reads: ['users', 'branches', 'checkouts'] },
  costs: { owns: ['costs'], reads: ['branches'] },
  pos: {},
  'cash-summary': {},
  payments: { owns: ['checkouts', 'paymentEvents'] },
  catalog: {},
  health: {},
  me: {},
};

/** Infrastructure tables that lib/ helpers own (rate limits, idempotency). */
export const LIB_TABLES = ['rateLimitHits', 'idempotencyKeys'];

type Import = { names: string[]; from: string; typeOnly: boolean };

function importsOf(source: string): Import[] {
  const found: Import[] = [];
  const re = /import\s+(type\s+)?(?:(\w+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s+as\s+(\w+))?\s*from\s*'([^']+)'/g;
  for (const match of source.matchAll(re)) {
    const [, typeKeyword, defaultName, named, namespace, from] = match;
    const names: string[] = [];
    let allTypes = Boolean(typeKeyword);
    if (defaultName) names.push(defaultName);
    if (namespace) names.push(`* as ${namespace}`);
    if (named) {
      const specs = named
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const values = specs.filter((s) => !s.startsWith('type '));
      if (!typeKeyword && values.length === 0 && specs.length > 0 && !defaultName && !namespace)
        allTypes = true;
      for (const spec of allTypes ? specs : values)
        names.push(spec.replace(/^type\s+/, '').split(/\s+as\s+/)[0]!);
    }
    found.push({ names, from: from!, typeOnly: allTypes });
  }
  return found;
}

function walk(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...walk(full));
    else if (full.endsWith('.ts') && !full.endsWith('.test.ts')) files.push(full);
  }
  return files;
}

/** Every violation under apps/api/src of the given root, as 'file: what'. */
export function checkModuleBoundaries(apiSrc: string, modules = MODULES): string[] {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  for (const [name, rule] of Object.entries(modules)) {
    for (const table of rule.owns ?? []) {
      if (owner.has(table)) problems.push(`${table} is owned by both ${owner.get(table)} and ${name}`);
      owner.set(table, name);
    }
  }
  for (const table of LIB_TABLES) owner.set(table, 'lib');

  for (const file of walk(apiSrc)) {
    const rel = path.relative(apiSrc, file).split(path.sep).join('/');
    const source = readFileSync(file, 'utf8');
    const imports = importsOf(source);
    const [area, moduleName] = rel.split('/');
    const isRepository = rel.endsWith('.repository.ts');
    const say = (what: string) => problems.push(`apps/api/src/${rel}: ${what}`);

    if (area === 'modules' && moduleName && !modules[moduleName]) {
      say(`module '${moduleName}' is not declared in apps/api/scripts/module-boundaries.ts`);
      continue;
    }
    const rule: ModuleRule =
      area === 'modules' ? modules[moduleName!]! : area === 'lib' ? { owns: LIB_TABLES } : {};

    const tables = new Set<string>();
    for (const imp of imports) {
      const isSchema = /@sala\/db\/schema\//.test(imp.from);
      if (isSchema && !imp.typeOnly) {
        for (const name of imp.names) {
          // Types (UserRole) and constants (creditReasons) are not tables: only known tables count.
          if (!owner.has(name) && !Object.values(modules).some((r) => r.reads?.includes(name))) continue;
          tables.add(name);
        }
      }
      if (imp.from === 'drizzle-orm' && !imp.typeOnly && !isRepository && area !== 'lib') {
        say('SQL outside a repository (drizzle-orm is imported)');
      }
      const repositoryImport =
        /(?:^|\/)modules\/(\w+)\/[\w-]+\.repository$|^\.\.\/(\w+)\/[\w-]+\.repository$/.exec(imp.from);
      if (repositoryImport) {
        const target = repositoryImport[1] ?? repositoryImport[2];
        if (area !== 'modules' || target !== moduleName) {
          say(`reaches into another module's repository (${imp.from}); call its service instead`);
        }
      }
      if (area === 'lib' && /\/modules\//.test(imp.from)) say(`lib/ imports a module (${imp.from})`);
    }

    // Raw SQL names tables in quotes ("room_sessions"): those count as the camelCase tables they are.
    const rawWrites = new Set<string>();
    for (const match of source.matchAll(/\b(from|join|into|update)\s+"(\w+)"/gi)) {
      const table = match[2]!.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
      if (!owner.has(table) && !Object.values(modules).some((r) => r.reads?.includes(table))) continue;
      tables.add(table);
      const verb = match[1]!.toLowerCase();
      const before = source.slice(Math.max(0, match.index! - 10), match.index!);
      if (verb === 'into' || verb === 'update' || (verb === 'from' && /delete\s*$/i.test(before))) {
        rawWrites.add(table);
      }
    }

    if (tables.size > 0 && !isRepository && area !== 'lib') {
      say(`tables outside a repository: ${[...tables].join(', ')}`);
      continue;
    }
    for (const table of tables) {
      const mine = rule.owns?.includes(table) || rule.writes?.includes(table);
      if (!mine && !rule.reads?.includes(table)) {
        say(
          `touches ${table}, which belongs to ${owner.get(table) ?? 'no module'} (declare a read or call its service)`,
        );
      }
    }
    for (const table of rawWrites) {
      if (!(rule.owns?.includes(table) || rule.writes?.includes(table))) {
        say(`writes ${table} in SQL, which belongs to ${owner.get(table)}; only its own module writes it`);
      }
    }
    for (const match of source.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const [, verb, table] = match;
      if (!tables.has(table!)) continue;
      if (!(rule.owns?.includes(table!) || rule.writes?.includes(table!))) {
        say(`${verb}s ${table}, which belongs to ${owner.get(table!)}; only its own module writes it`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const apiSrc = fileURLToPath(new URL('../src', import.meta.url));
  const problems = checkModuleBoundaries(apiSrc);
  if (problems.length > 0) {
    console.error(`Module boundaries (apps/api/scripts/module-boundaries.ts):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('Module boundaries: ok');
}
