import { formatCredits } from '@sala/shared/format/credits';
import { formatMoney } from '@sala/shared/format/money';
import { PURCHASE_PAGE_SIZES, type TMyOrder } from '@sala/shared/users/profile.contract';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format-date';
import { useMyOrders } from '../api/get-my-history';

type OrderState = 'completed' | 'cancelled' | 'pending';

/** Spec §3: completed and cancelled by name; any other status reads 'Pendiente'. */
export function orderState(status: string): OrderState {
  return status === 'completed' || status === 'cancelled' ? status : 'pending';
}

export const orderStateLabels: Record<OrderState, string> = {
  completed: 'Completada',
  cancelled: 'Cancelada',
  pending: 'Pendiente',
};

const badgeTones: Record<OrderState, BadgeTone> = {
  completed: 'success',
  cancelled: 'danger',
  pending: 'warning',
};

function StatusBadge({ status }: { status: string }) {
  const state = orderState(status);
  return (
    <Badge tone={badgeTones[state]} state={state}>
      {orderStateLabels[state]}
    </Badge>
  );
}

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
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
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
