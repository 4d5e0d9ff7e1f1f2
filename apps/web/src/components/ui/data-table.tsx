import { pageCount, type TPage, type TPageState } from '@sala/shared/table/table.contract';
import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { createContext, useContext, useState } from 'react';
import { MD_UP, useMediaQuery } from '../../lib/use-media-query';
import { DataTableCards } from './data-table-cards';
import { DataTablePager } from './data-table-pager';
import { DataTableToolbar } from './data-table-toolbar';
import { DataTableWide } from './data-table-wide';

export { ACTIONS_COLUMN_ID } from './data-table-cards';
export { TABLE_SEARCH_DEBOUNCE_MS } from './data-table-toolbar';
export const TABLE_EMPTY_TEXT = 'No se encontraron datos.';

/**
 * A column of the shared table. Its header is a plain string in every table; a column whose header is not
 * gives `meta.label`, the text that names it on the cards and in the sort picker of narrow screens.
 */
export type DataTableColumn<T> = ColumnDef<T> & { id: string; meta?: { label?: string } };

function columnLabel<T>(column: DataTableColumn<T>): string {
  return column.meta?.label ?? (typeof column.header === 'string' ? column.header : column.id);
}

const WideFrom = createContext(MD_UP);

/**
 * The media query from which the tables inside show as a table (`md` unless told): a part of the app that leaves
 * the tables less room, the admin area beside its menu, asks for a wider screen.
 */
export const TablesWideFrom = WideFrom.Provider;

type DataTableProps<T> = {
  columns: DataTableColumn<T>[];
  /** The current page from the server; undefined while the first page loads. */
  data: TPage<T> | undefined;
  isLoading?: boolean;
  state: TPageState;
  onStateChange: (state: TPageState) => void;
  pageSizes: readonly number[];
  /** Visible to screen readers: what the table lists. */
  caption: string;
  getRowId?: (row: T) => string;
};

/**
 * Whether a table shows as a table here (not as cards): from `md` up, or from the breakpoint the page sets with
 * TablesWideFrom. Without matchMedia (jsdom) the table layout is the one shown.
 */
export function useTablesWide(): boolean {
  return useMediaQuery(useContext(WideFrom), true);
}

/**
 * The shared table of docs/business-rules.md §2. Paging, sorting and search run on the server: this component only shows a page
 * and asks for another through onStateChange. From the `md` breakpoint up (`xl` in the admin area, see
 * TablesWideFrom) it is a table; below it each row is a card of `label: value` pairs with its actions at the
 * bottom, and a picker above them replaces the sortable headers. Only one of the two layouts is in the DOM at a time.
 */
export function DataTable<T>({
  columns,
  data,
  isLoading = false,
  state,
  onStateChange,
  pageSizes,
  caption,
  getRowId,
}: DataTableProps<T>) {
  const wide = useTablesWide();
  const table = useReactTable({
    data: data?.rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    getRowId,
  });

  const sortBy = (columnId: string) =>
    onStateChange({
      ...state,
      sort: columnId,
      dir: state.sort === columnId && state.dir === 'asc' ? 'desc' : 'asc',
      page: 1,
    });
  const emptyText = isLoading && !data ? 'Cargando...' : TABLE_EMPTY_TEXT;
  const labels = new Map(columns.map((column) => [column.id, columnLabel(column)]));
  const sortColumns = wide
    ? null
    : columns
        .filter((column) => column.enableSorting !== false)
        .map((column) => ({ id: column.id, label: labels.get(column.id) ?? column.id }));
  const view = { table, caption, isLoading, emptyText };

  return (
    <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <DataTableToolbar
        state={state}
        onStateChange={onStateChange}
        pageSizes={pageSizes}
        sortColumns={sortColumns}
      />
      {wide ? (
        <DataTableWide {...view} state={state} onSort={sortBy} />
      ) : (
        <DataTableCards {...view} labels={labels} />
      )}
      <DataTablePager
        state={state}
        pages={pageCount(data?.total ?? 0, state.pageSize)}
        onStateChange={onStateChange}
      />
    </div>
  );
}

/** Table state with the spec's defaults (page 1, 10 rows). */
export function useTableState(defaults: Partial<TPageState> & { sort: string }) {
  return useState<TPageState>({ page: 1, pageSize: 10, dir: 'asc', ...defaults });
}
