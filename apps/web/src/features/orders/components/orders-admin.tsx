import { formatMoney } from '@sala/shared/format/money';
import { formatFolio } from '@sala/shared/orders/folio';
import type { TOrderRow, TOrderStatus } from '@sala/shared/orders/orders.contract';
import { paymentMethodLabels } from '@sala/shared/orders/orders.messages';
import { DEFAULT_PAGE_SIZES } from '@sala/shared/table/table.contract';
import { Ban, ReceiptText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { actionsColumn } from '../../../components/ui/admin-screen';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { IconButton, iconButtonClass } from '../../../components/ui/icon-button';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { PageHeader } from '../../../components/ui/page-header';
import { SelectField } from '../../../components/ui/select-field';
import { DateTimeCell } from '../../../components/ui/table-cells';
import { type TOrderInvoiceFilter, useOrders } from '../api/orders-api';
import { CancelOrderDialog } from './cancel-order-dialog';

/** 'Café × 2, Agua' and '3 más' for the rest (docs/business-rules.md §2). */
function ProductsCell({ order }: { order: TOrderRow }) {
  return (
    <span className="block xl:max-w-64">
      {order.products.join(', ')}
      {order.moreProducts > 0 && (
        <span className="ml-1 whitespace-nowrap text-muted">y {order.moreProducts} más</span>
      )}
    </span>
  );
}

/** The status filter's choices ('' is every order). */
const statusFilters: { value: TOrderStatus; label: string }[] = [
  { value: 'pending', label: 'Pendientes de pago' },
  { value: 'expired', label: 'Vencidas' },
  { value: 'completed', label: 'Completadas' },
  { value: 'cancelled', label: 'Canceladas' },
];

/** Issue 42: how each order is invoiced ('' is every order). */
const invoiceFilters: { value: TOrderInvoiceFilter; label: string }[] = [
  { value: 'invoiced', label: 'Facturada' },
  { value: 'not_invoiced', label: 'Sin factura' },
  { value: 'in_global', label: 'En factura global' },
];

/** A completed order, or (issue 24) one whose OXXO or SPEI payment has not come: both can be cancelled. */
export const canCancelOrder = (status: TOrderStatus) => status === 'completed' || status === 'pending';

/**
 * /admin/ordenes (docs/business-rules.md §2): every order, online and at the counter, filtered by status; the super
 * admin cancels completed ones and pending payments.
 */
export function OrdersAdmin() {
  const [state, setState] = useTableState({ sort: 'createdAt', dir: 'desc' });
  const [status, setStatus] = useState<TOrderStatus | ''>('');
  const [invoice, setInvoice] = useState<TOrderInvoiceFilter | ''>('');
  const orders = useOrders(state, status || undefined, invoice || undefined);
  const [cancelling, setCancelling] = useState<TOrderRow | null>(null);

  const columns = useMemo<DataTableColumn<TOrderRow>[]>(
    () => [
      {
        // The folio people read on the ticket and the receipt (issue 39); the search box finds it too.
        id: 'folio',
        header: 'Folio',
        enableSorting: false,
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">{formatFolio(row.original.folio)}</span>
        ),
      },
      {
        id: 'createdAt',
        header: 'Fecha',
        cell: ({ row }) => <DateTimeCell iso={row.original.createdAt} />,
      },
      {
        // The phone under the name (one column less: the table fits beside the admin menu at 1280 px).
        id: 'clientName',
        header: 'Cliente',
        cell: ({ row }) => (
          <span className="block">
            <span className="font-medium text-ink">{row.original.clientName}</span>
            <span className="block text-xs whitespace-nowrap text-muted tabular-nums">
              {row.original.clientPhone}
            </span>
          </span>
        ),
      },
      {
        id: 'products',
        header: 'Productos',
        enableSorting: false,
        cell: ({ row }) => <ProductsCell order={row.original} />,
      },
      {
        // The method under the cashier (one column less: the table fits a laptop's screen with its actions).
        id: 'cashierName',
        header: 'Cajero y método',
        cell: ({ row }) => (
          <span className="block">
            {row.original.cashierName}
            <span className="block text-xs whitespace-nowrap text-muted" data-testid="order-method">
              {paymentMethodLabels[row.original.method]}
            </span>
          </span>
        ),
      },
      {
        id: 'totalCents',
        header: 'Total',
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">{formatMoney(row.original.totalCents)}</span>
        ),
      },
      {
        id: 'status',
        header: 'Estado',
        cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
      },
      ...actionsColumn<TOrderRow>(true, (order) => (
        <>
          <Link
            to={`/admin/ordenes/${order.id}/ticket`}
            className={iconButtonClass}
            aria-label={`Ver ticket de la orden de ${order.clientName}`}
            title="Ver ticket"
          >
            <ReceiptText aria-hidden className="size-4" />
          </Link>
          {canCancelOrder(order.status) && (
            <IconButton
              icon={Ban}
              tone="danger"
              label={`Cancelar orden de ${order.clientName}`}
              onClick={() => setCancelling(order)}
            />
          )}
        </>
      )),
    ],
    [],
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Ordenes"
        description="Las ventas del punto de venta y de la tienda en línea. Cancelar una orden descuenta los créditos que otorgó y la saca del corte."
      />
      <SelectField
        label="Estado"
        placeholder="Todas"
        options={statusFilters}
        value={status}
        onChange={(value) => {
          setStatus(value as TOrderStatus | '');
          setState({ ...state, page: 1 });
        }}
        className="max-w-xs"
      />
      <SelectField
        label="Factura"
        placeholder="Todas"
        options={invoiceFilters}
        value={invoice}
        onChange={(value) => {
          setInvoice(value as TOrderInvoiceFilter | '');
          setState({ ...state, page: 1 });
        }}
        className="max-w-xs"
      />
      <DataTable
        caption="Ordenes"
        columns={columns}
        data={orders.data}
        isLoading={orders.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={DEFAULT_PAGE_SIZES}
        getRowId={(row) => row.id}
      />
      {cancelling && <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} />}
    </div>
  );
}
