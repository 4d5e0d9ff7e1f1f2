import { BLOCK_PAGE_SIZES, roomBlockSortable, type TRoomBlock } from '@sala/shared/blocks/blocks.contract';
import { blockMessages as m } from '@sala/shared/blocks/blocks.messages';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { CalendarX2, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { actionsColumn } from '../../../components/ui/admin-screen';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { IconButton } from '../../../components/ui/icon-button';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { useDeleteRoomBlock, useRemoveRoomDay, useRoomBlocks } from '../api/room-blocks-api';
import { BlockListSection } from './block-sections';

/** 'Sala 2 de Providencia' */
const roomLabel = (block: TRoomBlock) => `${block.roomName} de ${block.branchName}`;

type Cancelling = { block: TRoomBlock; wholeDay: boolean };

/**
 * Spec §2: the room blocks from now on, by date and hour. A super admin cancels one through the 'Cancelar Bloqueo'
 * modal, or every block of that room on that day at once.
 */
export function RoomBlocksTable({ canEdit }: { canEdit: boolean }) {
  const [state, setState] = useTableState({ sort: roomBlockSortable[0] });
  const blocks = useRoomBlocks(state);
  const removeOne = useDeleteRoomBlock();
  const removeDay = useRemoveRoomDay();
  const [cancelling, setCancelling] = useState<Cancelling | null>(null);

  const columns = useMemo<DataTableColumn<TRoomBlock>[]>(
    () => [
      {
        id: 'startsAt',
        header: 'Fecha',
        cell: ({ row }) => (
          <span className="font-medium text-ink">{formatCalendarDate(row.original.date)}</span>
        ),
      },
      {
        id: 'hour',
        header: 'Hora',
        enableSorting: false,
        cell: ({ row }) => <span className="tabular-nums">{row.original.hour}</span>,
      },
      { id: 'roomName', header: 'Sala', cell: ({ row }) => row.original.roomName },
      { id: 'branchName', header: 'Sucursal', cell: ({ row }) => row.original.branchName },
      { id: 'cityName', header: 'Zona', cell: ({ row }) => row.original.cityName },
      ...actionsColumn<TRoomBlock>(canEdit, (block) => {
        const when = `${roomLabel(block)}, ${formatCalendarDate(block.date)}`;
        return (
          <>
            <IconButton
              icon={X}
              tone="danger"
              label={`Cancelar bloqueo: ${when}, ${block.hour}`}
              onClick={() => setCancelling({ block, wholeDay: false })}
            />
            <IconButton
              icon={CalendarX2}
              tone="danger"
              label={`Cancelar todo el día: ${when}`}
              onClick={() => setCancelling({ block, wholeDay: true })}
            />
          </>
        );
      }),
    ],
    [canEdit],
  );

  const block = cancelling?.block;
  const day = block ? formatCalendarDate(block.date) : '';

  return (
    <BlockListSection title="Salas bloqueadas" pastCount={blocks.data?.pastCount}>
      <DataTable
        caption="Salas bloqueadas"
        columns={columns}
        data={blocks.data}
        isLoading={blocks.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={BLOCK_PAGE_SIZES}
        getRowId={(row) => row.id}
      />
      <ConfirmDialog
        open={cancelling?.wholeDay === false}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={m.cancelTitle}
        description={
          block
            ? `¿Seguro que deseas cancelar el bloqueo de ${roomLabel(block)} el ${day} a las ${block.hour}?`
            : ''
        }
        confirmLabel="Cancelar bloqueo"
        cancelLabel="Volver"
        tone="danger"
        onConfirm={async () => {
          await reportFailure(() => removeOne.mutateAsync({ id: block!.id }), m.unexpected);
          notify.success(m.removed);
        }}
      />
      <ConfirmDialog
        open={cancelling?.wholeDay === true}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancelar todo el día"
        description={
          block
            ? `¿Seguro que deseas cancelar todos los bloqueos de ${roomLabel(block)} el ${day}? La sala se podrá reservar de nuevo ese día.`
            : ''
        }
        confirmLabel="Cancelar todo el día"
        cancelLabel="Volver"
        tone="danger"
        onConfirm={async () => {
          await reportFailure(
            () => removeDay.mutateAsync({ roomId: block!.roomId, date: block!.date }),
            m.unexpected,
          );
          notify.success(m.removed);
        }}
      />
    </BlockListSection>
  );
}
