/**
 * The code's boundaries as a check (docs/architecture.md "Boundaries"; `npm run lint` runs it). Every file is read
 * with the TypeScript parser, so an import is an import however it is written (`import`, `import type`,
 * `export … from`, `import()`, `require()`, with or without a `.js` extension), and a table is a table under any
 * local name.
 *
 * API (apps/api/src):
 * - A module's tables are written only by its own repository files (`*.repository.ts`), in the query builder or in
 *   raw SQL (`sql\`update ${users} …\``, `insert into "users"`); a repository may read the other tables its module
 *   declares below, and writes only the ones it owns or is declared to write.
 * - Services, routes and everything else hold no SQL: no table, no `drizzle-orm` (or `drizzle-orm/*`) import and
 *   no SQL helper of lib/ outside repositories.
 * - A module calls another module's service, never its repository.
 * - lib/ knows no module; the modules' dependencies form no cycle.
 *
 * Web (apps/web/src): a feature imports another feature only through its `api/` folder; `components/ui` and
 * `lib` import no feature (pages in `app/` put features together).
 *
 * Run: `tsx apps/api/scripts/module-boundaries.ts` (exit 1 with one line per violation); `--write-graph` rewrites
 * the module picture in docs/architecture.md, which the check otherwise compares with the code.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

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
  // The gateway that took an online payment is its checkout's: a cancel reads it to refund through it.
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

/** lib/ files that are infrastructure with their own tables (callable anywhere), not SQL helpers for repositories. */
const LIB_SERVICES = new Set(['lib/rate-limit']);

type Import = {
  /** The specifier as written. */
  from: string;
  /** Resolved against the root for relative specifiers (no extension): `modules/users/users.repository`. */
  target: string | null;
  /** Imported binding → local name (`*` for a namespace, `default` for a default import). */
  bindings: { imported: string; local: string }[];
  typeOnly: boolean;
  kind: 'import' | 'export-from' | 'dynamic' | 'require';
};

type ParsedFile = { rel: string; source: ts.SourceFile; imports: Import[] };

function walk(dir: string, extensions: string[]): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...walk(full, extensions));
    else if (extensions.some((ext) => full.endsWith(ext)) && !/\.test\.tsx?$/.test(full)) files.push(full);
  }
  return files;
}

const withoutExtension = (specifier: string) => specifier.replace(/\.(?:[cm]?js|tsx?|jsx)$/, '');

function parse(root: string, file: string): ParsedFile {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(
    rel,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const resolve = (specifier: string) => {
    if (!specifier.startsWith('.')) return null;
    const joined = path.posix.normalize(
      path.posix.join(path.posix.dirname(rel), withoutExtension(specifier)),
    );
    return joined.startsWith('..') ? null : joined;
  };
  const imports: Import[] = [];
  const add = (from: string, rest: Omit<Import, 'from' | 'target'>) =>
    imports.push({ from, target: resolve(from), ...rest });

  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings: Import['bindings'] = [];
      let allTypes = Boolean(clause?.isTypeOnly);
      if (clause?.name) bindings.push({ imported: 'default', local: clause.name.text });
      const named = clause?.namedBindings;
      if (named && ts.isNamespaceImport(named)) bindings.push({ imported: '*', local: named.name.text });
      if (named && ts.isNamedImports(named)) {
        const values = named.elements.filter((e) => !e.isTypeOnly);
        if (!clause?.name && named.elements.length > 0 && values.length === 0) allTypes = true;
        for (const e of allTypes ? named.elements : values)
          bindings.push({ imported: (e.propertyName ?? e.name).text, local: e.name.text });
      }
      add(node.moduleSpecifier.text, { bindings, typeOnly: allTypes, kind: 'import' });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const bindings: Import['bindings'] = [];
      if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const e of node.exportClause.elements)
          bindings.push({ imported: (e.propertyName ?? e.name).text, local: e.name.text });
      } else bindings.push({ imported: '*', local: '*' });
      add(node.moduleSpecifier.text, { bindings, typeOnly: node.isTypeOnly, kind: 'export-from' });
    } else if (
      ts.isCallExpression(node) &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0]!)
    ) {
      const specifier = (node.arguments[0] as ts.StringLiteralLike).text;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword)
        add(specifier, { bindings: [{ imported: '*', local: '*' }], typeOnly: false, kind: 'dynamic' });
      else if (ts.isIdentifier(node.expression) && node.expression.text === 'require')
        add(specifier, { bindings: [{ imported: '*', local: '*' }], typeOnly: false, kind: 'require' });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, { bindings: [], typeOnly: true, kind: 'import' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { rel, source, imports };
}

/** `modules/<name>/…` → name (hyphens allowed: `cash-summary`). */
const moduleOf = (rel: string | null) => (rel ? /^modules\/([\w-]+)\//.exec(rel)?.[1] : undefined);
const isSchema = (from: string) =>
  /^@sala\/db\/schema(?:\/|$)/.test(from) || /packages\/db\/src\/schema/.test(from);
const isDrizzle = (from: string) => from === 'drizzle-orm' || from.startsWith('drizzle-orm/');

/** Identifiers used anywhere under a node. */
function identifiersIn(node: ts.Node, into = new Set<string>()) {
  if (ts.isIdentifier(node)) into.add(node.text);
  // (forEachChild stops at the first child whose callback answers something truthy.)
  ts.forEachChild(node, (child) => {
    identifiersIn(child, into);
  });
  return into;
}

/** lib/ exports that build SQL (they use a drizzle-orm binding): for repositories only. */
function libSqlHelpers(files: ParsedFile[]): Map<string, Set<string>> {
  const helpers = new Map<string, Set<string>>();
  for (const file of files) {
    const id = withoutExtension(file.rel);
    if (!id.startsWith('lib/') || LIB_SERVICES.has(id)) continue;
    const drizzle = new Set(
      file.imports
        .filter((i) => isDrizzle(i.from) && !i.typeOnly)
        .flatMap((i) => i.bindings.map((b) => b.local)),
    );
    if (drizzle.size === 0) continue;
    const names = new Set<string>();
    for (const statement of file.source.statements) {
      const exported =
        ts.canHaveModifiers(statement) &&
        ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported) continue;
      const used = identifiersIn(statement);
      if (![...drizzle].some((name) => used.has(name))) continue;
      if (ts.isFunctionDeclaration(statement) && statement.name) names.add(statement.name.text);
      if (ts.isVariableStatement(statement))
        for (const d of statement.declarationList.declarations)
          if (ts.isIdentifier(d.name)) names.add(d.name.text);
    }
    helpers.set(id, names);
  }
  return helpers;
}

/** Writes of tables in the query builder (`.insert(t)`, `.update(t)`, `.delete(t)`) and in raw SQL templates. */
function writesIn(source: ts.SourceFile, tableOf: Map<string, string>, knownTables: Set<string>) {
  const writes: { table: string; how: string }[] = [];
  const reads = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0]!)
    ) {
      const table = tableOf.get((node.arguments[0] as ts.Identifier).text);
      if (table) writes.push({ table, how: `${node.expression.name.text}s` });
    }
    if (
      ts.isTaggedTemplateExpression(node) ||
      ts.isTemplateExpression(node) ||
      ts.isNoSubstitutionTemplateLiteral(node)
    ) {
      const template = ts.isTaggedTemplateExpression(node) ? node.template : node;
      const pieces: { text: string; expression?: ts.Expression }[] = ts.isNoSubstitutionTemplateLiteral(
        template,
      )
        ? [{ text: template.text }]
        : [
            { text: template.head.text },
            ...template.templateSpans.map((span) => ({
              text: span.literal.text,
              expression: span.expression,
            })),
          ];
      // The text before each interpolation decides what it is: `update ${t}`, `insert into ${t}`, `delete from ${t}`.
      let before = '';
      for (const piece of pieces) {
        if (piece.expression && ts.isIdentifier(piece.expression)) {
          const table = tableOf.get(piece.expression.text);
          if (table) {
            if (
              /(?:\bupdate|\binsert\s+into|\bdelete\s+from|\bmerge\s+into|\btruncate(?:\s+table)?)\s*$/i.test(
                before,
              )
            )
              writes.push({ table, how: 'writes (in SQL)' });
          }
        }
        before = piece.text;
        // Quoted table names in the SQL text ("room_sessions") count as the tables they are.
        for (const match of piece.text.matchAll(/\b(from|join|into|update)\s+"(\w+)"/gi)) {
          const table = match[2]!.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
          if (!knownTables.has(table)) continue;
          reads.add(table);
          const verb = match[1]!.toLowerCase();
          const preceding = piece.text.slice(Math.max(0, match.index! - 10), match.index!);
          if (verb === 'into' || verb === 'update' || (verb === 'from' && /delete\s*$/i.test(preceding)))
            writes.push({ table, how: 'writes (in SQL)' });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { writes, reads };
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
  const knownTables = new Set([...owner.keys(), ...Object.values(modules).flatMap((r) => r.reads ?? [])]);

  const files = walk(apiSrc, ['.ts']).map((file) => parse(apiSrc, file));
  const sqlHelpers = libSqlHelpers(files);

  for (const { rel, source, imports } of files) {
    const [area] = rel.split('/');
    const moduleName = moduleOf(rel);
    const isRepository = rel.endsWith('.repository.ts');
    const say = (what: string) => problems.push(`apps/api/src/${rel}: ${what}`);

    if (area === 'modules' && (!moduleName || !modules[moduleName])) {
      say(`module '${moduleName ?? rel}' is not declared in apps/api/scripts/module-boundaries.ts`);
      continue;
    }
    const rule: ModuleRule = moduleName ? modules[moduleName]! : area === 'lib' ? { owns: LIB_TABLES } : {};
    const sqlAllowed = isRepository || area === 'lib';

    const tableOf = new Map<string, string>();
    for (const imp of imports) {
      if (isSchema(imp.from) && !imp.typeOnly) {
        for (const b of imp.bindings) if (knownTables.has(b.imported)) tableOf.set(b.local, b.imported);
      }
      if (isDrizzle(imp.from) && !imp.typeOnly && !sqlAllowed) {
        say(`SQL outside a repository (${imp.from} is imported)`);
      }
      const targetModule = moduleOf(imp.target);
      if (imp.target?.endsWith('.repository') && targetModule !== moduleName) {
        say(`reaches into another module's repository (${imp.from}); call its service instead`);
      }
      if (area === 'lib' && (targetModule || /(?:^|\/)modules\//.test(imp.from)))
        say(`lib/ imports a module (${imp.from})`);
      const helpers = imp.target ? sqlHelpers.get(imp.target) : undefined;
      if (helpers && !imp.typeOnly && !sqlAllowed) {
        const used = imp.bindings
          .filter((b) => b.imported === '*' || helpers.has(b.imported))
          .map((b) => b.imported);
        if (used.length > 0) say(`SQL helpers of ${imp.target} outside a repository (${used.join(', ')})`);
      }
    }

    const { writes, reads } = writesIn(source, tableOf, knownTables);
    const tables = new Set([...tableOf.values(), ...reads]);
    if (tables.size > 0 && !sqlAllowed) {
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
    const said = new Set<string>();
    for (const { table, how } of writes) {
      if (rule.owns?.includes(table) || rule.writes?.includes(table) || said.has(`${how}|${table}`)) continue;
      said.add(`${how}|${table}`);
      say(`${how} ${table}, which belongs to ${owner.get(table)}; only its own module writes it`);
    }
  }
  problems.push(
    ...findCycles(moduleGraph(apiSrc, files)).map((cycle) => `module cycle: ${cycle.join(' → ')}`),
  );
  return problems;
}

/** The API's modules and which others each one imports (values or types). */
export function moduleGraph(
  apiSrc: string,
  files = walk(apiSrc, ['.ts']).map((file) => parse(apiSrc, file)),
) {
  const graph = new Map<string, Set<string>>();
  for (const { rel, imports } of files) {
    const from = moduleOf(rel);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const imp of imports) {
      const to = moduleOf(imp.target);
      if (to && to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** Each cycle once, starting from its alphabetically first module. */
export function findCycles(graph: Map<string, Set<string>>): string[][] {
  const cycles = new Map<string, string[]>();
  const visit = (node: string, trail: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = trail.indexOf(next);
      if (at >= 0) {
        const loop = trail.slice(at);
        const start = loop.indexOf([...loop].sort()[0]!);
        const rotated = [...loop.slice(start), ...loop.slice(0, start)];
        cycles.set(rotated.join('>'), [...rotated, rotated[0]!]);
      } else if (trail.length < graph.size) visit(next, [...trail, next]);
    }
  };
  for (const node of [...graph.keys()].sort()) visit(node, [node]);
  return [...cycles.values()];
}

/** The web's zones: features meet only through each other's `api/`; shared pieces know no feature. */
export function checkWebZones(webSrc: string): string[] {
  const problems: string[] = [];
  for (const file of walk(webSrc, ['.ts', '.tsx'])) {
    const { rel, imports } = parse(webSrc, file);
    const feature = /^features\/([\w-]+)\//.exec(rel)?.[1];
    const zone = rel.startsWith('components/ui/') ? 'components/ui' : rel.startsWith('lib/') ? 'lib' : null;
    for (const imp of imports) {
      const target = imp.target ? /^features\/([\w-]+)\/(.*)$/.exec(imp.target) : null;
      if (!target) continue;
      const [, other, inside] = target;
      if (zone) problems.push(`apps/web/src/${rel}: ${zone} imports a feature (${imp.from})`);
      else if (feature && other !== feature && !inside!.startsWith('api/'))
        problems.push(`apps/web/src/${rel}: imports feature '${other}' outside its api/ (${imp.from})`);
    }
  }
  return problems;
}

const GRAPH_START =
  '<!-- module-graph:start (npm run lint checks it; tsx apps/api/scripts/module-boundaries.ts --write-graph) -->';
const GRAPH_END = '<!-- module-graph:end -->';

/** The picture of the modules' one-way arrows, as Mermaid, generated from the imports. */
export function moduleGraphMermaid(graph: Map<string, Set<string>>): string {
  const id = (name: string) => name.replace(/-/g, '_');
  const lines = ['```mermaid', 'graph LR'];
  for (const from of [...graph.keys()].sort()) {
    const targets = [...graph.get(from)!].sort();
    if (targets.length === 0) lines.push(`  ${id(from)}[${from}]`);
    for (const to of targets) lines.push(`  ${id(from)}[${from}] --> ${id(to)}[${to}]`);
  }
  lines.push('```');
  return lines.join('\n');
}

function graphSection(docs: string, graph: string) {
  const start = docs.indexOf(GRAPH_START);
  const end = docs.indexOf(GRAPH_END);
  if (start < 0 || end < start) return null;
  return {
    current: docs.slice(start + GRAPH_START.length, end).trim(),
    replaced: `${docs.slice(0, start)}${GRAPH_START}\n${graph}\n${docs.slice(end)}`,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const apiSrc = fileURLToPath(new URL('../src', import.meta.url));
  const webSrc = fileURLToPath(new URL('../../web/src', import.meta.url));
  const docsFile = fileURLToPath(new URL('../../../docs/architecture.md', import.meta.url));
  const problems = [...checkModuleBoundaries(apiSrc), ...checkWebZones(webSrc)];
  const graph = moduleGraphMermaid(moduleGraph(apiSrc));
  const docs = readFileSync(docsFile, 'utf8');
  const section = graphSection(docs, graph);
  if (!section) problems.push(`docs/architecture.md: the module picture's markers are missing`);
  else if (process.argv.includes('--write-graph')) writeFileSync(docsFile, section.replaced);
  else if (section.current !== graph)
    problems.push('docs/architecture.md: the module picture differs from the code (run with --write-graph)');
  if (problems.length > 0) {
    console.error(`Boundaries (apps/api/scripts/module-boundaries.ts):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('Module boundaries: ok');
}
