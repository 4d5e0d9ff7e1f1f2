import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import { roomSortable, type TRoom } from '@sala/shared/locations/rooms.contract';
import { DEFAULT_PAGE_SIZES } from '@sala/shared/table/table.contract';
import { Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ActiveStatus } from '../../../components/ui/active-status';
import { AdminScreen, actionsColumn } from '../../../components/ui/admin-screen';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { IconButton } from '../../../components/ui/icon-button';
import { NameText } from '../../../components/ui/table-cells';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { useDeleteRoom, useRooms, useSetRoomActive } from '../api/rooms-api';
import { RoomFormDialog } from './room-form-dialog';

const roomLabel = (room: TRoom) => `${room.name} de ${room.branchName}`;

/** /admin/salas: rooms by position, with the status toggle; changes for the super admin (docs/business-rules.md §6). */
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
      {
        id: 'branchName',
        header: 'Sucursal',
        cell: ({ row }) => <NameText name={row.original.branchName} />,
      },
      { id: 'cityName', header: 'Zona', cell: ({ row }) => <NameText name={row.original.cityName} /> },
      {
        id: 'isActive',
        header: 'Estado',
        cell: ({ row }) => (
          <ActiveStatus
            canChange={canEdit}
            isActive={row.original.isActive}
            itemName={roomLabel(row.original)}
            onChange={(isActive) =>
              reportFailure(() => setActive.mutateAsync({ id: row.original.id, isActive }), m.saveFailed)
            }
          />
        ),
      },
      ...actionsColumn<TRoom>(canEdit, (room) => (
        <>
          <IconButton icon={Pencil} label={`Editar ${roomLabel(room)}`} onClick={() => setEditing(room)} />
          <IconButton
            icon={Trash2}
            tone="danger"
            label={`Eliminar ${roomLabel(room)}`}
            onClick={() => setDeleting(room)}
          />
        </>
      )),
    ],
    [canEdit, setActive],
  );

  return (
    <AdminScreen
      title="Salas"
      description="Las salas de cada sucursal, por puesto. Una sala inactiva no se puede reservar."
      createLabel="Nueva sala"
      onCreate={canEdit ? () => setEditing('new') : undefined}
    >
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
        description={deleting ? `¿Seguro que deseas eliminar ${roomLabel(deleting)}?` : ''}
        confirmLabel="Eliminar"
        tone="danger"
        onConfirm={async () => {
          await reportFailure(() => remove.mutateAsync({ id: deleting!.id }), m.saveFailed);
          notify.success(m.roomDeleted);
        }}
      />
    </AdminScreen>
  );
}
