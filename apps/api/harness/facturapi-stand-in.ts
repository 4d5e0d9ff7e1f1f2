import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PacInvoiceBody } from '../src/lib/invoicing/pac';

/**
 * A local stand-in for the part of Facturapi's API (v2) the app uses, answering the real `facturapi` SDK as
 * Facturapi does: a bearer key (sk_test_… answers `livemode: false`), JSON bodies, `idempotency_key` answering the
 * invoice stamped before, the invoice object, its PDF and XML, cancellation with a motive, and errors as
 * `{ message, path, status }`. What it checks of an invoice is what the SAT checks of the receiver: the RFC's shape,
 * and — for the taxpayers a test registers, as the SAT's list of RFCs — that name, código postal and régimen match.
 * Tests read what it received, take it down (503) and bring it back, and move a cancellation on as the receiver would.
 */
export type StandInInvoice = {
  id: string;
  uuid: string;
  livemode: boolean;
  status: 'valid' | 'canceled';
  cancellation_status: 'none' | 'pending' | 'accepted' | 'rejected' | 'expired' | 'verifying';
  total: number;
  created_at: string;
  idempotency_key: string | null;
  body: PacInvoiceBody;
  cancellation: { motive: string; substitution: string | null } | null;
};

type Taxpayer = { rfc: string; legalName: string; zip: string; taxSystem: string };

const RFC_SHAPE = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{2}[0-9A]$/;

/** A one-page PDF that says which invoice it is (enough for a download to be a real PDF). */
export function tinyPdf(text: string): Buffer {
  const safe = text.replace(/[()\\]/g, ' ');
  const stream = `BT /F1 12 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The CFDI 4.0 the stand-in "stamped": the receiver, the concepts and the stamp's UUID, as a PAC's XML has them. */
function cfdiXml(invoice: StandInInvoice): string {
  const { body } = invoice;
  const concepts = body.items
    .map(
      (item) =>
        `<cfdi:Concepto ClaveProdServ="${item.product.product_key}" ClaveUnidad="${item.product.unit_key}" Cantidad="${item.quantity}" Descripcion="${escapeXml(item.product.description)}"${item.product.sku ? ` NoIdentificacion="${escapeXml(item.product.sku)}"` : ''} Importe="${(item.product.price * item.quantity).toFixed(2)}"/>`,
    )
    .join('');
  const global = body.global
    ? `<cfdi:InformacionGlobal Periodicidad="${body.global.periodicity}" Meses="${body.global.months}" Año="${body.global.year}"/>`
    : '';
  const related = (body.related_documents ?? [])
    .map(
      (relation) =>
        `<cfdi:CfdiRelacionados TipoRelacion="${relation.relationship}">${relation.documents.map((uuid) => `<cfdi:CfdiRelacionado UUID="${uuid}"/>`).join('')}</cfdi:CfdiRelacionados>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="4.0" Serie="${escapeXml(body.series)}" Folio="${body.folio_number}" FormaPago="${body.payment_form}" MetodoPago="${body.payment_method}" TipoDeComprobante="${body.type}" Total="${invoice.total.toFixed(2)}" Moneda="MXN">${global}${related}<cfdi:Receptor Rfc="${body.customer.tax_id}" Nombre="${escapeXml(body.customer.legal_name)}" DomicilioFiscalReceptor="${body.customer.address.zip}" RegimenFiscalReceptor="${body.customer.tax_system}" UsoCFDI="${body.use}"/><cfdi:Conceptos>${concepts}</cfdi:Conceptos><cfdi:Complemento><tfd:TimbreFiscalDigital Version="1.1" UUID="${invoice.uuid}"/></cfdi:Complemento></cfdi:Comprobante>
`;
}

class Refusal extends Error {
  constructor(
    message: string,
    readonly path: string | undefined,
    readonly status = 400,
  ) {
    super(message);
  }
}

export async function startFacturapiStandIn(options: { port?: number } = {}) {
  const invoices = new Map<string, StandInInvoice>();
  const byIdempotencyKey = new Map<string, string>();
  const taxpayers = new Map<string, Taxpayer>();
  const received: { method: string; path: string; body: unknown }[] = [];
  let down = false;

  function check(body: PacInvoiceBody) {
    const customer = body.customer;
    if (!customer || !RFC_SHAPE.test(customer.tax_id ?? ''))
      throw new Refusal('El RFC del receptor no tiene un formato válido.', 'customer.tax_id');
    if (!/^\d{5}$/.test(customer.address?.zip ?? ''))
      throw new Refusal('El código postal del receptor no es válido.', 'customer.address.zip');
    if (!Array.isArray(body.items) || body.items.length === 0)
      throw new Refusal('La factura debe tener al menos un concepto.', 'items');
    for (const item of body.items) {
      if (!/^\d{8}$/.test(item.product?.product_key ?? ''))
        throw new Refusal('La clave de producto no es válida.', 'items.product.product_key');
      if (!item.product?.unit_key) throw new Refusal('Falta la clave de unidad.', 'items.product.unit_key');
    }
    const known = taxpayers.get(customer.tax_id);
    if (known && known.legalName !== customer.legal_name)
      throw new Refusal(
        'El campo Nombre del receptor debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.',
        'customer.legal_name',
      );
    if (known && known.zip !== customer.address.zip)
      throw new Refusal(
        'El campo DomicilioFiscalReceptor del receptor debe corresponder al código postal registrado para el RFC en el SAT.',
        'customer.address.zip',
      );
    if (known && known.taxSystem !== customer.tax_system)
      throw new Refusal(
        'El campo RegimenFiscalReceptor no corresponde al régimen registrado para el RFC en el SAT.',
        'customer.tax_system',
      );
  }

  function stamp(body: PacInvoiceBody & { idempotency_key?: string }, livemode: boolean): StandInInvoice {
    const { idempotency_key: key, ...rest } = body;
    const earlier = key ? byIdempotencyKey.get(key) : undefined;
    if (earlier) return invoices.get(earlier)!;
    check(rest);
    const total =
      rest.items.reduce((sum, item) => sum + Math.round(item.product.price * 100) * item.quantity, 0) / 100;
    const invoice: StandInInvoice = {
      id: randomUUID().replace(/-/g, '').slice(0, 24),
      uuid: randomUUID().toUpperCase(),
      livemode,
      status: 'valid',
      cancellation_status: 'none',
      total,
      created_at: new Date().toISOString(),
      idempotency_key: key ?? null,
      body: rest,
      cancellation: null,
    };
    invoices.set(invoice.id, invoice);
    if (key) byIdempotencyKey.set(key, invoice.id);
    return invoice;
  }

  const view = (invoice: StandInInvoice) => ({
    id: invoice.id,
    livemode: invoice.livemode,
    created_at: invoice.created_at,
    status: invoice.status,
    cancellation_status: invoice.cancellation_status,
    type: invoice.body.type,
    uuid: invoice.uuid,
    total: invoice.total,
    series: invoice.body.series,
    folio_number: invoice.body.folio_number,
    payment_form: invoice.body.payment_form,
    payment_method: invoice.body.payment_method,
    use: invoice.body.use,
    customer: invoice.body.customer,
    global: invoice.body.global ?? null,
    related_documents: invoice.body.related_documents ?? [],
    external_id: invoice.body.external_id,
    idempotency_key: invoice.idempotency_key,
    items: invoice.body.items,
  });

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };

  async function readJson(request: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? JSON.parse(text) : undefined;
  }

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const body =
        request.method === 'POST' || request.method === 'PUT' ? await readJson(request) : undefined;
      if (url.pathname === '/health') return send(response, 200, { ok: true });
      received.push({ method: request.method ?? 'GET', path: url.pathname + url.search, body });
      if (down) return send(response, 503, { message: 'Service Unavailable', status: 503 });
      const key = /^Bearer (sk_(?:test|live)_\w+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!key) return send(response, 401, { message: 'API Key inválida', status: 401 });
      const livemode = key.startsWith('sk_live_');
      const [, version, resource, id, file] = url.pathname.split('/');
      if (version !== 'v2' || resource !== 'invoices')
        return send(response, 404, { message: 'Recurso no encontrado', status: 404 });
      if (request.method === 'POST' && !id) return send(response, 200, view(stamp(body, livemode)));
      const invoice = id ? invoices.get(id) : undefined;
      if (!invoice) return send(response, 404, { message: 'No se encontró la factura', status: 404 });
      if (request.method === 'GET' && !file) return send(response, 200, view(invoice));
      if (request.method === 'GET' && file === 'pdf') {
        response.writeHead(200, { 'content-type': 'application/pdf' });
        return response.end(
          tinyPdf(`CFDI ${invoice.body.series}-${invoice.body.folio_number} ${invoice.uuid}`),
        );
      }
      if (request.method === 'GET' && file === 'xml') {
        response.writeHead(200, { 'content-type': 'application/xml' });
        return response.end(cfdiXml(invoice));
      }
      if (request.method === 'DELETE' && !file) {
        const motive = url.searchParams.get('motive') ?? '';
        const substitution = url.searchParams.get('substitution');
        if (!['01', '02', '03', '04'].includes(motive))
          throw new Refusal('El motivo de cancelación no es válido.', 'motive');
        if (motive === '01' && !substitution)
          throw new Refusal('El motivo 01 requiere el UUID de la factura que sustituye.', 'substitution');
        invoice.cancellation = { motive, substitution };
        // The receiver's acceptance is not needed up to $1,000, for the general public, or (here) in test mode's
        // small amounts; otherwise the SAT waits for it.
        const noAcceptance = invoice.total <= 1000 || invoice.body.customer.tax_id === 'XAXX010101000';
        if (noAcceptance) {
          invoice.status = 'canceled';
          invoice.cancellation_status = 'accepted';
        } else invoice.cancellation_status = 'pending';
        return send(response, 200, view(invoice));
      }
      return send(response, 404, { message: 'Recurso no encontrado', status: 404 });
    } catch (error) {
      if (error instanceof Refusal)
        return send(response, error.status, {
          message: error.message,
          path: error.path,
          status: error.status,
        });
      return send(response, 400, { message: (error as Error).message, status: 400 });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v2`,
    received,
    invoices,
    /** Stamped invoices (every POST that stamped, once per idempotency key). */
    stamped: () => [...invoices.values()],
    /** The SAT's record of a taxpayer: an invoice to this RFC must carry this name, código postal and régimen. */
    registerTaxpayer: (taxpayer: Taxpayer) => taxpayers.set(taxpayer.rfc, taxpayer),
    setDown: (value: boolean) => {
      down = value;
    },
    /** The receiver answers a cancellation that waits for them. */
    answerCancellation: (id: string, accept: boolean) => {
      const invoice = invoices.get(id)!;
      invoice.cancellation_status = accept ? 'accepted' : 'rejected';
      if (accept) invoice.status = 'canceled';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FacturapiStandIn = Awaited<ReturnType<typeof startFacturapiStandIn>>;
