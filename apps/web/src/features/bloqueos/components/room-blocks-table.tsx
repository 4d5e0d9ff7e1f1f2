import { BLOCK_PAGE_SIZES, roomBlockSortable, type TRoomBlock } from '@sala/shared/blocks/blocks.contract';
import { blockMessages as m } from '@sala/shared/blocks/blocks.messages';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { CalendarX2, ChevronDown, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { actionsColumn } from '../../../components/ui/admin-screen';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { cx } from '../../../components/ui/field-styles';
import { IconButton } from '../../../components/ui/icon-button';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { useDeleteRoomBlock, useRemoveRoomDay, useRoomBlocks } from '../api/room-blocks-api';
import { describeHours, groupRoomDays, type RoomDay } from '../room-days';
import { BlockListSection } from './block-sections';

/** 'Sala 2 de Providencia' */
const roomLabel = (block: TRoomBlock) => `${block.roomName} de ${block.branchName}`;

/** 'Sala 2 de Providencia, martes 8 de enero de 2030' */
const roomDayLabel = (block: TRoomBlock) => `${roomLabel(block)}, ${formatCalendarDate(block.date)}`;

type Cancelling = { block: TRoomBlock; wholeDay: boolean };
type CancelOne = ((block: TRoomBlock) => void) | undefined;

/** The button that cancels one hour's block through the 'Cancelar Bloqueo' modal. */
function CancelHourButton({ block, onCancel }: { block: TRoomBlock; onCancel: (block: TRoomBlock) => void }) {
  return (
    <IconButton
      icon={X}
      tone="danger"
      label={`Cancelar bloqueo: ${roomDayLabel(block)}, ${block.hour}`}
      onClick={() => onCancel(block)}
    />
  );
}

/**
 * The hours a room is blocked on a day: one hour as it is; several as the time they cover ('08:00 a 21:00'), with a
 * button that opens the list of hours (each one cancellable on its own by a super admin).
 */
function RoomDayHours({ day, onCancel }: { day: RoomDay; onCancel: CancelOne }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const count = day.blocks.length;
  if (count === 1) return <span className="tabular-nums">{day.block.hour}</span>;
  return (
    <div className="space-y-1.5">
      <p className="tabular-nums">{describeHours(day.blocks.map((block) => block.hour))}</p>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={open ? `Ocultar las ${count} horas` : `Ver las ${count} horas`}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-1 rounded-md text-xs font-semibold text-brand-700 hover:underline"
      >
        {count} horas
        <ChevronDown aria-hidden className={cx('size-3.5 transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <ul id={listId} className="flex flex-wrap gap-1.5">
          {day.blocks.map((block) => (
            <li
              key={block.id}
              className="inline-flex items-center rounded-full bg-sand-50 pl-2.5 text-xs tabular-nums ring-1 ring-slate-200"
            >
              {block.hour}
              {onCancel ? (
                <CancelHourButton block={block} onCancel={onCancel} />
              ) : (
                <span className="pr-2.5" />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * docs/business-rules.md §2: the room blocks from now on, by date and hour, one row per room and day (a whole day is one row, its
 * hours a click away). A super admin cancels one hour through the 'Cancelar Bloqueo' modal, or every block of
 * that room on that day at once.
 */
export function RoomBlocksTable({ canEdit }: { canEdit: boolean }) {
  // The API pages hours; 50 of them (the largest page) keep a whole day in one row unless it straddles a page.
  const [state, setState] = useTableState({ sort: roomBlockSortable[0], pageSize: 50 });
  const blocks = useRoomBlocks(state);
  const removeOne = useDeleteRoomBlock();
  const removeDay = useRemoveRoomDay();
  const [cancelling, setCancelling] = useState<Cancelling | null>(null);
  const page = useMemo(
    () => blocks.data && { ...blocks.data, rows: groupRoomDays(blocks.data.rows) },
    [blocks.data],
  );

  const columns = useMemo<DataTableColumn<RoomDay>[]>(() => {
    const cancelOne: CancelOne = canEdit ? (block) => setCancelling({ block, wholeDay: false }) : undefined;
    return [
      {
        id: 'startsAt',
        header: 'Fecha',
        cell: ({ row }) => (
          <span className="font-medium text-ink">{formatCalendarDate(row.original.block.date)}</span>
        ),
      },
      {
        id: 'hour',
        header: 'Hora',
        enableSorting: false,
        cell: ({ row }) => <RoomDayHours day={row.original} onCancel={cancelOne} />,
      },
      { id: 'roomName', header: 'Sala', cell: ({ row }) => row.original.block.roomName },
      { id: 'branchName', header: 'Sucursal', cell: ({ row }) => row.original.block.branchName },
      { id: 'cityName', header: 'Zona', cell: ({ row }) => row.original.block.cityName },
      ...actionsColumn<RoomDay>(canEdit, ({ block, blocks: hours }) => (
        <>
          {hours.length === 1 && cancelOne && <CancelHourButton block={block} onCancel={cancelOne} />}
          <IconButton
            icon={CalendarX2}
            tone="danger"
            label={`Cancelar todo el día: ${roomDayLabel(block)}`}
            onClick={() => setCancelling({ block, wholeDay: true })}
          />
        </>
      )),
    ];
  }, [canEdit]);

  const block = cancelling?.block;
  const day = block ? formatCalendarDate(block.date) : '';

  return (
    <BlockListSection title="Salas bloqueadas" pastCount={blocks.data?.pastCount}>
      <DataTable
        caption="Salas bloqueadas"
        columns={columns}
        data={page}
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
