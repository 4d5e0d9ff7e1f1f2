import { costSortable, type TCost } from '@sala/shared/costs/costs.contract';
import { costMessages as m } from '@sala/shared/costs/costs.messages';
import { commonMessages } from '@sala/shared/errors/messages';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { formatMoney } from '@sala/shared/format/money';
import { DEFAULT_PAGE_SIZES } from '@sala/shared/table/table.contract';
import { Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminScreen, actionsColumn } from '../../../components/ui/admin-screen';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { IconButton } from '../../../components/ui/icon-button';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { useCosts, useDeleteCost } from '../api/costs-api';
import { CostFormDialog } from './cost-form-dialog';

/** /admin/gastos (docs/business-rules.md §2): the expenses, newest first; the super admin records, edits and removes them. */
export function CostsAdmin() {
  const [state, setState] = useTableState({ sort: costSortable[0], dir: 'desc' });
  const costs = useCosts(state);
  const remove = useDeleteCost();
  const [editing, setEditing] = useState<TCost | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TCost | null>(null);

  const columns = useMemo<DataTableColumn<TCost>[]>(
    () => [
      {
        id: 'name',
        header: 'Gasto',
        cell: ({ row }) => <span className="font-medium text-ink">{row.original.name}</span>,
      },
      { id: 'addedByName', header: 'Agregado por', cell: ({ row }) => row.original.addedByName },
      {
        id: 'totalCents',
        header: 'Total',
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">{formatMoney(row.original.totalCents)}</span>
        ),
      },
      {
        id: 'date',
        header: 'Fecha',
        cell: ({ row }) => (
          <span className="xl:whitespace-nowrap">{formatCalendarDate(row.original.date)}</span>
        ),
      },
      {
        id: 'details',
        header: 'Detalles',
        enableSorting: false,
        cell: ({ row }) => (
          <div className="xl:max-w-72">
            <p className="text-ink">{row.original.branchName ?? 'Sin sucursal'}</p>
            {row.original.description && (
              <p className="line-clamp-2 text-xs text-muted">{row.original.description}</p>
            )}
          </div>
        ),
      },
      ...actionsColumn<TCost>(true, (cost) => (
        <>
          <IconButton icon={Pencil} label={`Editar ${cost.name}`} onClick={() => setEditing(cost)} />
          <IconButton
            icon={Trash2}
            tone="danger"
            label={`Eliminar ${cost.name}`}
            onClick={() => setDeleting(cost)}
          />
        </>
      )),
    ],
    [],
  );

  return (
    <AdminScreen
      title="Gastos"
      description="Los gastos de cada sucursal. Cada gasto se resta en el corte de su día."
      createLabel="Nuevo gasto"
      onCreate={() => setEditing('new')}
    >
      <DataTable
        caption="Gastos"
        columns={columns}
        data={costs.data}
        isLoading={costs.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={DEFAULT_PAGE_SIZES}
        getRowId={(row) => row.id}
      />
      {editing && (
        <CostFormDialog cost={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Eliminar gasto"
        description={
          deleting && (
            <>
              Se eliminará <strong className="text-ink">{deleting.name}</strong> por{' '}
              {formatMoney(deleting.totalCents)} del {formatCalendarDate(deleting.date)}, y dejará de restarse
              en el corte de ese día.
            </>
          )
        }
        confirmLabel="Eliminar"
        tone="danger"
        onConfirm={async () => {
          if (!deleting) return;
          await reportFailure(() => remove.mutateAsync({ id: deleting.id }), commonMessages.genericError);
          notify.success(m.deleted);
        }}
      />
    </AdminScreen>
  );
}
