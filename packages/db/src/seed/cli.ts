// `npm run db:seed`: writes the demo business into the configured database (idempotent).
import path from 'node:path';
import { openDatabase } from '../client';
import { seedDemoHistory } from './history';
import { describeDemoAccounts, describeHistory, seedDemoData } from './seed';

if (process.env.NODE_ENV === 'production') {
  console.error('No se cargan datos de demostración en producción (NODE_ENV=production).');
  process.exit(1);
}

const url = process.env.DATABASE_URL;
const database = await openDatabase(
  url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: path.resolve(process.env.DATA_DIR ?? 'data') },
).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
try {
  const report = await seedDemoData(database.db);
  // Eight weeks of the business's life, once (a database that has them already is left as it is).
  const history = await database.db.transaction((tx) => seedDemoHistory(tx, { now: new Date() }));
  console.log(`Datos de demostración listos (${report.created} registros nuevos).`);
  if (history.clients > 0) console.log(describeHistory(history));
  else if (history.drawers > 0) console.log(`Cajas de demostración agregadas: ${history.drawers}.`);
  console.log(describeDemoAccounts());
} finally {
  await database.close();
}
