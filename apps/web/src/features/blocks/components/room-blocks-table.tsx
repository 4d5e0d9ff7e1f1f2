import { BLOCK_PAGE_SIZES, roomBlockSortable, type TRoomBlockDay } from '@sala/shared/blocks/blocks.contract';
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
import { describeHours } from '../room-days';
import { BlockListSection } from './block-sections';

type Hour = TRoomBlockDay['hours'][number];

/** 'Sala 2 de Providencia' */
const roomLabel = (day: TRoomBlockDay) => `${day.roomName} de ${day.branchName}`;

/** 'Sala 2 de Providencia, martes 8 de enero de 2030' */
const roomDayLabel = (day: TRoomBlockDay) => `${roomLabel(day)}, ${formatCalendarDate(day.date)}`;

/** The whole day, or one of its hours. */
type Cancelling = { day: TRoomBlockDay; hour?: Hour };
type CancelOne = ((day: TRoomBlockDay, hour: Hour) => void) | undefined;

/** The button that cancels one hour's block through the 'Cancelar Bloqueo' modal. */
function CancelHourButton({
  day,
  hour,
  onCancel,
}: {
  day: TRoomBlockDay;
  hour: Hour;
  onCancel: NonNullable<CancelOne>;
}) {
  return (
    <IconButton
      icon={X}
      tone="danger"
      label={`Cancelar bloqueo: ${roomDayLabel(day)}, ${hour.hour}`}
      onClick={() => onCancel(day, hour)}
    />
  );
}

/**
 * The hours a room is blocked on a day: one hour as it is; several as the time they cover ('08:00 a 21:00'), with a
 * button that opens the list of hours (each one cancellable on its own by a super admin).
 */
function RoomDayHours({ day, onCancel }: { day: TRoomBlockDay; onCancel: CancelOne }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const count = day.hours.length;
  if (count === 1) return <span className="tabular-nums">{day.hours[0]!.hour}</span>;
  return (
    <div className="space-y-1.5">
      <p className="tabular-nums">{describeHours(day.hours.map((hour) => hour.hour))}</p>
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
          {day.hours.map((hour) => (
            <li
              key={hour.id}
              className="inline-flex items-center rounded-full bg-sand-50 pl-2.5 text-xs tabular-nums ring-1 ring-slate-200"
            >
              {hour.hour}
              {onCancel ? (
                <CancelHourButton day={day} hour={hour} onCancel={onCancel} />
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

/** The list's toasts: a new try's answer replaces the last one instead of piling up (issue 39). */
const TOAST_ID = 'room-block-delete';

/**
 * docs/business-rules.md §2: the room blocks from now on, by date and hour, one row per room and day as the API
 * pages them (a whole day is one row, its hours a click away). A super admin cancels one hour through the
 * 'Cancelar Bloqueo' modal, or every block of that room on that day at once.
 */
export function RoomBlocksTable({ canEdit }: { canEdit: boolean }) {
  const [state, setState] = useTableState({ sort: roomBlockSortable[0] });
  const blocks = useRoomBlocks(state);
  const removeOne = useDeleteRoomBlock();
  const removeDay = useRemoveRoomDay();
  const [cancelling, setCancelling] = useState<Cancelling | null>(null);

  const columns = useMemo<DataTableColumn<TRoomBlockDay>[]>(() => {
    const cancelOne: CancelOne = canEdit ? (day, hour) => setCancelling({ day, hour }) : undefined;
    return [
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
        cell: ({ row }) => <RoomDayHours day={row.original} onCancel={cancelOne} />,
      },
      { id: 'roomName', header: 'Sala', cell: ({ row }) => row.original.roomName },
      { id: 'branchName', header: 'Sucursal', cell: ({ row }) => row.original.branchName },
      { id: 'cityName', header: 'Zona', cell: ({ row }) => row.original.cityName },
      ...actionsColumn<TRoomBlockDay>(canEdit, (day) => (
        <>
          {day.hours.length === 1 && cancelOne && (
            <CancelHourButton day={day} hour={day.hours[0]!} onCancel={cancelOne} />
          )}
          <IconButton
            icon={CalendarX2}
            tone="danger"
            label={`Cancelar todo el día: ${roomDayLabel(day)}`}
            onClick={() => setCancelling({ day })}
          />
        </>
      )),
    ];
  }, [canEdit]);

  const day = cancelling?.day;
  const hour = cancelling?.hour;
  const date = day ? formatCalendarDate(day.date) : '';

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
        getRowId={(row) => `${row.roomId}:${row.date}`}
      />
      <ConfirmDialog
        open={hour !== undefined}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={m.cancelTitle}
        description={
          day && hour
            ? `¿Seguro que deseas cancelar el bloqueo de ${roomLabel(day)} el ${date} a las ${hour.hour}?`
            : ''
        }
        confirmLabel="Cancelar bloqueo"
        cancelLabel="Volver"
        tone="danger"
        onConfirm={async () => {
          await reportFailure(() => removeOne.mutateAsync({ id: hour!.id }), m.unexpected, TOAST_ID);
          notify.success(m.removed, { id: TOAST_ID });
        }}
      />
      <ConfirmDialog
        open={day !== undefined && hour === undefined}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancelar todo el día"
        description={
          day
            ? `¿Seguro que deseas cancelar todos los bloqueos de ${roomLabel(day)} el ${date}? La sala se podrá reservar de nuevo ese día.`
            : ''
        }
        confirmLabel="Cancelar todo el día"
        cancelLabel="Volver"
        tone="danger"
        onConfirm={async () => {
          await reportFailure(
            () => removeDay.mutateAsync({ roomId: day!.roomId, date: day!.date }),
            m.unexpected,
            TOAST_ID,
          );
          notify.success(m.removed, { id: TOAST_ID });
        }}
      />
    </BlockListSection>
  );
}
