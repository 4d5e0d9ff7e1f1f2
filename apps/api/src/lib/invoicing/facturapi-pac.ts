import type { Readable } from 'node:stream';
import FacturapiExport from 'facturapi';
import {
  type InvoicePac,
  type PacCancellationStatus,
  PacRefusedError,
  PacUnavailableError,
  profileFieldOf,
} from './pac';

export type FacturapiConfig = {
  /** FACTURAPI_KEY: sk_test_… (Facturapi's test mode: nothing stamped at the SAT) or sk_live_…. */
  key: string;
  /** FACTURAPI_URL: the API's base address including /v2 (a local stand-in in tests). */
  url: string;
};

/**
 * The SDK's class. Node loads the package's CommonJS build (it has no "exports" map), whose default export arrives
 * as `.default` of the module object; a bundler or Vitest reads its ES build, where it is the default itself.
 */
const Facturapi =
  (FacturapiExport as unknown as { default?: typeof FacturapiExport }).default ?? FacturapiExport;

const isTestKey = (key: string) => key.startsWith('sk_test_');

type FacturapiFailure = { status?: number; message?: string; path?: string };

/** The SDK's error as ours: a refusal of the data (4xx) or the PAC unreachable (network, 5xx, 429, a bad key). */
function translate(error: unknown): Error {
  const failure = error as FacturapiFailure;
  const status = typeof failure?.status === 'number' ? failure.status : undefined;
  if (status !== undefined && status >= 400 && status < 500 && ![401, 403, 408, 409, 429].includes(status))
    return new PacRefusedError(failure.message ?? 'El PAC rechazó la factura.', profileFieldOf(failure.path));
  return new PacUnavailableError(failure?.message ?? String(error));
}

async function bytesOf(download: unknown): Promise<Buffer> {
  if (download instanceof Blob) return Buffer.from(await download.arrayBuffer());
  const chunks: Buffer[] = [];
  for await (const chunk of download as Readable) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const cancellationOf = (value: unknown): PacCancellationStatus =>
  (['pending', 'verifying', 'accepted', 'rejected', 'expired'] as const).find((s) => s === value) ?? 'none';

/** Facturapi through its official SDK (pinned in package.json), its base address set with the BASE_URL setter. */
export function createFacturapiPac(config: FacturapiConfig): InvoicePac & { readonly isTest: boolean } {
  const client = new Facturapi(config.key);
  client.BASE_URL = config.url.replace(/\/+$/, '');
  const call = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      throw translate(error);
    }
  };
  return {
    isTest: isTestKey(config.key),
    async stamp(body, idempotencyKey) {
      const invoice = await call(() => client.invoices.create({ ...body, idempotency_key: idempotencyKey }));
      return {
        pacId: invoice.id,
        uuid: invoice.uuid,
        totalCents: Math.round(invoice.total * 100),
        isTest: !invoice.livemode,
      };
    },
    async files(pacId) {
      const [pdf, xml] = await call(() =>
        Promise.all([client.invoices.downloadPdf(pacId), client.invoices.downloadXml(pacId)]),
      );
      return { pdf: await bytesOf(pdf), xml: (await bytesOf(xml)).toString('utf8') };
    },
    async cancel(pacId, input) {
      const invoice = await call(() => client.invoices.cancel(pacId, input as never));
      return {
        status: invoice.status === 'canceled' ? 'canceled' : 'valid',
        cancellationStatus: cancellationOf(invoice.cancellation_status),
      };
    },
    async status(pacId) {
      const invoice = await call(() => client.invoices.retrieve(pacId));
      return {
        status: invoice.status === 'canceled' ? 'canceled' : 'valid',
        cancellationStatus: cancellationOf(invoice.cancellation_status),
      };
    },
  };
}
