// `npm run import -- firebase --firestore EXPORT.json --auth USERS.json [--dry-run]`
// `npm run import -- csv --clients CLIENTES.csv [--dry-run]`
// Loads the old app's data into the app's database (DATABASE_URL, or the embedded one in DATA_DIR, which must not
// be in use by a running server). Prints the report; exits 0 when it ran (skipped records included), 1 with one
// line when it could not (an unreadable file, missing hash parameters, the embedded database in use).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FirebaseHashParameters } from '@sala/db/password';
import type { TImportReport } from '@sala/shared/imports/imports.contract';

const USAGE = [
  'Uso:',
  '  npm run import -- firebase --firestore EXPORT.json --auth USERS.json [--dry-run]',
  '  npm run import -- csv --clients CLIENTES.csv [--dry-run]',
].join('\n');

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        firestore: { type: 'string' },
        auth: { type: 'string' },
        clients: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
})();
const kind = positionals[0];
if (kind !== 'firebase' && kind !== 'csv') fail(USAGE);

function readText(file: string | undefined, option: string): string {
  if (!file) fail(`Falta --${option}.\n${USAGE}`);
  try {
    return readFileSync(path.resolve(file), 'utf8');
  } catch (error) {
    fail(`No se pudo leer ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
}

function readJson(file: string | undefined, option: string): Record<string, unknown> {
  const text = readText(file, option);
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('no es un objeto');
    return parsed as Record<string, unknown>;
  } catch {
    fail(`${file} no es un JSON válido de la exportación (se esperaba un objeto).`);
  }
}

/** `firebase auth:export --format=json` writes `{ "users": [...] }`. */
function readAuthExport(file: string | undefined): Record<string, unknown> {
  const json = readJson(file, 'auth');
  if (!Array.isArray(json.users)) {
    fail(
      `${file} no es una exportación de cuentas de Firebase (se esperaba «users»: firebase auth:export … --format=json).`,
    );
  }
  return json;
}

/** Firebase console → Authentication → ⋮ → "Password hash parameters". */
function hashParameters(): FirebaseHashParameters {
  const env = process.env;
  const names = [
    'FIREBASE_HASH_SIGNER_KEY',
    'FIREBASE_HASH_SALT_SEPARATOR',
    'FIREBASE_HASH_ROUNDS',
    'FIREBASE_HASH_MEM_COST',
  ];
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    fail(
      `Faltan los parámetros del hash de contraseñas de Firebase: ${missing.join(', ')} (consola de Firebase → Authentication → ⋮ → Password hash parameters).`,
    );
  }
  const rounds = Number(env.FIREBASE_HASH_ROUNDS);
  const memCost = Number(env.FIREBASE_HASH_MEM_COST);
  if (
    !Number.isInteger(rounds) ||
    rounds < 1 ||
    rounds > 32 ||
    !Number.isInteger(memCost) ||
    memCost < 1 ||
    memCost > 20
  ) {
    fail(
      'FIREBASE_HASH_ROUNDS y FIREBASE_HASH_MEM_COST deben ser los números enteros que muestra la consola de Firebase.',
    );
  }
  // The console shows both in base64; a key cut short or mistyped would make every imported password fail.
  const isBase64 = (value: string, minBytes: number) =>
    /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length >= minBytes;
  if (!isBase64((env.FIREBASE_HASH_SIGNER_KEY as string).trim(), 32)) {
    fail('FIREBASE_HASH_SIGNER_KEY no es la clave de la consola de Firebase (base64_signer_key, en base64).');
  }
  if (!isBase64((env.FIREBASE_HASH_SALT_SEPARATOR as string).trim(), 1)) {
    fail(
      'FIREBASE_HASH_SALT_SEPARATOR no es el de la consola de Firebase (base64_salt_separator, en base64).',
    );
  }
  return {
    signerKey: (env.FIREBASE_HASH_SIGNER_KEY as string).trim(),
    saltSeparator: (env.FIREBASE_HASH_SALT_SEPARATOR as string).trim(),
    rounds,
    memCost,
  };
}

// Everything is read and checked before the database is opened.
const dryRun = values['dry-run'] === true;
const job =
  kind === 'firebase'
    ? {
        kind: 'firebase' as const,
        firestore: readJson(values.firestore, 'firestore'),
        auth: readAuthExport(values.auth),
        hash: hashParameters(),
      }
    : { kind: 'csv' as const, csv: readText(values.clients, 'clients') };

// The database and the import's code load only now: a mistake in the command line answers at once.
const [
  { openDatabase },
  { DataDirLockedError },
  { AppError },
  { formatReport },
  { importClientsCsv, importFirebase },
] = await Promise.all([
  import('@sala/db/client'),
  import('@sala/db/data-dir-lock'),
  import('../../lib/app-error'),
  import('./import-report'),
  import('./imports.service'),
]);
const url = process.env.DATABASE_URL;
const database = await openDatabase(
  url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: path.resolve(process.env.DATA_DIR ?? 'data') },
).catch((error: Error) =>
  fail(
    error instanceof DataDirLockedError
      ? `La app está corriendo sobre ${error.dataDir} (PID ${error.pid}): detenla antes de importar.`
      : `No se pudo abrir la base de datos: ${error.message}`,
  ),
);
let report: TImportReport;
try {
  const now = new Date();
  report =
    job.kind === 'firebase'
      ? await importFirebase(database.db, {
          firestore: job.firestore,
          auth: job.auth,
          hash: job.hash,
          dryRun,
          now,
        })
      : await importClientsCsv(database.db, { csv: job.csv, dryRun, now });
} catch (error) {
  await database.close();
  if (error instanceof AppError) fail(error.message);
  throw error;
}
await database.close();
console.log(formatReport(report));
