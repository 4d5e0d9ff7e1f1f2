import { fileURLToPath } from 'node:url';
import { openDatabase } from '@sala/db/client';
import { DataDirLockedError } from '@sala/db/data-dir-lock';
import { describeDemoAccounts, describeHistory, seedDemoDataIfEmpty } from '@sala/db/seed/seed';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { requestForLog } from './lib/log-redaction';
import { createAccessPurgeWorker } from './modules/auth/purge.worker';
import { createReminderWorker } from './modules/bookings/reminders.worker';
import { createCreditExpiryWorker } from './modules/credits/expiry.worker';
import { createUpkeepWorker } from './modules/health/upkeep.worker';
import { createReconcileWorker } from './modules/payments/reconcile.worker';
import { createRetentionWorker } from './modules/privacy/retention.worker';

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

if (config.seedDemo) {
  const started = performance.now();
  const seeded = await seedDemoDataIfEmpty(database.db);
  if (seeded) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1).replace('.', ',');
    console.log(`Base de datos nueva: se cargaron los datos de demostración en ${seconds} s.`);
    if (seeded.history) console.log(describeHistory(seeded.history));
    console.log(describeDemoAccounts());
  }
}

const webDistDir = config.webDistDir ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = await buildApp({
  config: { ...config, webDistDir },
  database,
  logger: {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    // A calendar address and the webhook's verify token are secrets: the logs keep the path without them.
    serializers: { req: requestForLog },
  },
});

// Jobs of every process (docs/business-rules.md D§4): the outbox worker sends mail, the reminder worker queues the 24-hour
// reminders, the purge drops stale login records, the retention poller suppresses closed accounts whose retention
// period ended, reconciliation settles payments whose webhook never came. Started once the server listens, stopped
// before the database closes.
const reminders = createReminderWorker({
  ports: { db: database.db, notify: app.notify },
  log: app.log,
});
const purge = createAccessPurgeWorker({ db: database.db, log: app.log });
// Credits with an expiry (issue 44): the nightly expiry under a database lease, and the warnings before it.
const creditExpiry = createCreditExpiryWorker({
  ports: { db: database.db, notify: app.notify },
  log: app.log,
});
const retention = createRetentionWorker({ ports: { db: database.db, notify: app.notify }, log: app.log });
// Payments whose confirmation never came (issue 24): asked about at the gateway and settled once.
const reconcile = createReconcileWorker({
  ports: {
    db: database.db,
    payments: app.payments,
    paymentOptions: app.paymentOptions,
    notify: app.notify,
    metrics: app.metrics.business,
  },
  intervalMs: config.reconcilePollMs,
  log: app.log,
});

// The embedded database has no autovacuum of its own (decision 044); PostgreSQL's runs in the server.
const upkeep = database.kind === 'pglite' ? createUpkeepWorker({ db: database.db, log: app.log }) : undefined;

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
    // Stop accepting first (new requests on kept-alive connections get 503 in the envelope), let the requests in
    // flight finish, then the jobs, then the database.
    await app.close();
    await Promise.all([
      app.outbox.stop(),
      reminders.stop(),
      purge.stop(),
      creditExpiry.stop(),
      retention.stop(),
      reconcile.stop(),
      app.invoiceWorker.stop(),
      app.whatsappWorker?.stop(),
      upkeep?.stop(),
    ]);
  } finally {
    await database.close();
  }
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.outbox.start();
  reminders.start();
  purge.start();
  creditExpiry.start();
  retention.start();
  reconcile.start();
  app.invoiceWorker.start();
  app.whatsappWorker?.start();
  upkeep?.start();
  const where = config.database.kind === 'pglite' ? `PGlite en ${config.database.dataDir}` : 'PostgreSQL';
  console.log(`Sala Común escuchando en http://localhost:${config.port} (base de datos: ${where})`);
  console.log(
    app.mailer
      ? `Correo: se envía por ${app.mailer.description}`
      : 'Correo: sin SMTP_URL, los correos se guardan y se leen en Administración → Mensajes',
  );
  for (const warning of config.retiredVariables) {
    app.log.warn(warning);
    console.warn(warning);
  }
  if (app.invoicing.mode === 'test') {
    const warning =
      'Facturación: MODO DE PRUEBAS (clave sk_test_ de Facturapi), las facturas no tienen validez ante el SAT.';
    if (config.isProduction) app.log.warn({ invoicingMode: 'test' }, warning);
    console.warn(warning);
  }
  if (app.payments.mode === 'test') {
    // On purpose only (PAYMENTS_MODE=test in production): said at every boot, and the site shows its notice.
    const warning =
      'Pagos: MODO DE PRUEBAS, se aceptan las tarjetas de prueba de Stripe y nadie paga de verdad (define las claves STRIPE_* para cobrar).';
    if (config.isProduction) app.log.warn({ paymentsMode: 'test' }, warning);
    console.warn(warning);
  }
} catch (error) {
  await database.close();
  fail(`No se pudo iniciar el servidor: ${(error as Error).message}`);
}
