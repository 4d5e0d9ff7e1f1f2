import type { TOutboxEmail } from '@sala/shared/mail/outbox.contract';
import { useMemo, useState } from 'react';
import {
  ACTIONS_COLUMN_ID,
  DataTable,
  type DataTableColumn,
  useTableState,
} from '../../../components/ui/data-table';
import { Modal } from '../../../components/ui/modal';
import { formatDateTime } from '../../../lib/format-date';
import { useOutbox } from '../api/list-outbox';

const statusLabels = { pending: 'Pendiente', sent: 'Enviado', failed: 'Fallido' } as const;

/** Stored e-mails: without an SMTP server they stay here, and staff can read them. */
export function OutboxTable() {
  const [state, setState] = useTableState({ sort: 'createdAt', dir: 'desc' });
  const outbox = useOutbox(state);
  const [reading, setReading] = useState<TOutboxEmail | null>(null);
  const columns = useMemo<DataTableColumn<TOutboxEmail>[]>(
    () => [
      { id: 'createdAt', header: 'Fecha', cell: ({ row }) => formatDateTime(row.original.createdAt) },
      { id: 'to', header: 'Para', enableSorting: false, cell: ({ row }) => row.original.to },
      { id: 'subject', header: 'Asunto', enableSorting: false, cell: ({ row }) => row.original.subject },
      {
        id: 'status',
        header: 'Estado',
        enableSorting: false,
        cell: ({ row }) => statusLabels[row.original.status],
      },
      {
        id: ACTIONS_COLUMN_ID,
        header: 'Detalle',
        enableSorting: false,
        cell: ({ row }) => (
          <button
            type="button"
            onClick={() => setReading(row.original)}
            className="font-medium text-brand-700 hover:underline"
          >
            Leer
          </button>
        ),
      },
    ],
    [],
  );
  return (
    <>
      <DataTable
        caption="Correos"
        columns={columns}
        data={outbox.data}
        isLoading={outbox.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={[5, 10, 30, 50]}
        getRowId={(row) => row.id}
      />
      {reading && (
        <Modal open onOpenChange={(open) => !open && setReading(null)} title={reading.subject} size="lg">
          <p className="mb-3 text-sm text-muted">Para: {reading.to}</p>
          <pre className="font-sans text-sm whitespace-pre-wrap break-words" data-testid="email-text">
            {reading.text}
          </pre>
        </Modal>
      )}
    </>
  );
}
