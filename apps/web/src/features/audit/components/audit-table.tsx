import {
  AUDIT_ACTIONS,
  auditActionLabels,
  type TAuditAction,
  type TAuditEntry,
} from '@sala/shared/audit/audit.contract';
import { formatDateTime } from '@sala/shared/format/date-time';
import { useMemo, useState } from 'react';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { SelectField } from '../../../components/ui/select-field';
import { NameText } from '../../../components/ui/table-cells';
import { TextField } from '../../../components/ui/text-field';
import { useAuditLog } from '../api/list-audit';
import { auditChangeLines } from './audit-changes';

const actionOptions = AUDIT_ACTIONS.map((value) => ({ value, label: auditActionLabels[value] }));

/** What changed, one field per line: "Precio: $1,000 → $1,200". */
function Changes({ entry }: { entry: TAuditEntry }) {
  const lines = auditChangeLines(entry);
  return (
    <ul className="min-w-48 space-y-0.5 text-sm" data-testid="audit-changes">
      {lines.map((line) => (
        // A long word (a name someone typed) breaks inside, only where the line ends: the table stays on screen.
        <li key={line.field} className="wrap-anywhere">
          <span className="text-muted">{line.label}:</span> {line.before} → {line.after}
        </li>
      ))}
    </ul>
  );
}

/**
 * The staff actions of the log (Auditoría, super admin): when, who, what and on which record, with each changed
 * field before → after; newest first, searched by who or what, filtered by action and dates.
 */
export function AuditTable() {
  const [state, setState] = useTableState({ sort: 'at', dir: 'desc' });
  const [action, setAction] = useState<TAuditAction | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const log = useAuditLog(state, {
    action: action || undefined,
    from: from || undefined,
    to: to || undefined,
  });
  const backToFirstPage = () => setState((current) => ({ ...current, page: 1 }));

  const columns = useMemo<DataTableColumn<TAuditEntry>[]>(
    () => [
      {
        id: 'at',
        header: 'Fecha',
        cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.at)}</span>,
      },
      { id: 'actorName', header: 'Quién', enableSorting: false, cell: ({ row }) => row.original.actorName },
      {
        id: 'action',
        header: 'Acción',
        enableSorting: false,
        cell: ({ row }) => auditActionLabels[row.original.action],
      },
      {
        id: 'label',
        header: 'Registro',
        enableSorting: false,
        cell: ({ row }) => <NameText name={row.original.label} />,
      },
      {
        id: 'changes',
        header: 'Antes → después',
        enableSorting: false,
        cell: ({ row }) => <Changes entry={row.original} />,
      },
    ],
    [],
  );

  return (
    <>
      <div className="mb-4 grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Acción"
          placeholder="Todas"
          options={actionOptions}
          value={action}
          onChange={(value) => {
            setAction(value as TAuditAction | '');
            backToFirstPage();
          }}
        />
        <TextField
          label="Desde"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => {
            setFrom(event.target.value);
            backToFirstPage();
          }}
        />
        <TextField
          label="Hasta"
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => {
            setTo(event.target.value);
            backToFirstPage();
          }}
        />
      </div>
      <DataTable
        caption="Auditoría"
        columns={columns}
        data={log.data}
        isLoading={log.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={[10, 30, 50]}
        getRowId={(row) => row.id}
      />
    </>
  );
}
