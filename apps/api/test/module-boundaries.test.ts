import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkFileCycles } from '../scripts/file-cycles';
import {
  checkModuleBoundaries,
  checkWebZones,
  MODULES,
  readSchemaTables,
  staleLibSqlHelpers,
  undeclaredTables,
} from '../scripts/module-boundaries';
import { checkModuleGraphDoc, GRAPH_END, GRAPH_START, moduleGraphMermaid } from '../scripts/module-graph';
import { findCycles, moduleGraph, parseTree } from '../scripts/source-imports';
import { checkVocabulary, NAMES_END, NAMES_START, readLayers, vocabularyTable } from '../scripts/vocabulary';

function tree(files: Record<string, string>) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return root;
}

const modules = {
  users: { owns: ['users'] },
  rooms: { owns: ['rooms'], reads: ['branches'] },
  branches: { owns: ['branches'] },
  'cash-summary': {},
};

describe('module boundaries', () => {
  it('hold in the API as it is', () => {
    expect(checkModuleBoundaries(fileURLToPath(new URL('../src', import.meta.url)))).toEqual([]);
  });

  it('accept a repository that writes its own table and reads a declared one', () => {
    const root = tree({
      'modules/rooms/rooms.repository.ts': `import { branches, rooms } from '@sala/db/schema/locations';
import { eq } from 'drizzle-orm';
export const a = (db) => db.select().from(rooms).innerJoin(branches, eq(rooms.branchId, branches.id));
export const b = (db) => db.update(rooms).set({});`,
      'modules/rooms/rooms.service.ts': `import type { rooms } from '@sala/db/schema/locations';
import { lockBranch } from '../branches/branches.service';
import { a } from './rooms.repository';`,
    });
    expect(checkModuleBoundaries(root, modules)).toEqual([]);
  });

  it.each([
    [
      'SQL in a service',
      { 'modules/users/users.service.ts': `import { eq } from 'drizzle-orm';` },
      /SQL outside a repository/,
    ],
    [
      'a table in a service',
      { 'modules/users/users.service.ts': `import { users } from '@sala/db/schema/users';` },
      /tables outside a repository: users/,
    ],
    [
      "another module's repository",
      { 'modules/rooms/rooms.service.ts': `import { findBranch } from '../branches/branches.repository';` },
      /reaches into another module's repository/,
    ],
    [
      'an undeclared read',
      {
        'modules/branches/branches.repository.ts': `import { rooms } from '@sala/db/schema/locations';
export const f = (db) => db.select().from(rooms);`,
      },
      /touches rooms, which belongs to rooms/,
    ],
    [
      'a write to a table the module only reads',
      {
        'modules/rooms/rooms.repository.ts': `import { branches } from '@sala/db/schema/locations';
export const f = (db) => db.update(branches).set({});`,
      },
      /updates branches, which belongs to branches/,
    ],
    [
      'lib reaching into a module',
      { 'lib/helper.ts': `import { x } from '../modules/users/users.service';` },
      /lib\/ imports a module/,
    ],
    [
      'a plugin importing a module service (app.ts hands it what it needs)',
      { 'plugins/web.ts': `import { getPublicBranches } from '../modules/catalog/catalog.service';` },
      /plugins\/ imports a module/,
    ],
    [
      'the request context importing a module, even a type',
      { 'context.ts': `import type { Notify } from './modules/mail/notify';` },
      /context\.ts imports a module/,
    ],
    [
      'a port importing a module',
      { 'ports/notify.ts': `import type { ReservationFacts } from '../modules/mail/templates';` },
      /ports\/ imports a module/,
    ],
    ['an undeclared module', { 'modules/extra/extra.service.ts': 'export {};' }, /is not declared/],
  ])('catch %s', (_label, files, problem) => {
    const problems = checkModuleBoundaries(tree(files as Record<string, string>), modules);
    expect(problems).toEqual([expect.stringMatching(problem)]);
  });
});

describe('module boundaries in raw SQL', () => {
  it('count a quoted table name as a read, and an insert or update into one as a write', () => {
    const modulesWithOrders = { ...modules, orders: { owns: ['orders'] } };
    const read = tree({
      'modules/rooms/rooms.repository.ts': 'export const q = sql`select 1 from "orders" o`;',
    });
    expect(checkModuleBoundaries(read, modulesWithOrders)).toEqual([expect.stringMatching(/touches orders/)]);
    const write = tree({
      'modules/rooms/rooms.repository.ts': 'export const q = sql`update "branches" set x = 1`;',
    });
    expect(checkModuleBoundaries(write, modulesWithOrders)).toEqual([
      expect.stringMatching(/writes \(in SQL\) branches/),
    ]);
  });
});

describe('module boundaries: the shapes a regular expression missed', () => {
  /** A lib/ file with one SQL helper (it uses drizzle-orm) and one plain helper. */
  const lib = {
    'lib/paging.ts': `import { sql } from 'drizzle-orm';
export const orderBy = (column) => sql\`\${column} asc\`;
export const toPage = (rows) => ({ rows });`,
  };

  it.each([
    [
      "a raw-SQL write to another module's table",
      {
        'modules/rooms/rooms.repository.ts': `import { users } from '@sala/db/schema/users';
import { sql } from 'drizzle-orm';
export const f = (db) => db.execute(sql\`update \${users} set credits = 0\`);`,
      },
      [/touches users, which belongs to users/, /writes \(in SQL\) users, which belongs to users/],
    ],
    [
      'a raw-SQL write through a table imported under another name',
      {
        'modules/rooms/rooms.repository.ts': `import { users as accounts } from '@sala/db/schema/users';
import { sql } from 'drizzle-orm';
export const f = (db) => db.execute(sql\`insert into \${accounts} (id) values (1)\`);`,
      },
      [/touches users/, /writes \(in SQL\) users/],
    ],
    [
      'a hyphenated module reaching into a repository',
      { 'modules/cash-summary/cash-summary.service.ts': `import { f } from '../rooms/rooms.repository';` },
      [/cash-summary\.service\.ts: reaches into another module's repository/],
    ],
    [
      "an `export … from` another module's repository",
      { 'modules/rooms/rooms.service.ts': `export { findBranch } from '../branches/branches.repository';` },
      [/reaches into another module's repository/],
    ],
    [
      'drizzle-orm/pg-core outside a repository',
      { 'modules/rooms/rooms.service.ts': `import { alias } from 'drizzle-orm/pg-core';` },
      [/SQL outside a repository \(drizzle-orm\/pg-core/],
    ],
    [
      "lib/'s SQL helpers in a service",
      { ...lib, 'modules/rooms/rooms.service.ts': `import { orderBy, toPage } from '../../lib/paging';` },
      [/SQL helpers of lib\/paging outside a repository \(orderBy\)/],
    ],
    [
      'a .js extension on a repository import',
      {
        'modules/rooms/rooms.service.ts': `import { findBranch } from '../branches/branches.repository.js';`,
      },
      [/reaches into another module's repository/],
    ],
    [
      "a dynamic import() of another module's repository",
      {
        'modules/rooms/rooms.service.ts': `export const f = async () => (await import('../branches/branches.repository')).x;`,
      },
      [/reaches into another module's repository/],
    ],
    [
      'a table read in a route',
      {
        'modules/rooms/rooms.routes.ts': `import { rooms as r } from '@sala/db/schema/locations';\nexport const x = r;`,
      },
      [/tables outside a repository: rooms/],
    ],
  ])('catch %s', (_label, files, expected) => {
    const problems = checkModuleBoundaries(tree(files as Record<string, string>), modules);
    expect(problems).toEqual(expected.map((problem) => expect.stringMatching(problem)));
  });

  it('let a plain lib helper and a type-only schema import through', () => {
    const root = tree({
      ...lib,
      'modules/rooms/rooms.service.ts': `import { toPage } from '../../lib/paging';
import type { rooms } from '@sala/db/schema/locations';
import type { SQL } from 'drizzle-orm';`,
    });
    expect(checkModuleBoundaries(root, modules)).toEqual([]);
  });

  it('catch a cycle between modules, however long', () => {
    const root = tree({
      'modules/rooms/rooms.service.ts': `import { a } from '../branches/branches.service';`,
      'modules/branches/branches.service.ts': `import type { B } from '../users/users.service';`,
      'modules/users/users.service.ts': `export { c } from '../rooms/rooms.service';`,
    });
    expect(findCycles(moduleGraph(root))).toEqual([['branches', 'users', 'rooms', 'branches']]);
    expect(checkModuleBoundaries(root, modules)).toEqual([
      expect.stringMatching(/module cycle: branches → users → rooms → branches/),
    ]);
  });

  it('see no cycle in the API as it is', () => {
    expect(findCycles(moduleGraph(fileURLToPath(new URL('../src', import.meta.url))))).toEqual([]);
  });
});

describe('module boundaries: tables and SQL however they are reached', () => {
  it.each([
    [
      "lib/sql-rows' rowsOf in a service",
      {
        'lib/sql-rows.ts': 'export function rowsOf(result) { return result.rows; }',
        'modules/rooms/rooms.service.ts': `import { rowsOf } from '../../lib/sql-rows.js';`,
      },
      [/SQL helpers of lib\/sql-rows outside a repository \(rowsOf\)/],
    ],
    [
      "lib/prepared's preparedOnce in a route",
      {
        'lib/prepared.ts': 'export function preparedOnce(build) { return build; }',
        'modules/rooms/rooms.routes.ts': `const { preparedOnce } = require('../../lib/prepared');`,
      },
      [/SQL helpers of lib\/prepared outside a repository/],
    ],
    [
      'a write through a schema namespace',
      {
        'modules/rooms/rooms.repository.ts': `import * as schema from '@sala/db/schema';
export const f = (db) => db.update(schema.users).set({});`,
      },
      [/touches users, which belongs to users/, /updates users, which belongs to users/],
    ],
    [
      'a schema namespace in a service',
      { 'modules/rooms/rooms.service.ts': `import * as schema from '@sala/db/schema/users';` },
      [/tables outside a repository \(@sala\/db\/schema\/users is imported whole\)/],
    ],
    [
      'a write through a table from a dynamic import',
      {
        'modules/rooms/rooms.repository.ts': `export const f = async (db) => {
  const { users: u } = await import('@sala/db/schema/users');
  return db.delete(u);
};`,
      },
      [/touches users/, /deletes users, which belongs to users/],
    ],
    [
      'a raw-SQL write through a const copy of a table',
      {
        'modules/rooms/rooms.repository.ts': `import { users } from '@sala/db/schema/users';
import { sql as q } from 'drizzle-orm';
const target = users;
export const f = (db) => db.execute(q\`update \${target} set credits = 0\`);`,
      },
      [/touches users/, /writes \(in SQL\) users/],
    ],
    [
      'a table re-exported by a file of the module and used by its service',
      {
        'modules/rooms/tables.ts': `export { users as accounts } from '@sala/db/schema/users';`,
        'modules/rooms/rooms.service.ts': `import { accounts } from './tables';
export const x = accounts;`,
      },
      [
        /rooms\.service\.ts: tables outside a repository: users/,
        /tables\.ts: tables outside a repository: users/,
      ],
    ],
    [
      'an unquoted table in raw SQL given to execute()',
      {
        'modules/rooms/rooms.repository.ts': `export const f = (db) => db.execute('delete from users where id = 1');`,
      },
      [/touches users/, /writes \(in SQL\) users/],
    ],
    [
      'raw SQL in a service that imports nothing',
      { 'modules/rooms/rooms.service.ts': `export const f = (ctx) => ctx.db.execute('select 1');` },
      [/SQL outside a repository \(raw SQL given to execute\(\)\)/],
    ],
    [
      "Drizzle's relational query in a service",
      { 'modules/rooms/rooms.service.ts': `export const f = (ctx) => ctx.db.query.users.findFirst();` },
      [/SQL outside a repository \(query\.users\.findFirst\(\)\)/, /tables outside a repository: users/],
    ],
    [
      "a require() of another module's repository",
      { 'modules/rooms/rooms.service.ts': `const repo = require('../branches/branches.repository');` },
      [/reaches into another module's repository/],
    ],
    [
      'the schema by a relative path with .js',
      {
        'modules/rooms/rooms.service.ts': `import { users } from '../../../../../packages/db/src/schema/users.js';`,
      },
      [/tables outside a repository: users/],
    ],
  ])('catch %s', (_label, files, expected) => {
    const problems = checkModuleBoundaries(tree(files as Record<string, string>), modules);
    expect(problems).toEqual(expected.map((problem) => expect.stringMatching(problem)));
  });

  it('pass a clean module: its repository by any of these means, prose that mentions tables, types', () => {
    const root = tree({
      'modules/rooms/tables.repository.ts': `export { rooms } from '@sala/db/schema/locations';`,
      'modules/rooms/rooms.repository.ts': `import * as schema from '@sala/db/schema/locations';
import { sql } from 'drizzle-orm';
import { rooms } from './tables.repository';
const r = rooms;
export const a = (db) => db.update(schema.rooms).set({});
export const b = (db) => db.execute(sql\`update \${r} set x = 1 from "branches" b where b.id = 1\`);
export const c = (db) => db.execute('delete from rooms');`,
      'modules/rooms/rooms.service.ts': `import type { rooms } from '@sala/db/schema/locations';
import { b } from './rooms.repository';
export const say = (n) => \`could not update users or delete from rooms (\${n})\`;
export const log = 'insert into users failed';`,
      'modules/cash-summary/cash-summary.service.ts': `import { b } from '../rooms/rooms.service';`,
    });
    expect(checkModuleBoundaries(root, modules)).toEqual([]);
  });

  it('know every table of the schema, owned by one module', () => {
    const schema = readSchemaTables();
    expect(schema.get('roomSessions')).toBe('room_sessions');
    expect(undeclaredTables(MODULES, schema)).toEqual([]);
    const { users: _users, ...rest } = MODULES;
    expect(undeclaredTables({ ...rest, users: { owns: ['ghosts'] } }, schema)).toEqual([
      expect.stringMatching(/table users belongs to no module/),
      expect.stringMatching(/ghosts is declared but the schema has no such table/),
    ]);
  });

  it('keep LIB_SQL_HELPERS naming what lib/ exports', () => {
    const files = parseTree(fileURLToPath(new URL('../src', import.meta.url)));
    expect(staleLibSqlHelpers(files)).toEqual([]);
    expect(staleLibSqlHelpers(files, { 'lib/paging': ['gone'], 'lib/nothing': '*' })).toEqual([
      expect.stringMatching(/lib\/paging: gone/),
      expect.stringMatching(/lib\/nothing: \(the file\)/),
    ]);
  });
});

describe('module picture', () => {
  const graph = new Map([
    ['cash-summary', new Set(['orders'])],
    ['orders', new Set<string>()],
  ]);
  const block = moduleGraphMermaid(graph);

  it('draws every module and arrow', () => {
    expect(block).toBe(
      [
        '```mermaid',
        'graph LR',
        '  cash_summary[cash-summary]',
        '  orders[orders]',
        '  cash_summary --> orders',
        '```',
      ].join('\n'),
    );
  });

  it('fails when the committed picture differs from the code or has no markers', () => {
    const docs = (inside: string) => `# A\n${GRAPH_START}\n${inside}\n${GRAPH_END}\n`;
    expect(checkModuleGraphDoc(docs(block), block)).toEqual([]);
    expect(checkModuleGraphDoc(docs(block.replace('  cash_summary --> orders\n', '')), block)).toEqual([
      expect.stringMatching(/differs from the code/),
    ]);
    expect(checkModuleGraphDoc('# A\n', block)).toEqual([expect.stringMatching(/markers .* are missing/)]);
  });
});

describe('web zones', () => {
  it('let features meet through api/ and pages put features together', () => {
    const root = tree({
      'features/store/hooks/use-cart.ts': `import { useSession } from '../../auth/api/get-session';`,
      'app/routes/comprar.tsx': `import { Cart } from '../../features/store/components/cart';`,
      'components/ui/button.tsx': `import { cn } from '../../lib/cn';`,
    });
    expect(checkWebZones(root)).toEqual([]);
  });

  it.each([
    [
      "a feature reaching into another feature's components",
      { 'features/store/cart.tsx': `import { AuthCard } from '../auth/components/auth-card';` },
      /imports feature 'auth' outside its api\//,
    ],
    [
      'a shared ui piece importing a feature',
      { 'components/ui/table.tsx': `import { x } from '../../features/store/api/cart';` },
      /components\/ui imports a feature/,
    ],
    [
      'lib importing a feature',
      { 'lib/format.ts': `const f = () => import('../features/cash-summary/api/summary');` },
      /lib imports a feature/,
    ],
    [
      'a feature importing a page of app/',
      { 'features/store/cart.tsx': `import { routes } from '../../app/router';` },
      /imports the app's pages/,
    ],
  ])('catch %s', (_label, files, problem) => {
    expect(checkWebZones(tree(files as Record<string, string>))).toEqual([expect.stringMatching(problem)]);
  });

  it('hold in the web app as it is', () => {
    expect(checkWebZones(fileURLToPath(new URL('../../web/src', import.meta.url)))).toEqual([]);
  });
});

describe('file cycles (issue 40)', () => {
  it('catch a cycle planted through context.ts, which is no module', () => {
    const root = tree({
      'apps/api/src/context.ts': `import type { Notify } from './modules/mail/notify';\nexport type Ctx = { notify: Notify };`,
      'apps/api/src/modules/mail/notify.ts': `import { staff } from '../users/users.service';\nexport type Notify = {};`,
      'apps/api/src/modules/users/users.service.ts': `import type { Ctx } from '../../context';\nexport const staff = (ctx: Ctx) => ctx;`,
    });
    expect(checkFileCycles(root)).toEqual([
      'file cycle: apps/api/src/context.ts → apps/api/src/modules/mail/notify.ts → apps/api/src/modules/users/users.service.ts → apps/api/src/context.ts',
    ]);
  });

  it('catch a cycle in the web and one through a package import', () => {
    const root = tree({
      'apps/web/src/components/ui/toast.tsx': `import { flash } from '../../lib/flash';\nexport const toast = flash;`,
      'apps/web/src/lib/flash.ts': `export { toast as flash } from '../components/ui/toast';`,
      'packages/shared/src/a/one.ts': `import { two } from '@sala/shared/b/two';\nexport const one = two;`,
      'packages/shared/src/b/two.ts': `export const two = () => import('../a/one.js');`,
    });
    expect(checkFileCycles(root)).toEqual([
      'file cycle: apps/web/src/components/ui/toast.tsx → apps/web/src/lib/flash.ts → apps/web/src/components/ui/toast.tsx',
      'file cycle: packages/shared/src/a/one.ts → packages/shared/src/b/two.ts → packages/shared/src/a/one.ts',
    ]);
  });

  it('find none in the repository as it is', () => {
    expect(checkFileCycles(fileURLToPath(new URL('../../..', import.meta.url)))).toEqual([]);
  });

  it('pass a tree whose imports only go one way', () => {
    const root = tree({
      'apps/api/src/ports.ts': `export type Notify = {};`,
      'apps/api/src/context.ts': `import type { Notify } from './ports';`,
      'apps/api/src/modules/mail/notify.ts': `import type { Notify } from '../../ports';`,
    });
    expect(checkFileCycles(root)).toEqual([]);
  });
});

describe('one vocabulary (issue 40)', () => {
  const docsWith = (table: string) => `# Names\n${NAMES_START}\n${table}\n${NAMES_END}\n`;

  it('hold in the tree as it is: every folder of every layer has its screen words, and the table is current', () => {
    const docs = readFileSync(
      fileURLToPath(new URL('../../../docs/architecture.md', import.meta.url)),
      'utf8',
    );
    expect(checkVocabulary(docs, readLayers())).toEqual([]);
  });

  it('catch a feature named apart from the module it serves, and a table left behind', () => {
    const layers = [['bookings'], ['bookings'], ['reservaciones']];
    const words = { bookings: 'Reservar' };
    expect(
      checkVocabulary(
        docsWith(vocabularyTable([['bookings'], ['bookings'], ['bookings']], words)),
        layers,
        words,
      ),
    ).toEqual([
      "apps/api/scripts/vocabulary.ts: 'reservaciones' has no screen words (add it to SCREEN_WORDS)",
      'docs/architecture.md: the names table differs from the tree (run tsx apps/api/scripts/vocabulary.ts --write)',
    ]);
  });

  it('catch screen words for a folder that is gone', () => {
    const layers = [['rooms'], [], []];
    const words = { rooms: 'sala', salas: 'sala' };
    expect(checkVocabulary(docsWith(vocabularyTable(layers, words)), layers, words)).toEqual([
      "apps/api/scripts/vocabulary.ts: 'salas' names no folder",
    ]);
  });
});
