import { BLOCK_PAGE_SIZES, dayBlockSortable, type TDayBlock } from '@sala/shared/blocks/blocks.contract';
import { blockMessages as m } from '@sala/shared/blocks/blocks.messages';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { actionsColumn } from '../../../components/ui/admin-screen';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { IconButton } from '../../../components/ui/icon-button';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { useDayBlocks, useDeleteDayBlock } from '../api/day-blocks-api';
import { BlockListSection } from './block-sections';

const WHOLE_DAY = 'Día completo';

/** 'Providencia, martes 8 de enero de 2030, 10:00' (or 'día completo'): names one block to people. */
const blockLabel = (block: TDayBlock) =>
  `${block.branchName}, ${formatCalendarDate(block.date)}, ${block.hour ?? WHOLE_DAY.toLowerCase()}`;

/** The list's toasts: a new try's answer replaces the last one instead of piling up (issue 39). */
const TOAST_ID = 'day-block-delete';

/** docs/business-rules.md §2: the day and hour blocks from today on, by date; only a super admin sees the column to remove them. */
export function DayBlocksTable({ canEdit }: { canEdit: boolean }) {
  const [state, setState] = useTableState({ sort: dayBlockSortable[0] });
  const blocks = useDayBlocks(state);
  const remove = useDeleteDayBlock();
  const [deleting, setDeleting] = useState<TDayBlock | null>(null);

  const columns = useMemo<DataTableColumn<TDayBlock>[]>(
    () => [
      {
        id: 'date',
        header: 'Fecha',
        cell: ({ row }) => (
          <span className="font-medium text-ink">{formatCalendarDate(row.original.date)}</span>
        ),
      },
      {
        id: 'hour',
        header: 'Hora',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.hour ? (
            <span className="tabular-nums">{row.original.hour}</span>
          ) : (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-800">
              {WHOLE_DAY}
            </span>
          ),
      },
      { id: 'branchName', header: 'Sucursal', cell: ({ row }) => row.original.branchName },
      { id: 'cityName', header: 'Zona', cell: ({ row }) => row.original.cityName },
      ...actionsColumn<TDayBlock>(canEdit, (block) => (
        <IconButton
          icon={Trash2}
          tone="danger"
          label={`Eliminar bloqueo: ${blockLabel(block)}`}
          onClick={() => setDeleting(block)}
        />
      )),
    ],
    [canEdit],
  );

  return (
    <BlockListSection title="Días y horas bloqueados" pastCount={blocks.data?.pastCount}>
      <DataTable
        caption="Días y horas bloqueados"
        columns={columns}
        data={blocks.data}
        isLoading={blocks.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={BLOCK_PAGE_SIZES}
        getRowId={(row) => row.id}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Eliminar bloqueo"
        description={
          deleting
            ? `¿Seguro que deseas quitar el bloqueo de ${blockLabel(deleting)}? Ese periodo se podrá reservar de nuevo.`
            : ''
        }
        confirmLabel="Eliminar"
        cancelLabel="Volver"
        tone="danger"
        onConfirm={async () => {
          await reportFailure(() => remove.mutateAsync({ id: deleting!.id }), m.saveFailed, TOAST_ID);
          notify.success(m.removed, { id: TOAST_ID });
        }}
      />
    </BlockListSection>
  );
}
