import { startFacturapiStandIn } from './facturapi-stand-in';

/**
 * The Facturapi stand-in as a process (`npm run facturapi:stand-in`): for the end-to-end runs and for trying the
 * invoices locally without a Facturapi account. Point the app at it with FACTURAPI_URL=<the address it prints>
 * and any FACTURAPI_KEY=sk_test_…; it keeps what it stamps in memory only.
 */
const port = Number(process.env.FACTURAPI_STAND_IN_PORT ?? 4010);
const standIn = await startFacturapiStandIn({ port });
console.log(`Facturapi (stand-in local) en ${standIn.url}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
