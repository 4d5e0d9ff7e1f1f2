import { formatCredits } from '@sala/shared/format/credits';
import { formatMoney } from '@sala/shared/format/money';
import { PURCHASE_PAGE_SIZES, type TMyOrder } from '@sala/shared/users/profile.contract';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { formatDateTime } from '../../../lib/format-date';
import { useMyOrders } from '../api/get-my-history';

const columns: DataTableColumn<TMyOrder>[] = [
  { id: 'createdAt', header: 'Fecha', cell: ({ row }) => formatDateTime(row.original.createdAt) },
  {
    id: 'products',
    header: 'Productos',
    enableSorting: false,
    cell: ({ row }) => row.original.products.join(', '),
  },
  {
    id: 'credits',
    header: 'Créditos',
    enableSorting: false,
    cell: ({ row }) => formatCredits(row.original.creditsGranted),
  },
  { id: 'totalCents', header: 'Total', cell: ({ row }) => formatMoney(row.original.totalCents) },
  {
    id: 'status',
    header: 'Estado',
    enableSorting: false,
    cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
  },
];

export function PurchaseHistory() {
  const [state, setState] = useTableState({ sort: 'createdAt', dir: 'desc', pageSize: 5 });
  const orders = useMyOrders(state);
  return (
    <DataTable
      caption="Historial de compras"
      columns={columns}
      data={orders.data}
      isLoading={orders.isFetching}
      state={state}
      onStateChange={setState}
      pageSizes={PURCHASE_PAGE_SIZES}
      getRowId={(row) => row.id}
    />
  );
}
