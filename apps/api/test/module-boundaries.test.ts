import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkModuleBoundaries } from '../scripts/module-boundaries';

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
      expect.stringMatching(/writes branches in SQL/),
    ]);
  });
});
