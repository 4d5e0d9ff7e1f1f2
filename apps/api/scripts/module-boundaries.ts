/**
 * The code's boundaries as a check (docs/architecture.md "Boundaries"; `npm run lint` runs it). Every file is read
 * with the TypeScript parser (source-imports.ts), so an import is an import however it is written (`import`,
 * `import type`, `export … from`, `import()`, `require()`, with or without a `.js` extension), and a table is a
 * table under any local name (an alias, a namespace, a `const` copy, a re-export).
 *
 * API (apps/api/src):
 * - A module's tables are written only by its own repository files (`*.repository.ts`), in the query builder or in
 *   raw SQL (`sql\`update ${users} …\``, `insert into "users"`, `db.execute('delete from users')`); a repository
 *   may read the other tables its module declares below, and writes only the ones it owns or is declared to write.
 * - Services, routes, plugins and everything else hold no SQL: no table, no `drizzle-orm` (or `drizzle-orm/*`)
 *   value import, no raw `execute`, `db.query.<table>` or `$client`, and no SQL helper of lib/ (LIB_SQL_HELPERS,
 *   and any lib/ export built on drizzle-orm) outside repositories.
 * - A module calls another module's service, never its repository.
 * - Infrastructure knows no module: lib/, plugins/, ports/ and context.ts import nothing under modules/ (app.ts
 *   hands a plugin what it needs from a module). The modules' dependencies form no cycle (every cycle is reported).
 * - No file anywhere in apps/ and packages/ imports itself back, however far round (file-cycles.ts).
 * - Every table of packages/db/src/schema belongs to one module (or to lib/).
 *
 * Web (apps/web/src): a feature imports another feature only through its `api/` folder; `components/ui` and
 * `lib` import no feature; nothing below `app/` imports `app/` (pages in `app/` put features together).
 *
 * The module picture and the names table in docs/architecture.md are compared with the code (module-graph.ts and
 * vocabulary.ts; `--write` there regenerates each).
 *
 * Run: `tsx apps/api/scripts/module-boundaries.ts` (exit 1 with one line per violation).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { checkFileCycles } from './file-cycles';
import { checkModuleGraphDoc, DOCS_FILE, moduleGraphMermaid } from './module-graph';
import {
  findCycles,
  importCallSpecifier,
  moduleGraph,
  moduleOf,
  type ParsedFile,
  parseTree,
  withoutExtension,
} from './source-imports';
import { checkVocabulary, readLayers } from './vocabulary';

type ModuleRule = { owns?: string[]; reads?: string[]; writes?: string[] };

/** Table (as exported by packages/db/src/schema) → the one module that owns it. */
export const MODULES: Record<string, ModuleRule> = {
  // Issue 45: the second factor's columns of users (secret, last step taken) are written by auth.
  auth: {
    owns: [
      'authSessions',
      'passwordResetTokens',
      'loginThrottles',
      'trustedDevices',
      'loginChallenges',
      'recoveryCodes',
    ],
    writes: ['users'],
  },
  users: { owns: ['users'] },
  // The balance column of users moves only with a ledger row, so the credits module writes it.
  // Issue 44: every credit belongs to a lot; a session holds its credits by lot; the nightly expiry's runs.
  // daily_credits is the ledger's sums per day, kept by the database's triggers (migration 0027).
  credits: {
    owns: ['creditLedger', 'creditLots', 'sessionCredits', 'creditExpiryRuns', 'dailyCredits'],
    writes: ['users'],
  },
  mail: { owns: ['emailOutbox'] },
  // Staff actions, written by the module that acts, in its transaction, through the audit service.
  audit: { owns: ['auditLog'] },
  cities: { owns: ['cities'], reads: ['branches'] },
  branches: { owns: ['branches'], reads: ['cities', 'rooms'] },
  rooms: { owns: ['rooms'], reads: ['branches', 'cities'] },
  products: { owns: ['products'] },
  // daily_sessions is the active sessions per branch, day and hour, kept by the database's triggers (migration 0027).
  bookings: {
    owns: ['roomSessions', 'sessionSeries', 'waitlistEntries', 'dailySessions'],
    reads: ['rooms', 'branches', 'cities', 'users'],
  },
  blocks: { owns: ['dayBlocks', 'roomBlocks'], reads: ['branches', 'cities', 'rooms'] },
  availability: { reads: ['branches', 'cities', 'rooms', 'roomSessions', 'dayBlocks', 'roomBlocks'] },
  // The gateway that took an online payment is its checkout's: a cancel reads it to refund through it.
  // daily_sales and daily_product_sales are the orders' sums, kept by the database's triggers (migration 0018).
  orders: {
    owns: ['orders', 'orderItems', 'dailySales', 'dailyProductSales', 'dailyProductTotals'],
    reads: ['users', 'branches', 'checkouts', 'paymentCustomers', 'invoices', 'globalInvoiceSales'],
  },
  costs: { owns: ['costs'], reads: ['branches'] },
  pos: {},
  // The drawer of a branch's day (issue 22); its figures come from the orders and costs modules.
  'cash-drawer': { owns: ['cashDrawers'], reads: ['branches'] },
  'cash-summary': {},
  // The owner's figures (issue 22): read-only sums over the day's bookings, blocks, sales, expenses and credits.
  dashboard: {
    reads: [
      'branches',
      'rooms',
      'dayBlocks',
      'roomBlocks',
      'dailySessions',
      'dailySales',
      'dailyProductSales',
      'dailyProductTotals',
      'costs',
      'dailyCredits',
      'users',
    ],
  },
  payments: { owns: ['checkouts', 'paymentEvents', 'paymentCustomers'] },
  catalog: {},
  health: {},
  me: {},
  // A client's account for the staff (issue 22): put together from users, credits, bookings and orders.
  'client-account': {},
  // The business's legal facts and what each person accepted (docs/decisions/018).
  legal: { owns: ['businessSettings', 'consents'] },
  // Moving from the old app (issue 41, decision 029): a data migration that loads a whole business in one
  // transaction, in bulk, under the same constraints and triggers as every other write; a later run's balance
  // changes go through the credits service.
  imports: {
    owns: ['importIds'],
    // Only to count rows (a dry run's proof that it wrote nothing).
    reads: ['dailySales', 'dailyProductSales', 'auditLog'],
    writes: [
      'users',
      'creditLedger',
      'creditLots',
      'cities',
      'branches',
      'rooms',
      'products',
      'roomSessions',
      'dayBlocks',
      'roomBlocks',
      'orders',
      'orderItems',
      'costs',
    ],
  },
  // CFDI invoices (issue 42): the issuer, clients' fiscal profiles, products' SAT keys and the invoices' queue; it
  // reads the sales it invoices.
  invoicing: {
    owns: ['invoicingSettings', 'productSatKeys', 'fiscalProfiles', 'invoices', 'globalInvoiceSales'],
    // daily_sales: the report's sums by invoice cover (migration 0027).
    reads: ['orders', 'orderItems', 'products', 'dailySales'],
  },
  // Secret calendar addresses (issue 43): a client's or a branch's sessions, read in one query.
  'calendar-feeds': {
    owns: ['calendarFeeds'],
    reads: ['roomSessions', 'rooms', 'branches', 'cities', 'users'],
  },
  // WhatsApp (issue 43): each client's consent, the template messages' outbox and their delivery statuses.
  whatsapp: { owns: ['whatsappConsents', 'whatsappMessages'], reads: ['users'] },
  // ARCO requests and actions; it reads each account's name for the staff list.
  privacy: { owns: ['privacyRequests', 'emailChanges'], reads: ['users'] },
};

/** The API's floor below the modules: what the modules stand on, so it imports none of them. */
const INFRASTRUCTURE = /^(?:(?:lib|plugins|ports)\/|context\.ts$)/;

/** Infrastructure tables that lib/ helpers own (rate limits, idempotency). */
export const LIB_TABLES = ['rateLimitHits', 'idempotencyKeys', 'signingKeys'];

/** lib/ files that are infrastructure with their own tables (callable anywhere), not SQL helpers for repositories. */
const LIB_SERVICES = new Set(['lib/rate-limit', 'lib/signing']);

/**
 * lib/ exports that only repositories use although they import no drizzle-orm (those that do are found on their
 * own): raw result rows, queries built once, ILIKE patterns and OFFSETs. `*` = the whole file.
 */
export const LIB_SQL_HELPERS: Record<string, '*' | string[]> = {
  'lib/sql-rows': '*',
  'lib/prepared': '*',
  'lib/paging': ['containsPattern', 'offsetOf'],
};

const SCHEMA_DIR = fileURLToPath(new URL('../../../packages/db/src/schema', import.meta.url));

const isSchema = (from: string) =>
  /^@sala\/db\/schema(?:\/|$)/.test(from) || /(?:^|\/)packages\/db\/src\/schema(?:\/|$)/.test(from);
const isDrizzle = (from: string) => from === 'drizzle-orm' || from.startsWith('drizzle-orm/');
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  Boolean(ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword));

/** The tables packages/db/src/schema defines (`export const x = pgTable('sql_name', …)`): export name → SQL name. */
export function readSchemaTables(schemaDir = SCHEMA_DIR): Map<string, string> {
  const tables = new Map<string, string>();
  for (const { source } of parseTree(schemaDir)) {
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement) || !isExported(statement)) continue;
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer;
        if (!ts.isIdentifier(d.name) || !init || !ts.isCallExpression(init)) continue;
        const callee = init.expression;
        const first = init.arguments[0];
        if (ts.isIdentifier(callee) && /Table$/.test(callee.text) && first && ts.isStringLiteralLike(first))
          tables.set(d.name.text, first.text);
      }
    }
  }
  return tables;
}

/** Tables of the schema that no module (nor lib/) owns, and owned tables the schema does not have. */
export function undeclaredTables(modules: Record<string, ModuleRule>, schemaTables: Map<string, string>) {
  const owned = new Set([...Object.values(modules).flatMap((r) => r.owns ?? []), ...LIB_TABLES]);
  return [
    ...[...schemaTables.keys()]
      .filter((t) => !owned.has(t))
      .map((t) => `packages/db/src/schema: table ${t} belongs to no module (declare it in MODULES)`),
    ...[...owned]
      .filter((t) => !schemaTables.has(t))
      .map((t) => `apps/api/scripts/module-boundaries.ts: ${t} is declared but the schema has no such table`),
  ];
}

/** Exported name → the table it is (names that are not tables are absent). */
type TableSource = Map<string, string>;

/** Which local names are which tables in one file. */
type Scope = { names: Map<string, string>; namespaces: Map<string, TableSource> };

const unwrap = (node: ts.Expression): ts.Expression => {
  let e = node;
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isNonNullExpression(e) ||
    ts.isSatisfiesExpression(e) ||
    ts.isAwaitExpression(e) ||
    ts.isTypeAssertionExpression(e)
  )
    e = e.expression;
  return e;
};

class TableResolver {
  constructor(
    /** Identity map of every table name (what a schema import offers). */
    private readonly schema: TableSource,
    /** Tables that files of the tree export (re-exports and `const` copies). */
    readonly exported: Map<string, TableSource>,
  ) {}

  providerOf(from: string, target: string | null): TableSource | undefined {
    if (isSchema(from)) return this.schema;
    return target ? this.exported.get(target) : undefined;
  }

  private providerOfCall(node: ts.Expression, file: ParsedFile) {
    const call = importCallSpecifier(unwrap(node));
    if (!call) return undefined;
    const imp = file.imports.find((i) => i.node === unwrap(node));
    return this.providerOf(call.specifier, imp?.target ?? null);
  }

  /** The table an expression stands for: `users`, `accounts` (an alias), `schema.users`, `(await import(…)).users`. */
  tableIn(node: ts.Expression, scope: Scope, file: ParsedFile): string | undefined {
    const e = unwrap(node);
    if (ts.isIdentifier(e)) return scope.names.get(e.text);
    const member = ts.isPropertyAccessExpression(e)
      ? e.name.text
      : ts.isElementAccessExpression(e) && ts.isStringLiteralLike(e.argumentExpression)
        ? e.argumentExpression.text
        : undefined;
    if (member === undefined) return undefined;
    const object = unwrap((e as ts.PropertyAccessExpression | ts.ElementAccessExpression).expression);
    const source = ts.isIdentifier(object)
      ? scope.namespaces.get(object.text)
      : this.providerOfCall(object, file);
    return source?.get(member);
  }

  scopeOf(file: ParsedFile): Scope {
    const scope: Scope = { names: new Map(), namespaces: new Map() };
    for (const imp of file.imports) {
      if (imp.typeOnly || imp.kind === 'export-from') continue;
      const source = this.providerOf(imp.from, imp.target);
      if (!source) continue;
      for (const b of imp.bindings) {
        if (b.imported === '*') {
          if (b.local !== '*') scope.namespaces.set(b.local, source);
        } else if (source.has(b.imported)) scope.names.set(b.local, source.get(b.imported)!);
      }
    }
    // `const { users } = await import(…)`, `const s = require(…)`, `const t = users`, `const t = s.users`.
    const declarations: ts.VariableDeclaration[] = [];
    const collect = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && node.initializer) declarations.push(node);
      ts.forEachChild(node, collect);
    };
    collect(file.source);
    for (let round = 0; round < 3; round++) {
      for (const d of declarations) {
        const init = d.initializer!;
        const source = this.providerOfCall(init, file);
        if (source && ts.isIdentifier(d.name)) scope.namespaces.set(d.name.text, source);
        else if (source && ts.isObjectBindingPattern(d.name)) {
          for (const element of d.name.elements) {
            const imported = (element.propertyName ?? element.name) as ts.Node;
            if (ts.isIdentifier(element.name) && ts.isIdentifier(imported) && source.has(imported.text))
              scope.names.set(element.name.text, source.get(imported.text)!);
          }
        } else if (ts.isIdentifier(d.name)) {
          const table = this.tableIn(init, scope, file);
          if (table) scope.names.set(d.name.text, table);
          const object = unwrap(init);
          if (ts.isIdentifier(object) && scope.namespaces.has(object.text))
            scope.namespaces.set(d.name.text, scope.namespaces.get(object.text)!);
        }
      }
    }
    return scope;
  }

  /** The tables a file offers others: `export { users } from '…/schema'`, `export const t = users`, `export { t }`. */
  exportsOf(file: ParsedFile): TableSource {
    const scope = this.scopeOf(file);
    const out: TableSource = new Map();
    for (const imp of file.imports) {
      if (imp.kind !== 'export-from' || imp.typeOnly) continue;
      const source = this.providerOf(imp.from, imp.target);
      if (!source) continue;
      for (const b of imp.bindings) {
        if (b.imported === '*') for (const [name, table] of source) out.set(name, table);
        else if (source.has(b.imported)) out.set(b.local, source.get(b.imported)!);
      }
    }
    for (const statement of file.source.statements) {
      if (ts.isVariableStatement(statement) && isExported(statement)) {
        for (const d of statement.declarationList.declarations)
          if (ts.isIdentifier(d.name) && scope.names.has(d.name.text))
            out.set(d.name.text, scope.names.get(d.name.text)!);
      }
      if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause) {
        if (!ts.isNamedExports(statement.exportClause)) continue;
        for (const e of statement.exportClause.elements) {
          const table = scope.names.get((e.propertyName ?? e.name).text);
          if (table) out.set(e.name.text, table);
        }
      }
    }
    return out;
  }
}

/** Every exported name of a file (to keep LIB_SQL_HELPERS honest). */
function exportedNames(file: ParsedFile) {
  const names = new Set<string>();
  for (const statement of file.source.statements) {
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    )
      for (const e of statement.exportClause.elements) names.add(e.name.text);
    if (!isExported(statement)) continue;
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name)
      names.add(statement.name.text);
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name)) names.add(d.name.text);
  }
  return names;
}

/** Identifiers used anywhere under a node. */
function identifiersIn(node: ts.Node, into = new Set<string>()) {
  if (ts.isIdentifier(node)) into.add(node.text);
  // (forEachChild stops at the first child whose callback answers something truthy.)
  ts.forEachChild(node, (child) => {
    identifiersIn(child, into);
  });
  return into;
}

/** lib/ exports for repositories only: the declared ones, and every export that uses a drizzle-orm binding. */
function libSqlHelpers(files: ParsedFile[], declared: Record<string, '*' | string[]>) {
  const helpers = new Map<string, '*' | Set<string>>();
  for (const file of files) {
    const id = withoutExtension(file.rel);
    if (!id.startsWith('lib/') || LIB_SERVICES.has(id)) continue;
    const names = new Set<string>();
    const drizzle = new Set(
      file.imports
        .filter((i) => isDrizzle(i.from) && !i.typeOnly)
        .flatMap((i) => i.bindings.map((b) => b.local)),
    );
    for (const statement of file.source.statements) {
      if (drizzle.size === 0 || !isExported(statement)) continue;
      const used = identifiersIn(statement);
      if (![...drizzle].some((name) => used.has(name))) continue;
      if (ts.isFunctionDeclaration(statement) && statement.name) names.add(statement.name.text);
      if (ts.isVariableStatement(statement))
        for (const d of statement.declarationList.declarations)
          if (ts.isIdentifier(d.name)) names.add(d.name.text);
    }
    const listed = declared[id];
    if (listed === '*') {
      helpers.set(id, '*');
      continue;
    }
    for (const name of listed ?? []) names.add(name);
    if (names.size > 0) helpers.set(id, names);
  }
  return helpers;
}

/** LIB_SQL_HELPERS entries that name a lib/ file or export that no longer exists (so the list cannot rot). */
export function staleLibSqlHelpers(files: ParsedFile[], declared = LIB_SQL_HELPERS): string[] {
  const problems: string[] = [];
  for (const [id, listed] of Object.entries(declared)) {
    const file = files.find((f) => withoutExtension(f.rel) === id);
    const exported = file ? exportedNames(file) : new Set<string>();
    for (const name of file ? (listed === '*' ? [] : listed) : ['(the file)'])
      if (!exported.has(name))
        problems.push(
          `apps/api/scripts/module-boundaries.ts: LIB_SQL_HELPERS names ${id}: ${name}, which is gone`,
        );
  }
  return problems;
}

const WRITE_VERB = /^(?:delete\s+from|insert\s+into|merge\s+into|truncate(?:\s+table)?|update)$/i;
/** A table named in SQL text, quoted or not, after the word that says whether it is read or written. */
const SQL_TABLE =
  /\b(delete\s+from|insert\s+into|merge\s+into|truncate(?:\s+table)?|update|from|join|using)\s+(?:only\s+)?(?:"?public"?\s*\.\s*)?("?)([A-Za-z_]\w*)\2/gi;
/** The text before an interpolated table that makes it a write: `update ${t}`, `insert into ${t}`, … */
const WRITES_NEXT =
  /(?:\bupdate|\binsert\s+into|\bdelete\s+from|\bmerge\s+into|\btruncate(?:\s+table)?)\s*(?:only\s+)?$/i;

type SqlUse = { writes: { table: string; how: string }[]; reads: Set<string>; raw: string[] };

/**
 * What SQL a file runs: writes in the query builder (`.insert(t)`, `.update(t)`, `.delete(t)`) and in raw SQL,
 * tables read through a namespace or `db.query.<table>`, and raw SQL that needs no import (`db.execute('…')`,
 * `$client`). Table names in the text count when quoted in any template, and also unquoted in SQL proper (a
 * `sql` template, `sql.raw(…)`, or a string given to `.execute(…)` / `.query(…)`).
 */
function sqlUseIn(
  file: ParsedFile,
  scope: Scope,
  resolver: TableResolver,
  bySqlName: Map<string, string>,
  sqlTags: Set<string>,
): SqlUse {
  const use: SqlUse = { writes: [], reads: new Set(), raw: [] };
  const sqlContexts = new Set<ts.Node>();

  const scanText = (text: string, sqlProper: boolean) => {
    for (const match of text.matchAll(SQL_TABLE)) {
      const [, verb, quote, name] = match;
      if (!quote && !sqlProper) continue;
      const table = bySqlName.get(name!.toLowerCase());
      if (!table) continue;
      use.reads.add(table);
      if (WRITE_VERB.test(verb!)) use.writes.push({ table, how: 'writes (in SQL)' });
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      if (['insert', 'update', 'delete'].includes(method) && node.arguments.length === 1) {
        const table = resolver.tableIn(first!, scope, file);
        if (table) use.writes.push({ table, how: `${method}s` });
      }
      const stringArg = first && (ts.isStringLiteralLike(first) || ts.isTemplateExpression(first));
      const isSqlRaw =
        method === 'raw' &&
        ts.isIdentifier(node.expression.expression) &&
        sqlTags.has(node.expression.expression.text);
      if (stringArg && (method === 'execute' || method === 'query' || isSqlRaw)) sqlContexts.add(first!);
      if (stringArg && method === 'execute') use.raw.push('raw SQL given to execute()');
    }
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      const table = resolver.tableIn(node, scope, file);
      if (table) use.reads.add(table);
    }
    // db.query.<table>.findFirst(…): Drizzle's relational queries need no import.
    if (
      ts.isPropertyAccessExpression(node) &&
      ['findFirst', 'findMany'].includes(node.name.text) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isPropertyAccessExpression(node.expression.expression) &&
      node.expression.expression.name.text === 'query'
    ) {
      const table = node.expression.name.text;
      if (resolver.providerOf('@sala/db/schema', null)?.has(table)) {
        use.reads.add(table);
        use.raw.push(`query.${table}.${node.name.text}()`);
      }
    }
    if (ts.isPropertyAccessExpression(node) && node.name.text === '$client')
      use.raw.push('the driver ($client)');

    if (ts.isTaggedTemplateExpression(node) || ts.isTemplateLiteral(node) || ts.isStringLiteral(node)) {
      const tag = ts.isTaggedTemplateExpression(node) ? unwrap(node.tag) : undefined;
      const sqlProper =
        sqlContexts.has(node) || (tag !== undefined && ts.isIdentifier(tag) && sqlTags.has(tag.text));
      const literal = ts.isTaggedTemplateExpression(node) ? node.template : node;
      const pieces: { text: string; expression?: ts.Expression }[] = ts.isTemplateExpression(literal)
        ? [
            { text: literal.head.text },
            ...literal.templateSpans.map((span) => ({
              text: span.literal.text,
              expression: span.expression,
            })),
          ]
        : [{ text: literal.text }];
      // The text before each interpolation decides what it is: `update ${t}`, `insert into ${t}`, `delete from ${t}`.
      let before = '';
      for (const piece of pieces) {
        if (piece.expression) {
          const table = resolver.tableIn(piece.expression, scope, file);
          if (table && WRITES_NEXT.test(before)) use.writes.push({ table, how: 'writes (in SQL)' });
        }
        before = piece.text;
        if (ts.isStringLiteral(node) && !sqlProper) continue;
        scanText(piece.text, sqlProper);
      }
      if (ts.isTaggedTemplateExpression(node)) {
        // The template's own spans are visited below; its literal pieces were read here.
        for (const span of ts.isTemplateExpression(literal) ? literal.templateSpans : [])
          visit(span.expression);
        visit(node.tag);
        return;
      }
      if (ts.isTemplateExpression(node)) {
        for (const span of node.templateSpans) visit(span.expression);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file.source);
  return use;
}

export type BoundaryOptions = {
  /** Export name → SQL name of every table (read from packages/db/src/schema unless given). */
  schemaTables?: Map<string, string>;
  libSqlHelpers?: Record<string, '*' | string[]>;
  files?: ParsedFile[];
};

let realSchema: Map<string, string> | undefined;
const schemaOfTheRepo = () => {
  realSchema = realSchema ?? readSchemaTables();
  return realSchema;
};

/** Every violation under apps/api/src of the given root, as 'file: what'. */
export function checkModuleBoundaries(
  apiSrc: string,
  modules: Record<string, ModuleRule> = MODULES,
  options: BoundaryOptions = {},
): string[] {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  for (const [name, rule] of Object.entries(modules)) {
    for (const table of rule.owns ?? []) {
      if (owner.has(table)) problems.push(`${table} is owned by both ${owner.get(table)} and ${name}`);
      owner.set(table, name);
    }
  }
  for (const table of LIB_TABLES) owner.set(table, 'lib');

  const schemaTables = options.schemaTables ?? schemaOfTheRepo();
  const declared = [
    ...owner.keys(),
    ...Object.values(modules).flatMap((r) => [...(r.reads ?? []), ...(r.writes ?? [])]),
  ];
  const sqlNames = new Map(schemaTables);
  for (const table of declared) if (!sqlNames.has(table)) sqlNames.set(table, snake(table));
  const bySqlName = new Map([...sqlNames].map(([table, sqlName]) => [sqlName.toLowerCase(), table]));
  const resolver = new TableResolver(new Map([...sqlNames.keys()].map((t) => [t, t])), new Map());

  const files = options.files ?? parseTree(apiSrc);
  const sqlHelpers = libSqlHelpers(files, options.libSqlHelpers ?? LIB_SQL_HELPERS);

  // Tables that files re-export, followed through chains of re-exports.
  for (let round = 0; round < 4; round++) {
    let changed = false;
    for (const file of files) {
      const exports = resolver.exportsOf(file);
      const id = withoutExtension(file.rel);
      if (exports.size > (resolver.exported.get(id)?.size ?? 0)) {
        resolver.exported.set(id, exports);
        changed = true;
      }
    }
    if (!changed) break;
  }

  for (const file of files) {
    const { rel, imports } = file;
    const [area] = rel.split('/');
    const moduleName = moduleOf(rel);
    const isRepository = /\.repository\.ts$/.test(rel);
    const say = (what: string) => problems.push(`apps/api/src/${rel}: ${what}`);

    if (area === 'modules' && (!moduleName || !modules[moduleName])) {
      say(`module '${moduleName ?? rel}' is not declared in apps/api/scripts/module-boundaries.ts`);
      continue;
    }
    const rule: ModuleRule = moduleName ? modules[moduleName]! : area === 'lib' ? { owns: LIB_TABLES } : {};
    const sqlAllowed = isRepository || area === 'lib';
    const scope = resolver.scopeOf(file);
    const tables = new Set(scope.names.values());
    const sqlTags = new Set(['sql']);

    for (const imp of imports) {
      if (isDrizzle(imp.from) && !imp.typeOnly) {
        for (const b of imp.bindings) if (b.imported === 'sql') sqlTags.add(b.local);
        if (!sqlAllowed) say(`SQL outside a repository (${imp.from} is imported)`);
      }
      const source = imp.typeOnly ? undefined : resolver.providerOf(imp.from, imp.target);
      if (source) {
        for (const b of imp.bindings) {
          if (b.imported !== '*' && source.has(b.imported)) tables.add(source.get(b.imported)!);
          // A whole schema module (namespace, `import()`, `require`, `export *`) outside a repository.
          if (b.imported === '*' && !sqlAllowed && isSchema(imp.from))
            say(`tables outside a repository (${imp.from} is imported whole)`);
        }
      }
      const targetModule = moduleOf(imp.target);
      if (imp.target?.endsWith('.repository') && targetModule !== moduleName) {
        say(`reaches into another module's repository (${imp.from}); call its service instead`);
      }
      if (INFRASTRUCTURE.test(rel) && (targetModule || /(?:^|\/)modules\//.test(imp.from)))
        say(`${area === 'context.ts' ? area : `${area}/`} imports a module (${imp.from})`);
      const helpers = imp.target ? sqlHelpers.get(imp.target) : undefined;
      if (helpers && !imp.typeOnly && !sqlAllowed) {
        const used = imp.bindings
          .filter((b) => helpers === '*' || b.imported === '*' || helpers.has(b.imported))
          .map((b) => b.imported);
        if (used.length > 0) say(`SQL helpers of ${imp.target} outside a repository (${used.join(', ')})`);
      }
    }

    const { writes, reads, raw } = sqlUseIn(file, scope, resolver, bySqlName, sqlTags);
    for (const table of reads) tables.add(table);
    if (!sqlAllowed) {
      for (const what of new Set(raw)) say(`SQL outside a repository (${what})`);
      if (tables.size > 0) say(`tables outside a repository: ${[...tables].join(', ')}`);
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
      say(
        `${how} ${table}, which belongs to ${owner.get(table) ?? 'no module'}; only its own module writes it`,
      );
    }
  }
  problems.push(
    ...findCycles(moduleGraph(apiSrc, files)).map((cycle) => `module cycle: ${cycle.join(' → ')}`),
  );
  return problems;
}

/**
 * The web's zones: features meet only through each other's `api/`; shared pieces know no feature; only the app's
 * own files (app/, main.tsx, entry-server.tsx) import app/.
 */
export function checkWebZones(webSrc: string): string[] {
  const problems: string[] = [];
  for (const { rel, imports } of parseTree(webSrc, ['.ts', '.tsx'])) {
    const feature = /^features\/([\w-]+)\//.exec(rel)?.[1];
    const zone = rel.startsWith('components/ui/') ? 'components/ui' : rel.startsWith('lib/') ? 'lib' : null;
    const say = (what: string) => problems.push(`apps/web/src/${rel}: ${what}`);
    for (const imp of imports) {
      if (!imp.target) continue;
      if ((feature || zone) && /^app(?:\/|$)/.test(imp.target)) say(`imports the app's pages (${imp.from})`);
      const target = /^features\/([\w-]+)(?:\/(.*))?$/.exec(imp.target);
      if (!target) continue;
      const [, other, inside = ''] = target;
      if (zone) say(`${zone} imports a feature (${imp.from})`);
      else if (feature && other !== feature && !inside.startsWith('api/'))
        say(`imports feature '${other}' outside its api/ (${imp.from})`);
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const apiSrc = fileURLToPath(new URL('../src', import.meta.url));
  const webSrc = fileURLToPath(new URL('../../web/src', import.meta.url));
  const files = parseTree(apiSrc);
  const problems = [
    ...checkModuleBoundaries(apiSrc, MODULES, { files }),
    ...undeclaredTables(MODULES, readSchemaTables()),
    ...staleLibSqlHelpers(files),
    ...checkWebZones(webSrc),
    ...checkFileCycles(fileURLToPath(new URL('../../..', import.meta.url))),
    ...(existsSync(DOCS_FILE)
      ? [
          ...checkModuleGraphDoc(
            readFileSync(DOCS_FILE, 'utf8'),
            moduleGraphMermaid(moduleGraph(apiSrc, files)),
          ),
          ...checkVocabulary(readFileSync(DOCS_FILE, 'utf8'), readLayers()),
        ]
      : ['docs/architecture.md is missing']),
  ];
  if (problems.length > 0) {
    console.error(`Boundaries (apps/api/scripts/module-boundaries.ts):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('Module boundaries: ok');
}
