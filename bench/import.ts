// Budget (issue 41): moving a chain from the old app — an export of 3 000 clients and a year of sessions — takes
// under a minute, through the command a business runs (`npm run import -- firebase …`, a process of its own that
// reads the files, opens the database and imports in one transaction). A second run, which changes nothing, too.
// Run: npm run bench:import              (both databases; BENCH_DB=postgres or pglite for one of them)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createEmptyPostgresDatabase } from '@sala/db/scratch';
import { largeBusinessExport, TEST_HASH_ENV } from '../apps/api/harness/firebase-export';

const CLIENTS = 3_000;
const BRANCHES = 3;
const DAYS = 365;
const BUDGET_MS = 60_000;

const dir = mkdtempSync(path.join(os.tmpdir(), 'sala-import-bench-'));
const business = await largeBusinessExport(new Date(), { clients: CLIENTS, branches: BRANCHES, days: DAYS });
const firestoreFile = path.join(dir, 'export.json');
const authFile = path.join(dir, 'users.json');
writeFileSync(firestoreFile, JSON.stringify(business.firestore));
writeFileSync(authFile, JSON.stringify(business.auth));
console.log(
  `Exportación: ${CLIENTS} clientes, ${BRANCHES} sucursales de 5 salas, ${business.sessions} sesiones en ${DAYS} días, ${business.orders} órdenes`,
);

function runImport(env: NodeJS.ProcessEnv): { ms: number; output: string } {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/src/modules/imports/cli.ts',
      'firebase',
      '--firestore',
      firestoreFile,
      '--auth',
      authFile,
    ],
    { env: { ...process.env, ...TEST_HASH_ENV, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const ms = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`the import failed (${result.status}): ${result.stderr}${result.stdout}`);
  return { ms, output: result.stdout };
}

async function bench(kind: 'postgres' | 'pglite') {
  const empty = kind === 'postgres' ? await createEmptyPostgresDatabase() : undefined;
  const env: NodeJS.ProcessEnv = empty
    ? { DATABASE_URL: empty.url }
    : { DATABASE_URL: '', DATA_DIR: path.join(dir, 'data') };
  try {
    const first = runImport(env);
    const second = runImport(env);
    console.log(`\n${kind}:`);
    console.log(first.output.split('\n').slice(2, 16).join('\n'));
    for (const [label, run] of [
      ['primera importación', first],
      ['segunda (sin cambios)', second],
    ] as const) {
      const verdict = run.ms < BUDGET_MS ? 'ok' : 'EXCEDE';
      console.log(
        `  ${label.padEnd(22)} ${(run.ms / 1000).toFixed(1).padStart(6)} s  (presupuesto ${BUDGET_MS / 1000} s) ${verdict}`,
      );
    }
    if (!second.output.includes('Importados')) throw new Error('the second run printed no table');
    return first.ms < BUDGET_MS && second.ms < BUDGET_MS;
  } finally {
    await empty?.drop();
  }
}

const kinds = (process.env.BENCH_DB ? [process.env.BENCH_DB] : ['pglite', 'postgres']) as (
  | 'pglite'
  | 'postgres'
)[];
let ok = true;
try {
  for (const kind of kinds) ok = (await bench(kind)) && ok;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
