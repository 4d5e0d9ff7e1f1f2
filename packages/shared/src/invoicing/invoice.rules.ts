import { includedIvaCents } from '../tax/iva';
import { addDays, BUSINESS_TIME_ZONE, businessDate } from '../time/business-time';

/**
 * The rules of an invoice (CFDI 4.0, issue 42, design §13) that need no database: the payment form of a sale, its
 * concepts with the IVA its prices include, and the window in which a client may ask for it.
 */

export type SaleMethod = 'cash' | 'card' | 'transfer' | 'mixed' | 'oxxo' | 'spei';

export type SalePayment = {
  method: SaleMethod;
  paidCashCents: number;
  paidCardCents: number;
  paidTransferCents: number;
  /** What the gateway said of the card, when it said it: a debit card is form 28, a credit card 04. */
  cardFunding?: 'credit' | 'debit' | null;
};

/** c_FormaPago of each way we take money: cash and an OXXO voucher 01, a transfer and SPEI 03, a card 04 or 28. */
export function paymentFormOf(sale: SalePayment): string {
  const card = sale.cardFunding === 'debit' ? '28' : '04';
  switch (sale.method) {
    case 'cash':
    case 'oxxo':
      return '01';
    case 'transfer':
    case 'spei':
      return '03';
    case 'card':
      return card;
    case 'mixed': {
      // Paid several ways: the SAT's guide asks for the form that paid the largest part (cash on a tie, then card).
      const parts: [string, number][] = [
        ['01', sale.paidCashCents],
        [card, sale.paidCardCents],
        ['03', sale.paidTransferCents],
      ];
      return parts.reduce((best, part) => (part[1] > best[1] ? part : best))[0];
    }
  }
}

export type SaleLine = {
  description: string;
  quantity: number;
  unitPriceCents: number;
  productKey: string;
  unitKey: string;
};

export type InvoiceConcept = SaleLine & {
  /** The line's amount as the client paid it (IVA included), its base and its IVA: base + IVA = total. */
  totalCents: number;
  baseCents: number;
  ivaCents: number;
};

/** A concept per line, IVA 16 % included; the concepts add up to the sale's total to the centavo, or this throws. */
export function conceptsOf(lines: readonly SaleLine[], saleTotalCents: number): InvoiceConcept[] {
  const concepts = lines.map((line) => {
    const totalCents = line.unitPriceCents * line.quantity;
    const ivaCents = includedIvaCents(totalCents);
    return { ...line, totalCents, baseCents: totalCents - ivaCents, ivaCents };
  });
  const sum = concepts.reduce((total, concept) => total + concept.totalCents, 0);
  if (sum !== saleTotalCents)
    throw new RangeError(`the lines add up to ${sum} centavos, the sale to ${saleTotalCents}`);
  return concepts;
}

/** The SAT's guide for the global invoice: one concept per sale, key 01010101, unit ACT, "Venta". */
export const GLOBAL_CONCEPT = { productKey: '01010101', unitKey: 'ACT', description: 'Venta' } as const;

/** More sales than this go into several global invoices for the same period. */
export const GLOBAL_MAX_CONCEPTS = 5_000;

/**
 * How long after paying a client may ask for the invoice (a setting): `null` = until the end of the calendar month
 * of the payment (Mexico City), as most Mexican businesses do; a number = that many days after the payment's day.
 * Answers the last calendar day included (YYYY-MM-DD).
 */
export function lastDayToAsk(paidAt: Date, windowDays: number | null): string {
  const paidOn = businessDate(paidAt, BUSINESS_TIME_ZONE);
  if (windowDays !== null) return addDays(paidOn, windowDays);
  const [year, month] = paidOn.split('-').map(Number) as [number, number];
  const firstOfNext = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return addDays(firstOfNext, -1);
}

export const canStillAsk = (paidAt: Date, windowDays: number | null, now: Date) =>
  businessDate(now) <= lastDayToAsk(paidAt, windowDays);

/** Centavos as the PAC takes an amount: pesos with two decimals. */
export const pesos = (cents: number) => Math.round(cents) / 100;
