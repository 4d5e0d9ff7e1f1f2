import { commonMessages } from '@sala/shared/errors/messages';
import {
  OUTBOX_STATUSES,
  type TOutboxEmail,
  type TOutboxRowState,
  type TOutboxStatus,
} from '@sala/shared/mail/outbox.contract';
import { outboxMessages as m, outboxStatusLabels } from '@sala/shared/mail/outbox.messages';
import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import {
  ACTIONS_COLUMN_ID,
  DataTable,
  type DataTableColumn,
  useTableState,
} from '../../../components/ui/data-table';
import { cx, fieldControlClass, fieldLabelClass } from '../../../components/ui/field-styles';
import { Modal } from '../../../components/ui/modal';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge';
import { DateTimeCell, EmailText } from '../../../components/ui/table-cells';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { useOutbox } from '../api/list-outbox';
import { useRetryEmail } from '../api/retry-email';

const tones: Record<TOutboxRowState, BadgeTone> = {
  pending: 'warning',
  sent: 'success',
  failed: 'danger',
  held: 'neutral',
};

export function OutboxStatusBadge({ status }: { status: TOutboxRowState }) {
  return (
    <Badge tone={tones[status]} state={status}>
      {outboxStatusLabels[status]}
    </Badge>
  );
}

/** When it went out, or when the worker tries next (the moment under what it is); a failed one has neither. */
function Delivery({ email }: { email: TOutboxEmail }) {
  const [label, at] = email.sentAt
    ? ['Enviado', email.sentAt]
    : email.nextAttemptAt
      ? ['Próximo intento', email.nextAttemptAt]
      : [null, null];
  if (!label) return <>—</>;
  return (
    <span className="block">
      {label} <DateTimeCell iso={at} />
    </span>
  );
}

const attemptsText = (attempts: number) => `${attempts} ${attempts === 1 ? 'intento' : 'intentos'}`;

/**
 * Stored e-mails with their delivery: status, attempts, last error and next attempt; filtered by status. A
 * failed one can be retried. Without an SMTP server nothing is sent: the screen says so, and the messages read
 * 'Sin servidor de correo' (kept here, readable), not pending.
 */
export function OutboxTable() {
  const [state, setState] = useTableState({ sort: 'createdAt', dir: 'desc' });
  const [status, setStatus] = useState<TOutboxStatus | ''>('');
  const outbox = useOutbox(state, status || undefined);
  const retry = useRetryEmail();
  const [reading, setReading] = useState<TOutboxEmail | null>(null);
  const filterId = useId();
  const mailServer = outbox.data?.mailServer ?? true;

  const columns = useMemo<DataTableColumn<TOutboxEmail>[]>(
    () => [
      {
        id: 'createdAt',
        header: 'Fecha',
        cell: ({ row }) => <DateTimeCell iso={row.original.createdAt} />,
      },
      {
        id: 'to',
        header: 'Para',
        enableSorting: false,
        cell: ({ row }) => <EmailText email={row.original.to} />,
      },
      { id: 'subject', header: 'Asunto', enableSorting: false, cell: ({ row }) => row.original.subject },
      {
        // The attempts under the state (one column less: the table fits beside the admin menu at 1280 px).
        id: 'status',
        header: 'Estado',
        enableSorting: false,
        cell: ({ row }) => (
          <span className="block">
            <OutboxStatusBadge status={row.original.status} />
            <span className="block text-xs text-muted tabular-nums" data-testid="email-attempts">
              {attemptsText(row.original.attempts)}
            </span>
          </span>
        ),
      },
      {
        id: 'delivery',
        header: 'Envío',
        enableSorting: false,
        cell: ({ row }) => <Delivery email={row.original} />,
      },
      {
        id: 'lastError',
        header: 'Último error',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.lastError ? (
            <span
              className="line-clamp-2 max-w-xs break-words text-xs text-red-700"
              title={row.original.lastError}
            >
              {row.original.lastError}
            </span>
          ) : (
            '—'
          ),
      },
      {
        id: ACTIONS_COLUMN_ID,
        header: 'Acciones',
        enableSorting: false,
        cell: ({ row }) => (
          <div className="flex gap-3">
            <button
              type="button"
              onClick={() => setReading(row.original)}
              className="font-medium text-brand-700 hover:underline"
            >
              Leer
            </button>
            {row.original.status === 'failed' && (
              <button
                type="button"
                disabled={retry.isPending}
                aria-label={`Reintentar el correo a ${row.original.to}`}
                onClick={async () => {
                  const result = await reportFailure(
                    () => retry.mutateAsync(row.original.id),
                    commonMessages.genericError,
                  ).catch(() => null);
                  if (!result) return;
                  if (result.status === 'sent') notify.success(m.retried);
                  else notify.warning(m.requeued);
                }}
                className="font-medium text-brand-700 hover:underline disabled:opacity-50"
              >
                Reintentar
              </button>
            )}
          </div>
        ),
      },
    ],
    [retry],
  );
  return (
    <>
      {!mailServer && (
        <p
          role="note"
          className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {m.noMailServer}
        </p>
      )}
      <div className="mb-4 flex max-w-xs flex-col gap-1.5">
        <label htmlFor={filterId} className={fieldLabelClass}>
          Estado
        </label>
        <div className="relative">
          <select
            id={filterId}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as TOutboxStatus | '');
              setState((current) => ({ ...current, page: 1 }));
            }}
            className={cx(fieldControlClass(false), 'appearance-none pr-9')}
          >
            <option value="">Todos</option>
            {OUTBOX_STATUSES.map((value) => (
              <option key={value} value={value}>
                {outboxStatusLabels[value === 'pending' && !mailServer ? 'held' : value]}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
          />
        </div>
      </div>
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
