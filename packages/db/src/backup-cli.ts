// npm run db:backup [-- archivo.tar.gz]       a copy of the embedded database (PGlite) in DATA_DIR (default ./data)
// npm run db:restore -- archivo.tar.gz [carpeta]  unpacks a copy into a new, empty folder (default ./data-restaurada)
//
// While the app runs it holds DATA_DIR, so the copy is asked of the app itself (GET /api/backup on 127.0.0.1:PORT,
// a consistent copy taken between two of its queries); otherwise this script opens the directory and copies it.
// With DATABASE_URL (PostgreSQL) the copy is pg_dump's: see "Copias de seguridad" in the README.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { restorePgliteBackup } from './backup';
import { openDatabase } from './client';
import { DataDirLockedError } from './data-dir-lock';

const [command, ...args] = process.argv.slice(2);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (process.env.DATABASE_URL) {
  fail(
    'DATABASE_URL apunta a PostgreSQL: usa pg_dump y pg_restore (README, «Copias de seguridad»). ' +
      'Este script copia la base embebida (PGlite) de DATA_DIR.',
  );
}
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');

async function fromRunningApp(): Promise<Uint8Array> {
  const port = process.env.PORT ?? '3000';
  const response = await fetch(`http://127.0.0.1:${port}/api/backup`).catch(() => {
    fail(
      `La carpeta ${dataDir} está en uso pero no hay una app escuchando en el puerto ${port}. ` +
        'Define PORT como el de la app, o detenla y vuelve a intentar.',
    );
  });
  if (!response.ok) fail(`La app no entregó la copia (${response.status}): ${await response.text()}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function backup(out: string) {
  let bytes: Uint8Array;
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      bytes = await database.dump!();
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.log(`La app está usando ${dataDir}: se pide la copia a la app.`);
    bytes = await fromRunningApp();
  }
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, bytes);
  console.log(`Copia guardada en ${out} (${(bytes.length / 1024).toFixed(0)} kB).`);
}

async function restore(file: string | undefined, target: string) {
  if (!file) fail('Indica el archivo de la copia: npm run db:restore -- copia.tar.gz [carpeta]');
  await restorePgliteBackup(readFileSync(file), target);
  console.log(
    `Copia restaurada en ${target}. Para usarla, inicia la app con DATA_DIR=${target} ` +
      '(o detén la app y reemplaza la carpeta de datos por esta).',
  );
}

const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
try {
  if (command === 'backup') await backup(path.resolve(args[0] ?? `backups/sala-comun-${stamp}.tar.gz`));
  else if (command === 'restore') await restore(args[0], path.resolve(args[1] ?? 'data-restaurada'));
  else fail('Uso: tsx packages/db/src/backup-cli.ts backup [archivo] | restore archivo [carpeta]');
} catch (error) {
  fail((error as Error).message);
}
