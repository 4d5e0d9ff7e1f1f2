import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@sala/db/client';
import { acquireDataDirLock } from '@sala/db/data-dir-lock';
import { PGLITE_SNAPSHOT_ENV } from '@sala/db/scratch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallBusinessExport, TEST_HASH_ENV } from '../harness/firebase-export';

/**
 * `npm run import` as a business runs it (issue 41): its own process, its files, the embedded database in DATA_DIR.
 * Exit 0 when it ran (skips included); 1 with one line when it could not.
 */
const CLI = fileURLToPath(new URL('../src/modules/imports/cli.ts', import.meta.url));
let dir: string;
let files: { firestore: string; auth: string; clients: string; broken: string };

function runCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: path.join(dir, 'data'), ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
const lines = (text: string) => text.trim().split('\n');

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sala-import-cli-'));
  const business = await smallBusinessExport(new Date());
  files = {
    firestore: path.join(dir, 'export.json'),
    auth: path.join(dir, 'users.json'),
    clients: path.join(dir, 'clientes.csv'),
    broken: path.join(dir, 'roto.json'),
  };
  writeFileSync(files.firestore, JSON.stringify(business.firestore));
  writeFileSync(files.auth, JSON.stringify(business.auth));
  writeFileSync(
    files.clients,
    '\uFEFFnombre,correo,telefono,creditos\nMarta Ríos,marta@hoja.mx,5522223333,5\n',
  );
  writeFileSync(files.broken, '{ "users": ');
  // The data directory starts as the run's migrated database (as an app that ran once leaves it).
  const snapshot = process.env[PGLITE_SNAPSHOT_ENV];
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: path.join(dir, 'data'),
    snapshot: snapshot ? new Uint8Array(readFileSync(snapshot)) : undefined,
  });
  await database.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run import', () => {
  const firebase = () => ['firebase', '--firestore', files.firestore, '--auth', files.auth];

  it('refuses in one line: missing or mistyped hash parameters, an unreadable file, a file that is not the export', async () => {
    const badKey = await runCli(firebase(), { ...TEST_HASH_ENV, FIREBASE_HASH_SIGNER_KEY: 'no es base64!' });
    expect(badKey.code).toBe(1);
    expect(lines(badKey.stderr)).toEqual([expect.stringMatching(/^FIREBASE_HASH_SIGNER_KEY no es la clave/)]);
    const notAuth = await runCli(
      ['firebase', '--firestore', files.firestore, '--auth', files.firestore],
      TEST_HASH_ENV,
    );
    expect(notAuth.code).toBe(1);
    expect(lines(notAuth.stderr)).toEqual([
      expect.stringMatching(/no es una exportación de cuentas de Firebase/),
    ]);

    const noHash = await runCli(firebase());
    expect(noHash.code).toBe(1);
    expect(lines(noHash.stderr)).toEqual([
      expect.stringMatching(/^Faltan los parámetros del hash.*FIREBASE_HASH_SIGNER_KEY/),
    ]);

    const missing = await runCli(
      ['firebase', '--firestore', path.join(dir, 'no-existe.json'), '--auth', files.auth],
      TEST_HASH_ENV,
    );
    expect(missing.code).toBe(1);
    expect(lines(missing.stderr)).toEqual([
      expect.stringMatching(/^No se pudo leer .*no-existe\.json: ENOENT\.$/),
    ]);

    const broken = await runCli(
      ['firebase', '--firestore', files.broken, '--auth', files.auth],
      TEST_HASH_ENV,
    );
    expect(broken.code).toBe(1);
    expect(lines(broken.stderr)).toEqual([expect.stringMatching(/roto\.json no es un JSON válido/)]);
  });

  it('says so in one line when the app is running on the embedded database', async () => {
    const release = acquireDataDirLock(path.join(dir, 'data'));
    try {
      const res = await runCli(firebase(), TEST_HASH_ENV);
      expect(res.code).toBe(1);
      expect(lines(res.stderr)).toEqual([
        expect.stringMatching(/^La app está corriendo sobre .*: detenla antes de importar\.$/),
      ]);
    } finally {
      release();
    }
  });

  it('--dry-run prints the table and writes nothing; the real run saves it; a spreadsheet too', async () => {
    const dry = await runCli([...firebase(), '--dry-run'], TEST_HASH_ENV);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^Prueba \(--dry-run\): se revisó todo y no se guardó nada\./);
    expect(dry.stdout).toMatch(/Usuarios \(users\)\s+38\s+35\s+0\s+0\s+3/);

    const real = await runCli(firebase(), TEST_HASH_ENV);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toMatch(/^Importación guardada\./);
    // The dry run wrote nothing: the real run still imports everything.
    expect(real.stdout).toMatch(/Usuarios \(users\)\s+38\s+35\s+0\s+0\s+3/);
    expect(real.stdout).toContain('Omitidos (35):');
    expect(real.stdout).toContain('sessions s-collide: Choca con otra sesión en la misma sala y hora.');

    const sheet = await runCli(['csv', '--clients', files.clients]);
    expect(sheet.code, sheet.stderr).toBe(0);
    expect(sheet.stdout).toMatch(/Clientes \(hoja de cálculo\)\s+1\s+1\s+0\s+0\s+0/);
    // Three processes, each loading the API with tsx and opening its database: 22 s alone on a slow hour of this
    // 2-core machine, over 60 s beside the rest of `npm test` and another job. The bound is for a hang.
  }, 180_000);
});
