import { csvPesos as pesos, toCsv } from '../common/csv';
import { orderStatusLabels, paymentMethodLabels } from '../orders/orders.messages';
import { businessDate, businessTime } from '../time/business-time';
import type { TCashMovement, TCashSummary, TCashSummaryTotals } from './cash-summary.contract';

/**
 * The corte's totals from its movements (docs/business-rules.md D§4): received by method (cash net of change), expenses and
 * net. A cancelled order is listed but counts in no total; a pending one neither.
 */
export function summarizeMovements(movements: TCashMovement[]): TCashSummaryTotals {
  const totals: TCashSummaryTotals = {
    cashCents: 0,
    cardCents: 0,
    transferCents: 0,
    onlineCents: 0,
    onlineCardCents: 0,
    onlineOxxoCents: 0,
    onlineSpeiCents: 0,
    receivedCents: 0,
    expensesCents: 0,
    netCents: 0,
    orders: 0,
    cancelledOrders: 0,
    costs: 0,
    invoicedCents: 0,
    inGlobalCents: 0,
    notInvoicedCents: 0,
  };
  for (const movement of movements) {
    if (movement.kind === 'cost') {
      totals.costs += 1;
      totals.expensesCents += movement.totalCents;
      continue;
    }
    if (movement.status === 'cancelled') {
      totals.cancelledOrders += 1;
      continue;
    }
    if (movement.status !== 'completed') continue;
    totals.orders += 1;
    if (movement.invoice === 'invoiced') totals.invoicedCents += movement.totalCents;
    else if (movement.invoice === 'in_global') totals.inGlobalCents += movement.totalCents;
    else totals.notInvoicedCents += movement.totalCents;
    if (!movement.isPos) {
      // The online store: its own line, never the terminal's card (issue 22), by method (issue 24).
      const paid = movement.cardCents + movement.cashCents + movement.transferCents;
      totals.onlineCents += paid;
      if (movement.method === 'oxxo') totals.onlineOxxoCents += paid;
      else if (movement.method === 'spei') totals.onlineSpeiCents += paid;
      else totals.onlineCardCents += paid;
      continue;
    }
    totals.cashCents += movement.cashCents;
    totals.cardCents += movement.cardCents;
    totals.transferCents += movement.transferCents;
  }
  totals.receivedCents = totals.cashCents + totals.cardCents + totals.transferCents + totals.onlineCents;
  totals.netCents = totals.receivedCents - totals.expensesCents;
  return totals;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Movements in time order; ties keep orders before costs, then by id, so the list never reshuffles. */
export function sortMovements(movements: TCashMovement[]): TCashMovement[] {
  // ISO instants of one format compare as text; plain comparison, not localeCompare (thousands of rows a day).
  return [...movements].sort(
    (a, b) =>
      compareText(a.at, b.at) || (a.kind === b.kind ? compareText(a.id, b.id) : a.kind === 'order' ? -1 : 1),
  );
}

/**
 * The corte as CSV: a UTF-8 byte order mark first so Excel reads the accents right, one row per movement, then
 * the totals. Amounts in pesos with two decimals (a spreadsheet adds them); times in Mexico City.
 */
export function cashSummaryCsv(summary: TCashSummary, branchName: string | null): string {
  const rows: (string | number)[][] = [
    ['Corte de caja', summary.date, branchName ?? 'Todas las sucursales'],
    [],
    [
      'Hora',
      'Tipo',
      'Concepto',
      'Sucursal',
      'Estado',
      'Método',
      'Efectivo',
      'Tarjeta',
      'Transferencia',
      'Total',
    ],
  ];
  for (const movement of summary.movements) {
    const time = businessTime(new Date(movement.at));
    const day = businessDate(new Date(movement.at));
    const when = day === summary.date ? time : `${day} ${time}`;
    if (movement.kind === 'order') {
      rows.push([
        when,
        movement.isPos ? 'Venta' : 'Venta en línea',
        `${movement.clientName} (${movement.cashierName})`,
        movement.branchName ?? '',
        orderStatusLabels[movement.status],
        paymentMethodLabels[movement.method],
        pesos(movement.cashCents),
        pesos(movement.cardCents),
        pesos(movement.transferCents),
        pesos(movement.totalCents),
      ]);
    } else {
      rows.push([
        when,
        'Gasto',
        `${movement.name} (${movement.addedByName})`,
        movement.branchName ?? '',
        '',
        '',
        '',
        '',
        '',
        pesos(-movement.totalCents),
      ]);
    }
  }
  const t = summary.totals;
  rows.push(
    [],
    ['Efectivo (neto de cambio)', pesos(t.cashCents)],
    ['Tarjeta (terminal)', pesos(t.cardCents)],
    ['Transferencia', pesos(t.transferCents)],
    ['Tienda en línea (tarjeta)', pesos(t.onlineCardCents)],
    ['Tienda en línea (OXXO)', pesos(t.onlineOxxoCents)],
    ['Tienda en línea (SPEI)', pesos(t.onlineSpeiCents)],
    ['Total recibido', pesos(t.receivedCents)],
    ['Gastos', pesos(t.expensesCents)],
    ['Neto', pesos(t.netCents)],
  );
  if (summary.drawers.length > 0) {
    rows.push([], ['Caja', 'Fondo inicial', 'Esperado', 'Contado', 'Diferencia', 'Nota']);
    for (const drawer of summary.drawers) {
      rows.push([
        drawer.branchName,
        pesos(drawer.openingFloatCents),
        pesos(drawer.expectedCents),
        drawer.countedCents === null ? 'Abierta' : pesos(drawer.countedCents),
        drawer.differenceCents === null ? '' : pesos(drawer.differenceCents),
        drawer.note ?? '',
      ]);
    }
  }
  return toCsv(rows);
}
