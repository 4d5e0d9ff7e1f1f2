import type { TCashSummaryTotals } from '@sala/shared/cash-summary/cash-summary.contract';
import { formatMoney } from '@sala/shared/format/money';
import { cx } from '../../../components/ui/field-styles';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

type Card = { id: string; label: string; cents: number; note?: string; tone?: 'brand' | 'danger' | 'net' };

/**
 * Received by method, the total received, the expenses and the net (docs/business-rules.md D§4), and the sales by
 * invoice (issue 42).
 */
export function SummaryCards({ totals }: { totals: TCashSummaryTotals }) {
  const byMethod: Card[] = [
    { id: 'cash', label: 'Efectivo (neto de cambio)', cents: totals.cashCents },
    { id: 'card', label: 'Tarjeta (terminal)', cents: totals.cardCents },
    { id: 'transfer', label: 'Transferencia', cents: totals.transferCents },
    // Issue 22: the online store's payments, in no branch and no drawer; by method since issue 24 (OXXO and SPEI
    // count on the day their payment was confirmed).
    { id: 'online', label: 'Tienda en línea (tarjeta)', cents: totals.onlineCardCents },
    { id: 'online-oxxo', label: 'Tienda en línea (OXXO)', cents: totals.onlineOxxoCents },
    { id: 'online-spei', label: 'Tienda en línea (SPEI)', cents: totals.onlineSpeiCents },
  ];
  const orders = plural(totals.orders, 'orden', 'órdenes');
  const cancelled =
    totals.cancelledOrders > 0
      ? ` · ${plural(totals.cancelledOrders, 'cancelada', 'canceladas')} (no cuentan)`
      : '';
  const overall: Card[] = [
    {
      id: 'received',
      label: 'Total recibido',
      cents: totals.receivedCents,
      note: `${orders}${cancelled}`,
      tone: 'brand',
    },
    {
      id: 'expenses',
      label: 'Gastos',
      cents: totals.expensesCents,
      note: plural(totals.costs, 'gasto', 'gastos'),
      tone: 'danger',
    },
    { id: 'net', label: 'Neto', cents: totals.netCents, note: 'Total recibido menos gastos', tone: 'net' },
  ];
  // Issue 42: what of the day's sales has its own invoice, goes in the period's global invoice, or has none yet.
  const invoicing: Card[] = [
    { id: 'invoiced', label: 'Facturado al cliente', cents: totals.invoicedCents },
    { id: 'in-global', label: 'En factura global', cents: totals.inGlobalCents },
    {
      id: 'not-invoiced',
      label: 'Sin factura todavía',
      cents: totals.notInvoicedCents,
      note: 'Entra en la factura global al cerrar el periodo, salvo que el cliente la pida',
    },
  ];
  return (
    <div className="space-y-3 print:space-y-2">
      <ul
        aria-label="Recibido por método"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 print:grid-cols-3 print:gap-2"
      >
        {byMethod.map((card) => (
          <SummaryCard key={card.id} card={card} />
        ))}
      </ul>
      <ul aria-label="Totales del día" className="grid gap-3 sm:grid-cols-3 print:grid-cols-3 print:gap-2">
        {overall.map((card) => (
          <SummaryCard key={card.id} card={card} large />
        ))}
      </ul>
      <ul aria-label="Facturación" className="grid gap-3 sm:grid-cols-3 print:grid-cols-3 print:gap-2">
        {invoicing.map((card) => (
          <SummaryCard key={card.id} card={card} />
        ))}
      </ul>
    </div>
  );
}

function SummaryCard({ card, large }: { card: Card; large?: boolean }) {
  const negative = card.cents < 0;
  return (
    <li
      data-testid={`corte-${card.id}`}
      className={cx(
        'rounded-2xl p-4 shadow-sm ring-1 print:rounded-none print:p-2 print:shadow-none',
        card.tone === 'net'
          ? 'bg-brand-800 text-white ring-brand-900 print:bg-white print:text-ink print:ring-2 print:ring-ink'
          : 'bg-white ring-slate-200',
      )}
    >
      <p
        className={cx(
          'text-sm font-medium',
          card.tone === 'net' ? 'text-brand-100 print:text-muted' : 'text-muted',
        )}
      >
        {card.label}
      </p>
      <p
        className={cx(
          'mt-1 font-bold tabular-nums',
          large ? 'text-3xl' : 'text-2xl',
          card.tone === 'danger' && 'text-red-700',
          card.tone === 'brand' && 'text-brand-800',
          card.tone === 'net' && negative && 'text-red-200 print:text-red-700',
        )}
      >
        {card.tone === 'danger' && card.cents > 0 ? `−${formatMoney(card.cents)}` : formatMoney(card.cents)}
      </p>
      {card.note && (
        <p
          className={cx(
            'mt-1 text-xs',
            card.tone === 'net' ? 'text-brand-100 print:text-muted' : 'text-muted',
          )}
        >
          {card.note}
        </p>
      )}
    </li>
  );
}
