import { fileURLToPath } from 'node:url';
import { openDatabase } from '@sala/db/client';
import { DataDirLockedError } from '@sala/db/data-dir-lock';
import { describeDemoAccounts, seedDemoDataIfEmpty } from '@sala/db/seed/seed';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
})();

const database = await openDatabase(config.database).catch((error: Error) => {
  if (error instanceof DataDirLockedError) fail(error.message);
  fail(`No se pudo abrir la base de datos: ${error.message}`);
});

if (config.seedDemo && (await seedDemoDataIfEmpty(database.db))) {
  console.log(`Base de datos nueva: se cargaron los datos de demostración.\n${describeDemoAccounts()}`);
}

const webDistDir = config.webDistDir ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = await buildApp({
  config: { ...config, webDistDir },
  database,
  logger: {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const force = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 15_000);
  force.unref();
  try {
    await app.close();
  } finally {
    await database.close();
  }
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'pglite' ? `PGlite en ${config.database.dataDir}` : 'PostgreSQL';
  console.log(`Sala Común escuchando en http://localhost:${config.port} (base de datos: ${where})`);
} catch (error) {
  await database.close();
  fail(`No se pudo iniciar el servidor: ${(error as Error).message}`);
}
