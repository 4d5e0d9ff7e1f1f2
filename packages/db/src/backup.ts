import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { acquireDataDirLock } from './data-dir-lock';

/** The lock file of a running app (data-dir-lock.ts): a copy carries it, a restored directory must not. */
const LOCK_FILE = 'sala.lock';

export class RestoreTargetNotEmptyError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `La carpeta ${dataDir} ya tiene datos. Restaura en una carpeta nueva (o vacía) y apunta DATA_DIR a ella; ` +
        'así la copia actual queda intacta por si la necesitas.',
    );
    this.name = 'RestoreTargetNotEmptyError';
  }
}

/**
 * A PGlite backup (a gzipped tar of the data directory, from `DatabaseHandle.dump`) unpacked into a new or empty
 * directory, ready for the app to open with DATA_DIR. Never over existing data: a restore that went wrong must
 * not cost the data it was meant to replace. The directory is locked while it is written.
 */
export async function restorePgliteBackup(backup: Uint8Array, dataDir: string): Promise<void> {
  const target = path.resolve(dataDir);
  if (existsSync(target) && readdirSync(target).length > 0) throw new RestoreTargetNotEmptyError(target);
  const release = acquireDataDirLock(target);
  try {
    const client = new PGlite({
      dataDir: target,
      loadDataDir: new Blob([backup]),
      extensions: { pg_trgm },
    });
    await client.waitReady;
    await client.close();
  } finally {
    release();
  }
  // The copy may carry the lock file of the app it was taken from.
  rmSync(path.join(target, LOCK_FILE), { force: true });
}
