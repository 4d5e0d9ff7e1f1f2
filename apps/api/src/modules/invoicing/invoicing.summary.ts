import type { TInvoiceSummary } from '@sala/shared/invoicing/invoicing.contract';
import type { InvoiceSummaryRow } from './invoicing.repository';

/** An invoice row as the API answers it: its state, the PAC's refusal, and its cancellation once asked. */
export function summaryOf(row: InvoiceSummaryRow): TInvoiceSummary {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    series: row.series,
    folioNumber: row.folioNumber,
    uuid: row.uuid,
    totalCents: row.totalCents,
    customer: row.customer,
    stampedAt: row.stampedAt?.toISOString() ?? null,
    isTest: row.isTest,
    error:
      row.status === 'failed' && row.lastError ? { message: row.lastError, field: row.errorField } : null,
    cancellation:
      row.cancelState && row.cancelMotive
        ? { state: row.cancelState, motive: row.cancelMotive as '01' | '02' | '03' | '04' }
        : null,
  };
}
