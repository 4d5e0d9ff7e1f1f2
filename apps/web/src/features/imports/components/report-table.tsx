import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { type DataTableColumn, TABLE_EMPTY_TEXT, useTablesWide } from '../../../components/ui/data-table';
import { DataTableCards } from '../../../components/ui/data-table-cards';
import { DataTableWide } from '../../../components/ui/data-table-wide';

/** A spreadsheet of thousands of rows: the screen lists this many and says how many more there are. */
export const SHOWN_ROWS = 200;

const count = (n: number) => n.toLocaleString('es-MX');

/** Nothing here sorts: the rows keep the order the report gives them. */
const UNSORTED = { page: 1, pageSize: SHOWN_ROWS, sort: '', dir: 'asc' } as const;

type ReportTableProps<T> = {
  /** What the rows are; names the table (and the cards' list) for screen readers and tests. */
  caption: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  getRowId: (row: T, index: number) => string;
};

/**
 * A list of the import's report, in the shared table's two faces (components/ui/data-table): a table where the
 * page's tables are one (the admin area's TablesWideFrom), cards below. All of it is in the browser, so no
 * toolbar or pager: the first SHOWN_ROWS rows, and how many more.
 */
export function ReportTable<T>({ caption, columns, rows, getRowId }: ReportTableProps<T>) {
  const wide = useTablesWide();
  const shown = rows.slice(0, SHOWN_ROWS);
  const table = useReactTable({
    data: shown,
    columns: columns.map((column) => ({ ...column, enableSorting: false })),
    getCoreRowModel: getCoreRowModel(),
    getRowId,
  });
  const labels = new Map(
    columns.map((column) => [column.id, typeof column.header === 'string' ? column.header : column.id]),
  );
  const view = { table, caption, isLoading: false, emptyText: TABLE_EMPTY_TEXT };
  const more = rows.length - shown.length;
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {wide ? (
        <DataTableWide {...view} state={UNSORTED} onSort={() => undefined} />
      ) : (
        <DataTableCards {...view} labels={labels} />
      )}
      {more > 0 && (
        <p className="border-t border-slate-200 px-4 py-3 text-sm text-muted" data-testid="rows-not-shown">
          Se muestran las primeras {count(shown.length)} de {count(rows.length)} filas; las otras{' '}
          {count(more)} no se listan aquí, pero cuentan en el resumen.
        </p>
      )}
    </div>
  );
}
