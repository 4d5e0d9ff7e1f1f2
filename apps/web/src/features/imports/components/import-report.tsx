import { formatPhone } from '@sala/shared/common/phone';
import type {
  TClientImportRow,
  TImportCount,
  TImportNote,
  TImportReport,
} from '@sala/shared/imports/imports.contract';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { Badge, type BadgeTone, StatusBadge } from '../../../components/ui/status-badge';
import { EmailText } from '../../../components/ui/table-cells';
import { ReportTable } from './report-table';

/** The spreadsheet's line of the report's counts (zeros when the report has none, as a file of only bad rows). */
export function clientsCount(report: TImportReport): TImportCount {
  return (
    report.counts.find((count) => count.collection === 'clients') ?? {
      collection: 'clients',
      label: '',
      read: 0,
      imported: 0,
      updated: 0,
      unchanged: 0,
      skipped: 0,
    }
  );
}

/** Whether confirming would save anything: a new client or a changed one. */
export const changesAnything = (report: TImportReport) => {
  const count = clientsCount(report);
  return count.imported + count.updated > 0;
};

const actions: Record<TClientImportRow['action'], { label: string; tone: BadgeTone }> = {
  create: { label: 'Nuevo', tone: 'success' },
  update: { label: 'Se actualiza', tone: 'warning' },
  unchanged: { label: 'Sin cambios', tone: 'neutral' },
};

/** The four figures of a preview (what would happen) or of the import just saved (what happened). */
export function ImportSummary({ report }: { report: TImportReport }) {
  const count = clientsCount(report);
  const figures = [
    { id: 'imported', label: 'Nuevos', value: count.imported },
    { id: 'updated', label: report.dryRun ? 'Se actualizan' : 'Actualizados', value: count.updated },
    { id: 'unchanged', label: 'Sin cambios', value: count.unchanged },
    { id: 'skipped', label: 'Con error', value: count.skipped },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map(({ id, label, value }) => (
        <div key={id} className="rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200 sm:bg-sand-50">
          <dt className="text-xs font-medium text-muted">{label}</dt>
          <dd
            className={
              id === 'skipped' && value > 0
                ? 'text-2xl font-bold text-red-700 tabular-nums'
                : 'text-2xl font-bold text-ink tabular-nums'
            }
            data-testid={`count-${id}`}
          >
            {value.toLocaleString('es-MX')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const lineColumn = <T extends { line: number | null }>(): DataTableColumn<T> => ({
  id: 'line',
  header: 'Línea',
  cell: ({ row }) => <span className="tabular-nums">{row.original.line ?? '—'}</span>,
});

const rowColumns: DataTableColumn<TClientImportRow>[] = [
  lineColumn<TClientImportRow>(),
  {
    id: 'name',
    header: 'Nombre',
    cell: ({ row }) => <span className="font-medium text-ink">{row.original.name}</span>,
  },
  { id: 'email', header: 'Correo', cell: ({ row }) => <EmailText email={row.original.email} /> },
  {
    id: 'phone',
    header: 'Teléfono',
    cell: ({ row }) => <span className="whitespace-nowrap">{formatPhone(row.original.phone)}</span>,
  },
  {
    id: 'credits',
    header: 'Créditos',
    cell: ({ row }) => <span className="tabular-nums">{row.original.credits}</span>,
  },
  { id: 'isActive', header: 'Activo', cell: ({ row }) => <StatusBadge isActive={row.original.isActive} /> },
  {
    id: 'action',
    header: 'Cambio',
    cell: ({ row }) => {
      const action = actions[row.original.action];
      return (
        <Badge tone={action.tone} state={row.original.action}>
          {action.label}
        </Badge>
      );
    },
  },
];

/** What changes first (new, then updated clients, in the file's order), then what stays as it is. */
const changesFirst = (rows: TClientImportRow[]) =>
  [...rows].sort(
    (a, b) => Number(a.action === 'unchanged') - Number(b.action === 'unchanged') || a.line - b.line,
  );

/** The spreadsheet's good rows and what the import does with each. */
export function ClientRowsTable({ rows }: { rows: TClientImportRow[] }) {
  return (
    <ReportTable
      caption="Clientes de la hoja"
      columns={rowColumns}
      rows={changesFirst(rows)}
      getRowId={(row) => String(row.line)}
    />
  );
}

/** Rows left out, or notes on rows imported: the line, the e-mail, and why. */
export function NotesTable({
  caption,
  reasonHeader,
  notes,
}: {
  caption: string;
  reasonHeader: string;
  notes: TImportNote[];
}) {
  const columns: DataTableColumn<TImportNote>[] = [
    lineColumn<TImportNote>(),
    { id: 'email', header: 'Correo', cell: ({ row }) => <EmailText email={row.original.id} /> },
    {
      id: 'reason',
      header: reasonHeader,
      cell: ({ row }) => <span className="text-ink">{row.original.reason}</span>,
    },
  ];
  const byLine = [...notes].sort(
    (a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER),
  );
  return (
    <ReportTable
      caption={caption}
      columns={columns}
      rows={byLine}
      getRowId={(note, index) => `${note.line ?? 'x'}-${index}`}
    />
  );
}
