import { formatCredits } from '@sala/shared/format/credits';
import type { TMySession } from '@sala/shared/users/profile.contract';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { formatDateTime } from '../../../lib/format-date';
import { useMySessions } from '../api/get-my-history';

const columns: DataTableColumn<TMySession>[] = [
  { id: 'startsAt', header: 'Fecha y hora', cell: ({ row }) => formatDateTime(row.original.startsAt) },
  {
    id: 'place',
    header: 'Lugar',
    enableSorting: false,
    cell: ({ row }) => `${row.original.cityName} · ${row.original.branchName} · ${row.original.roomName}`,
  },
  {
    id: 'credits',
    header: 'Créditos',
    enableSorting: false,
    cell: ({ row }) => formatCredits(row.original.creditsCharged),
  },
  {
    id: 'status',
    header: 'Estado',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.cancelledAt ? (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600">
          Cancelada
        </span>
      ) : (
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
          Reservada
        </span>
      ),
  },
];

export function SessionHistory() {
  const [state, setState] = useTableState({ sort: 'startsAt', dir: 'desc' });
  const sessions = useMySessions(state);
  return (
    <DataTable
      caption="Historial de sesiones"
      columns={columns}
      data={sessions.data}
      isLoading={sessions.isFetching}
      state={state}
      onStateChange={setState}
      pageSizes={[5, 10, 30, 50]}
      getRowId={(row) => row.id}
    />
  );
}
