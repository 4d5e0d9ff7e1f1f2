import { citySortable, type TCity } from '@sala/shared/locations/cities.contract';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import { DEFAULT_PAGE_SIZES } from '@sala/shared/table/table.contract';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { IconButton } from '../../../components/ui/icon-button';
import { Button } from '../../../components/ui/link-button';
import { PageHeader } from '../../../components/ui/page-header';
import { notify } from '../../../components/ui/toast';
import { saveErrorMessage } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format-date';
import { useCities, useDeleteCity } from '../api/cities-api';
import { CityFormDialog } from './city-form-dialog';

/** /admin/zonas: every zone for staff; creating, editing and deleting for the super admin (spec §6). */
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
      ...(canEdit
        ? [
            {
              id: 'actions',
              header: 'Acciones',
              enableSorting: false,
              cell: ({ row }) => (
                <div className="flex gap-1">
                  <IconButton
                    icon={Pencil}
                    label={`Editar ${row.original.name}`}
                    onClick={() => setEditing(row.original)}
                  />
                  <IconButton
                    icon={Trash2}
                    tone="danger"
                    label={`Eliminar ${row.original.name}`}
                    onClick={() => setDeleting(row.original)}
                  />
                </div>
              ),
            } satisfies DataTableColumn<TCity>,
          ]
        : []),
    ],
    [canEdit],
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Zonas"
        description="Las ciudades donde hay consultorios. Cada sucursal pertenece a una zona."
        actions={
          canEdit && (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden className="size-4" /> Nueva zona
            </Button>
          )
        }
      />
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
          try {
            await remove.mutateAsync({ id: deleting!.id });
            notify.success(m.cityDeleted);
          } catch (error) {
            notify.error(saveErrorMessage(error, m.saveFailed));
            throw error;
          }
        }}
      />
    </div>
  );
}
