import { formatDate } from '@sala/shared/format/date-time';
import { citySortable, type TCity } from '@sala/shared/locations/cities.contract';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import { DEFAULT_PAGE_SIZES } from '@sala/shared/table/table.contract';
import { Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminScreen, actionsColumn } from '../../../components/ui/admin-screen';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { IconButton } from '../../../components/ui/icon-button';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { useCities, useDeleteCity } from '../api/cities-api';
import { CityFormDialog } from './city-form-dialog';

/** /admin/zonas: every zone for staff; creating, editing and deleting for the super admin (docs/business-rules.md §6). */
export function CitiesAdmin({ canEdit }: { canEdit: boolean }) {
  const [state, setState] = useTableState({ sort: citySortable[0] });
  const cities = useCities(state);
  const remove = useDeleteCity();
  const [editing, setEditing] = useState<TCity | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TCity | null>(null);

  const columns = useMemo<DataTableColumn<TCity>[]>(
    () => [
      {
        id: 'name',
        header: 'Nombre',
        cell: ({ row }) => <span className="font-medium text-ink">{row.original.name}</span>,
      },
      { id: 'branchCount', header: 'Sucursales', cell: ({ row }) => row.original.branchCount },
      { id: 'createdAt', header: 'Creada', cell: ({ row }) => formatDate(row.original.createdAt) },
      ...actionsColumn<TCity>(canEdit, (city) => (
        <>
          <IconButton icon={Pencil} label={`Editar ${city.name}`} onClick={() => setEditing(city)} />
          <IconButton
            icon={Trash2}
            tone="danger"
            label={`Eliminar ${city.name}`}
            onClick={() => setDeleting(city)}
          />
        </>
      )),
    ],
    [canEdit],
  );

  return (
    <AdminScreen
      title="Zonas"
      description="Las ciudades donde hay consultorios. Cada sucursal pertenece a una zona."
      createLabel="Nueva zona"
      onCreate={canEdit ? () => setEditing('new') : undefined}
    >
      <DataTable
        caption="Zonas"
        columns={columns}
        data={cities.data}
        isLoading={cities.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={DEFAULT_PAGE_SIZES}
        getRowId={(row) => row.id}
      />
      {editing && (
        <CityFormDialog city={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Eliminar zona"
        description={`¿Seguro que deseas eliminar la zona ${deleting?.name ?? ''}?`}
        confirmLabel="Eliminar"
        tone="danger"
        onConfirm={async () => {
          await reportFailure(() => remove.mutateAsync({ id: deleting!.id }), m.saveFailed);
          notify.success(m.cityDeleted);
        }}
      />
    </AdminScreen>
  );
}
