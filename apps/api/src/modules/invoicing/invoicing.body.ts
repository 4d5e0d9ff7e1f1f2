import type { InvoiceCustomer } from '@sala/db/schema/invoicing';
import type { GlobalPeriod } from '@sala/shared/invoicing/global-period';
import {
  conceptsOf,
  GLOBAL_CONCEPT,
  paymentFormOf,
  pesos,
  type SalePayment,
} from '@sala/shared/invoicing/invoice.rules';
import { checkRfc, RFC_PUBLICO_EN_GENERAL } from '@sala/shared/invoicing/rfc';
import { isUsoAllowed } from '@sala/shared/invoicing/sat-catalogs';
import { formatFolio } from '@sala/shared/orders/folio';
import { IVA_RATE_PERCENT } from '@sala/shared/tax/iva';
import type { PacInvoiceBody } from '../../lib/invoicing/pac';

/**
 * What the PAC is sent (Facturapi's invoice body, CFDI 4.0), built from our sales: a client's invoice, the period's
 * global invoice to the general public, and a credit note. Pure: the queue stores it and sends it as it is.
 */

const IVA = [{ type: 'IVA' as const, rate: IVA_RATE_PERCENT / 100 }];

const customerOf = (customer: InvoiceCustomer): PacInvoiceBody['customer'] => ({
  legal_name: customer.legalName,
  tax_id: customer.rfc,
  tax_system: customer.taxSystem,
  ...(customer.email ? { email: customer.email } : {}),
  address: { zip: customer.zip },
});

type Folio = { series: string; folio: number };
type SaleLineWithKeys = {
  description: string;
  quantity: number;
  unitPriceCents: number;
  productKey: string;
  unitKey: string;
};

/** A client's invoice of one sale: a concept per line with its SAT keys, IVA included, the sale's folio. */
export function saleInvoiceBody(
  sale: SalePayment & { folio: number; totalCents: number },
  lines: SaleLineWithKeys[],
  customer: InvoiceCustomer,
  folio: Folio,
): PacInvoiceBody {
  const concepts = conceptsOf(lines, sale.totalCents);
  return {
    type: 'I',
    customer: customerOf(customer),
    items: concepts.map((concept) => ({
      quantity: concept.quantity,
      product: {
        description: concept.description,
        product_key: concept.productKey,
        unit_key: concept.unitKey,
        price: pesos(concept.unitPriceCents),
        tax_included: true,
        taxes: IVA,
        sku: formatFolio(sale.folio),
      },
    })),
    use: customer.cfdiUse,
    payment_form: paymentFormOf(sale),
    payment_method: 'PUE',
    series: folio.series,
    folio_number: folio.folio,
    external_id: formatFolio(sale.folio),
  };
}

/** The general public, as the global invoice names it: its código postal is the place of issue. */
export const publicoEnGeneral = (issuerZip: string): InvoiceCustomer => ({
  rfc: RFC_PUBLICO_EN_GENERAL,
  legalName: 'PUBLICO EN GENERAL',
  taxSystem: '616',
  zip: issuerZip,
  cfdiUse: 'S01',
  email: null,
});

/**
 * A period's global invoice (the SAT's guide for it): one "Venta" concept per sale (01010101, ACT, quantity 1, the
 * sale's folio as NoIdentificacion, its amount with IVA included), InformacionGlobal, PUE, the payment form of
 * the largest sale; a re-issue relates to the global it replaces (relation 04).
 */
export function globalInvoiceBody(
  sales: (SalePayment & { folio: number; totalCents: number })[],
  issuerZip: string,
  period: Pick<GlobalPeriod, 'periodicity' | 'months' | 'year'>,
  folio: Folio,
  replaces: string | null,
): PacInvoiceBody {
  const largest = sales.reduce((best, sale) => (sale.totalCents > best.totalCents ? sale : best));
  return {
    type: 'I',
    customer: customerOf(publicoEnGeneral(issuerZip)),
    items: sales.map((sale) => ({
      quantity: 1,
      product: {
        description: GLOBAL_CONCEPT.description,
        product_key: GLOBAL_CONCEPT.productKey,
        unit_key: GLOBAL_CONCEPT.unitKey,
        price: pesos(sale.totalCents),
        tax_included: true,
        taxes: IVA,
        sku: formatFolio(sale.folio),
      },
    })),
    use: 'S01',
    payment_form: paymentFormOf(largest),
    payment_method: 'PUE',
    series: folio.series,
    folio_number: folio.folio,
    external_id: `GLOBAL-${period.year}-${period.months}-${folio.folio}`,
    global: { periodicity: period.periodicity, months: period.months, year: period.year },
    ...(replaces ? { related_documents: [{ relationship: '04', documents: [replaces] }] } : {}),
  };
}

/** G02 (devoluciones) where the receiver's régimen allows it in the SAT's catalog; S01 otherwise. */
function creditNoteUse(customer: InvoiceCustomer) {
  const check = checkRfc(customer.rfc);
  const person = check.ok ? check.person : 'fisica';
  return isUsoAllowed('G02', customer.taxSystem, person) ? 'G02' : 'S01';
}

/**
 * A credit note (CFDI de egreso) for money given back after a sale that did happen: one concept for the amount
 * returned (the SAT's guide: 84111506, ACT, "Devolución"), related to the invoice it credits (relation 01).
 */
export function creditNoteBody(
  credited: { uuid: string; customer: InvoiceCustomer; paymentForm: string },
  amountCents: number,
  saleFolio: number,
  folio: Folio,
): PacInvoiceBody {
  return {
    type: 'E',
    customer: customerOf(credited.customer),
    items: [
      {
        quantity: 1,
        product: {
          description: `Devolución de la venta ${formatFolio(saleFolio)}`,
          product_key: '84111506',
          unit_key: 'ACT',
          price: pesos(amountCents),
          tax_included: true,
          taxes: IVA,
          sku: formatFolio(saleFolio),
        },
      },
    ],
    use: creditNoteUse(credited.customer),
    payment_form: credited.paymentForm,
    payment_method: 'PUE',
    series: folio.series,
    folio_number: folio.folio,
    external_id: `NC-${formatFolio(saleFolio)}`,
    related_documents: [{ relationship: '01', documents: [credited.uuid] }],
  };
}
