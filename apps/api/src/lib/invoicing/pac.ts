/**
 * The PAC that stamps the business's CFDI (issue 42, design §13) behind one interface: Facturapi through its SDK
 * (facturapi-pac.ts), pointed in tests at a local stand-in that speaks Facturapi's HTTP API. Every call talks to
 * the PAC: never inside a database transaction (the invoicing queue calls it between two).
 */

/** Facturapi's invoice body (CFDI 4.0) as our invoices send it. */
export type PacInvoiceBody = {
  type: 'I' | 'E';
  customer: {
    legal_name: string;
    tax_id: string;
    tax_system: string;
    email?: string;
    address: { zip: string };
  };
  items: {
    quantity: number;
    product: {
      description: string;
      product_key: string;
      unit_key: string;
      price: number;
      tax_included: true;
      taxes: { type: 'IVA'; rate: number }[];
      sku?: string;
    };
  }[];
  use: string;
  payment_form: string;
  payment_method: 'PUE';
  series: string;
  folio_number: number;
  external_id: string;
  global?: { periodicity: string; months: string; year: number };
  related_documents?: { relationship: string; documents: string[] }[];
};

export type StampedInvoice = {
  pacId: string;
  uuid: string;
  totalCents: number;
  /** Stamped with a test key: worth nothing at the SAT. */
  isTest: boolean;
};

export type PacCancellationStatus = 'none' | 'pending' | 'verifying' | 'accepted' | 'rejected' | 'expired';

export interface InvoicePac {
  /** Stamps an invoice; the same idempotency key answers the invoice it stamped before, never a second one. */
  stamp(body: PacInvoiceBody, idempotencyKey: string): Promise<StampedInvoice>;
  /** The stamped invoice's PDF and XML. */
  files(pacId: string): Promise<{ pdf: Buffer; xml: string }>;
  /** Asks the SAT to cancel an invoice with a motive (01 with the substitute's UUID). */
  cancel(
    pacId: string,
    input: { motive: '01' | '02' | '03' | '04'; substitution?: string },
  ): Promise<{ status: 'valid' | 'canceled'; cancellationStatus: PacCancellationStatus }>;
  /** An invoice's status and cancellation status as the PAC knows them now. */
  status(pacId: string): Promise<{ status: 'valid' | 'canceled'; cancellationStatus: PacCancellationStatus }>;
}

/** The PAC refused the invoice (its data, not the network): nothing was stamped; `field` is ours to fix. */
export class PacRefusedError extends Error {
  override name = 'PacRefusedError';
  constructor(
    message: string,
    /** The fiscal profile's field the PAC's path points at (rfc, legalName, taxSystem, zip, cfdiUse), if any. */
    readonly field: string | null,
  ) {
    super(message);
  }
}

/** The PAC could not be reached, or failed on its side: the invoice waits and is sent again later. */
export class PacUnavailableError extends Error {
  override name = 'PacUnavailableError';
}

/** Facturapi's path of a refused field → the fiscal profile's field a person fixes. */
export function profileFieldOf(path: string | undefined): string | null {
  if (!path) return null;
  if (path.startsWith('customer.tax_id')) return 'rfc';
  if (path.startsWith('customer.legal_name')) return 'legalName';
  if (path.startsWith('customer.tax_system')) return 'taxSystem';
  if (path.startsWith('customer.address.zip')) return 'zip';
  if (path === 'use') return 'cfdiUse';
  if (path.startsWith('customer.email')) return 'email';
  return null;
}

/**
 * Invoicing as a request sees it (context.ts): the PAC chosen at boot (none without FACTURAPI_KEY: invoicing is
 * off), its mode, and a nudge that has this process's queue send what a request just queued.
 */
export type Invoicing = {
  pac: InvoicePac | null;
  mode: 'off' | 'test' | 'live';
  wake(): void;
};
