import { formatCredits } from '@sala/shared/format/credits';
import { branchSortable, type TBranch } from '@sala/shared/locations/branches.contract';
import { describeSchedule } from '@sala/shared/locations/schedule';
import { DEFAULT_PAGE_SIZES } from '@sala/shared/table/table.contract';
import { Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminScreen, actionsColumn } from '../../../components/ui/admin-screen';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { IconButton } from '../../../components/ui/icon-button';
import { NameText } from '../../../components/ui/table-cells';
import { useBranches } from '../api/branches-api';
import { BranchFormDialog } from './branch-form-dialog';
import { DeleteBranchDialog } from './delete-branch-dialog';

/** /admin/consultorios: the branches, their session cost and hours; changes for the super admin (docs/business-rules.md §6). */
export function BranchesAdmin({ canEdit }: { canEdit: boolean }) {
  const [state, setState] = useTableState({ sort: branchSortable[0] });
  const branches = useBranches(state);
  const [editing, setEditing] = useState<TBranch | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TBranch | null>(null);

  const columns = useMemo<DataTableColumn<TBranch>[]>(
    () => [
      {
        id: 'name',
        header: 'Nombre',
        cell: ({ row }) => <NameText name={row.original.name} className="font-medium text-ink" />,
      },
      { id: 'cityName', header: 'Zona', cell: ({ row }) => <NameText name={row.original.cityName} /> },
      {
        id: 'sessionCost',
        header: 'Costo por sesión',
        cell: ({ row }) => formatCredits(row.original.sessionCost),
      },
      {
        id: 'schedule',
        header: 'Horario de atención',
        enableSorting: false,
        cell: ({ row }) => (
          <span className="block text-xs text-muted xl:min-w-44">
            {describeSchedule(row.original.schedule)}
          </span>
        ),
      },
      {
        id: 'contact',
        header: 'Dirección y teléfono',
        enableSorting: false,
        cell: ({ row }) => (
          <span className="block text-xs text-muted xl:min-w-44">
            {row.original.address || 'Sin dirección'}
            {row.original.phone && <span className="block">Tel. {row.original.phone}</span>}
          </span>
        ),
      },
      { id: 'roomCount', header: 'Salas', cell: ({ row }) => row.original.roomCount },
      ...actionsColumn<TBranch>(canEdit, (branch) => (
        <>
          <IconButton icon={Pencil} label={`Editar ${branch.name}`} onClick={() => setEditing(branch)} />
          <IconButton
            icon={Trash2}
            tone="danger"
            label={`Eliminar ${branch.name}`}
            onClick={() => setDeleting(branch)}
          />
        </>
      )),
    ],
    [canEdit],
  );

  return (
    <AdminScreen
      title="Consultorios"
      description="Las sucursales de cada zona, cuántos créditos cuesta una sesión en ellas y su horario."
      createLabel="Nueva sucursal"
      onCreate={canEdit ? () => setEditing('new') : undefined}
    >
      <DataTable
        caption="Consultorios"
        columns={columns}
        data={branches.data}
        isLoading={branches.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={DEFAULT_PAGE_SIZES}
        getRowId={(row) => row.id}
      />
      {editing && (
        <BranchFormDialog branch={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteBranchDialog branch={deleting} onClose={() => setDeleting(null)} />}
    </AdminScreen>
  );
}
