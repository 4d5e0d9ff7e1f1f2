import { creditLotSourceLabels, type TCreditLot } from '@sala/shared/credits/credit-lots.contract';
import { formatExpiryDay } from '@sala/shared/credits/credit-lots.rules';
import { formatDate } from '@sala/shared/format/date-time';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { CalendarPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { actionsColumn } from '../../../components/ui/admin-screen';
import { type DataTableColumn, TABLE_EMPTY_TEXT, useTablesWide } from '../../../components/ui/data-table';
import { DataTableCards } from '../../../components/ui/data-table-cards';
import { DataTableWide } from '../../../components/ui/data-table-wide';
import { Button } from '../../../components/ui/link-button';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge';
import { useClientCreditLots } from '../api/client-account-api';
import { ExtendCreditLotDialog } from './extend-credit-lot-dialog';

type ExpiringLot = TCreditLot & { expiresOn: string };

/** A lot whose last day can still move: live, with credits left, and a last day to move. */
const extendable = (lot: TCreditLot): lot is ExpiringLot =>
  lot.status === 'live' && lot.remaining > 0 && lot.expiresOn !== null;

const statusTones: Record<TCreditLot['status'], BadgeTone> = {
  live: 'success',
  spent: 'neutral',
  expired: 'danger',
};

function LotStatus({ lot }: { lot: TCreditLot }) {
  const label =
    lot.status === 'live' ? 'Vigente' : lot.status === 'spent' ? 'Usado' : `Vencido (${lot.expired})`;
  return (
    <Badge tone={statusTones[lot.status]} state={lot.status}>
      {label}
    </Badge>
  );
}

/** The list keeps the API's order (live lots first); nothing sorts here. */
const UNSORTED = { page: 1, pageSize: 1000, sort: '', dir: 'asc' } as const;

/**
 * /admin/usuarios/:id, 'Paquetes de créditos' (issue 44): every lot of the client's credits — where it came from, how
 * many it gave and are left, its last day and its state. The super admin extends a live lot's last day.
 */
export function ClientCreditLots({ userId, canExtend }: { userId: string; canExtend: boolean }) {
  const lots = useClientCreditLots(userId);
  const [extending, setExtending] = useState<ExpiringLot | null>(null);
  const wide = useTablesWide();
  // The 'Acciones' column only when some lot can be extended (a list of used-up lots has nothing to act on).
  const withActions = canExtend && (lots.data?.lots ?? []).some(extendable);

  const columns = useMemo<DataTableColumn<TCreditLot>[]>(
    () => [
      {
        id: 'source',
        header: 'Origen',
        cell: ({ row }) => (
          <span>
            {creditLotSourceLabels[row.original.source]}
            <span className="block text-xs text-muted">{formatDate(row.original.createdAt)}</span>
          </span>
        ),
      },
      { id: 'credits', header: 'Créditos', cell: ({ row }) => row.original.credits },
      { id: 'remaining', header: 'Quedan', cell: ({ row }) => row.original.remaining },
      {
        id: 'expiresOn',
        header: 'Vence',
        cell: ({ row }) =>
          row.original.expiresOn ? (
            <span className="whitespace-nowrap">{formatExpiryDay(row.original.expiresOn)}</span>
          ) : (
            <span className="text-muted">Sin vencimiento</span>
          ),
      },
      { id: 'status', header: 'Estado', cell: ({ row }) => <LotStatus lot={row.original} /> },
      ...actionsColumn<TCreditLot>(withActions, (lot) =>
        extendable(lot) ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setExtending(lot)}
            aria-label={`Extender la vigencia de ${creditLotSourceLabels[lot.source]} (${formatExpiryDay(lot.expiresOn)})`}
          >
            <CalendarPlus aria-hidden className="size-4" /> Extender
          </Button>
        ) : null,
      ),
    ],
    [withActions],
  );

  const table = useReactTable({
    data: lots.data?.lots ?? [],
    columns: columns.map((column) => ({ ...column, enableSorting: false })),
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
  });
  const caption = 'Paquetes de créditos del cliente';
  const view = {
    table,
    caption,
    isLoading: lots.isFetching,
    emptyText: lots.isPending ? 'Cargando...' : lots.isError ? lots.error.message : TABLE_EMPTY_TEXT,
  };
  const labels = new Map(columns.map((column) => [column.id, String(column.header)]));

  return (
    <>
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        {wide ? (
          <DataTableWide {...view} state={UNSORTED} onSort={() => undefined} />
        ) : (
          <DataTableCards {...view} labels={labels} />
        )}
      </div>
      {extending && (
        <ExtendCreditLotDialog userId={userId} lot={extending} onClose={() => setExtending(null)} />
      )}
    </>
  );
}
