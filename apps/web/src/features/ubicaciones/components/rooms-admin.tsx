import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import { roomSortable, type TRoom } from '@sala/shared/locations/rooms.contract';
import { DEFAULT_PAGE_SIZES } from '@sala/shared/table/table.contract';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ActiveToggle } from '../../../components/ui/active-toggle';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { IconButton } from '../../../components/ui/icon-button';
import { Button } from '../../../components/ui/link-button';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusBadge } from '../../../components/ui/status-badge';
import { notify } from '../../../components/ui/toast';
import { saveErrorMessage } from '../../../lib/form-errors';
import { useDeleteRoom, useRooms, useSetRoomActive } from '../api/rooms-api';
import { RoomFormDialog } from './room-form-dialog';

/** /admin/salas: rooms by position, with the status toggle; changes for the super admin (spec §6). */
export function RoomsAdmin({ canEdit }: { canEdit: boolean }) {
  const [state, setState] = useTableState({ sort: roomSortable[0] });
  const rooms = useRooms(state);
  const setActive = useSetRoomActive();
  const remove = useDeleteRoom();
  const [editing, setEditing] = useState<TRoom | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TRoom | null>(null);

  const columns = useMemo<DataTableColumn<TRoom>[]>(
    () => [
      {
        id: 'position',
        header: 'Sala',
        cell: ({ row }) => <span className="font-medium text-ink">{row.original.name}</span>,
      },
      { id: 'branchName', header: 'Sucursal', cell: ({ row }) => row.original.branchName },
      { id: 'cityName', header: 'Zona', cell: ({ row }) => row.original.cityName },
      {
        id: 'isActive',
        header: 'Estado',
        cell: ({ row }) =>
          canEdit ? (
            <ActiveToggle
              isActive={row.original.isActive}
              itemName={`${row.original.name} de ${row.original.branchName}`}
              onChange={async (isActive) => {
                try {
                  await setActive.mutateAsync({ id: row.original.id, isActive });
                } catch (error) {
                  notify.error(saveErrorMessage(error, m.saveFailed));
                  throw error;
                }
              }}
            />
          ) : (
            <StatusBadge isActive={row.original.isActive} />
          ),
      },
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
                    label={`Editar ${row.original.name} de ${row.original.branchName}`}
                    onClick={() => setEditing(row.original)}
                  />
                  <IconButton
                    icon={Trash2}
                    tone="danger"
                    label={`Eliminar ${row.original.name} de ${row.original.branchName}`}
                    onClick={() => setDeleting(row.original)}
                  />
                </div>
              ),
            } satisfies DataTableColumn<TRoom>,
          ]
        : []),
    ],
    [canEdit, setActive],
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Salas"
        description="Las salas de cada sucursal, por puesto. Una sala inactiva no se puede reservar."
        actions={
          canEdit && (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden className="size-4" /> Nueva sala
            </Button>
          )
        }
      />
      <DataTable
        caption="Salas"
        columns={columns}
        data={rooms.data}
        isLoading={rooms.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={DEFAULT_PAGE_SIZES}
        getRowId={(row) => row.id}
      />
      {editing && (
        <RoomFormDialog room={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Eliminar sala"
        description={
          deleting ? `¿Seguro que deseas eliminar ${deleting.name} de ${deleting.branchName}?` : ''
        }
        confirmLabel="Eliminar"
        tone="danger"
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ id: deleting!.id });
            notify.success(m.roomDeleted);
          } catch (error) {
            notify.error(saveErrorMessage(error, m.saveFailed));
            throw error;
          }
        }}
      />
    </div>
  );
}
