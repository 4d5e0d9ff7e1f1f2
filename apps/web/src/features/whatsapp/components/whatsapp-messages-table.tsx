import type { TWhatsAppMessage } from '@sala/shared/whatsapp/whatsapp.contract';
import { whatsappMessages, whatsappStatusLabels } from '@sala/shared/whatsapp/whatsapp.messages';
import type { TWhatsAppStatus } from '@sala/shared/whatsapp/whatsapp.rules';
import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { cx, fieldControlClass, fieldLabelClass } from '../../../components/ui/field-styles';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge';
import { DateTimeCell } from '../../../components/ui/table-cells';
import { useWhatsAppMessages } from '../api/whatsapp-api';

export { whatsappStatusLabels };

/** The filter's options in the order a message goes (the failed ones last), not in the statuses' rank. */
const FILTER_STATUSES = Object.keys(whatsappStatusLabels) as TWhatsAppStatus[];

const tones: Record<TWhatsAppStatus, BadgeTone> = {
  pending: 'warning',
  accepted: 'neutral',
  sent: 'neutral',
  delivered: 'success',
  read: 'success',
  failed: 'danger',
};

export const NO_WHATSAPP_CHANNEL = whatsappMessages.noChannel;

const status = (message: TWhatsAppMessage) => message.status as TWhatsAppStatus;

/**
 * Administración → Mensajes, WhatsApp (issue 43): the template messages written for clients who turned WhatsApp
 * on, newest first, with how far each went (WhatsApp's statuses arrive later) and why one failed; by status.
 */
export function WhatsAppMessagesTable() {
  const [state, setState] = useTableState({ sort: 'createdAt', dir: 'desc' });
  const [filter, setFilter] = useState<TWhatsAppStatus | ''>('');
  const messages = useWhatsAppMessages(state, filter || undefined);
  const filterId = useId();
  const channel = messages.data?.channel ?? true;

  const columns = useMemo<DataTableColumn<TWhatsAppMessage>[]>(
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
        cell: ({ row }) => (
          <span className="block">
            {row.original.clientName && (
              <span className="block font-medium text-ink">{row.original.clientName}</span>
            )}
            <span className="block text-xs whitespace-nowrap text-muted tabular-nums">{row.original.to}</span>
          </span>
        ),
      },
      {
        id: 'message',
        header: 'Mensaje',
        enableSorting: false,
        cell: ({ row }) => (
          <details className="max-w-md">
            <summary className="cursor-pointer font-medium text-brand-700">
              {row.original.templateTitle}
            </summary>
            <p className="mt-1 text-xs leading-relaxed whitespace-pre-wrap break-words text-ink">
              {row.original.text}
            </p>
          </details>
        ),
      },
      {
        id: 'status',
        header: 'Estado',
        enableSorting: false,
        cell: ({ row }) => (
          <span className="block">
            <Badge tone={tones[status(row.original)]} state={row.original.status}>
              {whatsappStatusLabels[status(row.original)]}
            </Badge>
            {row.original.lastError && (
              <span
                className="mt-1 line-clamp-2 block max-w-xs text-xs break-words text-red-700"
                title={row.original.lastError}
              >
                {row.original.lastError}
              </span>
            )}
          </span>
        ),
      },
      {
        id: 'attempts',
        header: 'Intentos',
        enableSorting: false,
        cell: ({ row }) => <span className="tabular-nums">{row.original.attempts}</span>,
      },
    ],
    [],
  );

  return (
    <>
      {!channel && (
        <p
          role="note"
          className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {NO_WHATSAPP_CHANNEL}
        </p>
      )}
      <div className="mb-4 flex max-w-xs flex-col gap-1.5">
        <label htmlFor={filterId} className={fieldLabelClass}>
          Estado
        </label>
        <div className="relative">
          <select
            id={filterId}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as TWhatsAppStatus | '');
              setState((current) => ({ ...current, page: 1 }));
            }}
            className={cx(fieldControlClass(false), 'appearance-none pr-9')}
          >
            <option value="">Todos</option>
            {FILTER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {whatsappStatusLabels[value]}
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
        caption="Mensajes de WhatsApp"
        columns={columns}
        data={messages.data}
        isLoading={messages.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={[5, 10, 30, 50]}
        getRowId={(row) => row.id}
      />
    </>
  );
}
