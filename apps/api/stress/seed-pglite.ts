// Phase 5 of the stress run (run.ts): seeds an embedded database in the directory given, in a process of its own, and
// prints the world as JSON on its last line. The run's own process then opens PGlite only once, to check the
// directory after the kill: a process that instantiates PGlite's WebAssembly again after closing it can abort in V8
// (`Check failed: jit_page_->allocations_.erase(addr) == 1`, nodejs/node#64500), which ended one CI run.
import { openDatabase } from '@sala/db/client';
import { seed } from './world';

const [dataDir, clientCount] = process.argv.slice(2);
if (!dataDir || !clientCount) {
  console.error('usage: seed-pglite.ts <data directory> <clients>');
  process.exit(2);
}
const database = await openDatabase({ kind: 'pglite', dataDir });
const world = await seed(database, Number(clientCount));
await database.close();
process.stdout.write(`${JSON.stringify(world)}\n`);
