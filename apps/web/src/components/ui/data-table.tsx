import { pageCount, type TPage, type TPageState } from '@sala/shared/table/table.contract';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { Fragment, useEffect, useId, useState } from 'react';
import { MD_UP, useMediaQuery } from '../../lib/use-media-query';
import { cx } from './field-styles';

/** Spec §2: the table's search waits 1000 ms after the last keystroke. */
export const TABLE_SEARCH_DEBOUNCE_MS = 1000;
export const TABLE_EMPTY_TEXT = 'No se encontraron datos.';

/** The column that holds a row's buttons: the last thing on each card on narrow screens. */
export const ACTIONS_COLUMN_ID = 'actions';

/**
 * A column of the shared table. Its header is a plain string in every table; a column whose header is not
 * gives `meta.label`, the text that names it on the cards and in the sort picker of narrow screens.
 */
export type DataTableColumn<T> = ColumnDef<T> & { id: string; meta?: { label?: string } };

function columnLabel<T>(column: DataTableColumn<T>): string {
  return column.meta?.label ?? (typeof column.header === 'string' ? column.header : column.id);
}

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
 * The shared table of spec §2. Paging, sorting and search run on the server: this component only shows a page
 * and asks for another through onStateChange. From the `md` breakpoint up it is a table; below it each row is a
 * card of `label: value` pairs with its actions at the bottom, and a picker above them replaces the sortable
 * headers. Only one of the two layouts is in the DOM at a time.
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
  const searchId = useId();
  const sizeId = useId();
  const [search, setSearch] = useState(state.q ?? '');
  // Without matchMedia (jsdom) the table layout is the one shown.
  const wide = useMediaQuery(MD_UP, true);

  useEffect(() => {
    const term = search.trim();
    if (term === (state.q ?? '')) return;
    const timer = setTimeout(
      () => onStateChange({ ...state, q: term || undefined, page: 1 }),
      TABLE_SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search, state, onStateChange]);

  const table = useReactTable({
    data: data?.rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    getRowId,
  });

  const pages = pageCount(data?.total ?? 0, state.pageSize);
  const sortBy = (columnId: string) =>
    onStateChange({
      ...state,
      sort: columnId,
      dir: state.sort === columnId && state.dir === 'asc' ? 'desc' : 'asc',
      page: 1,
    });

  const rows = table.getRowModel().rows;
  const emptyText = isLoading && !data ? 'Cargando...' : TABLE_EMPTY_TEXT;
  const labels = new Map(columns.map((column) => [column.id, columnLabel(column)]));
  const sortable = columns.filter((column) => column.enableSorting !== false);

  return (
    <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
        <div className="relative w-full md:max-w-xs">
          <label htmlFor={searchId} className="sr-only">
            Buscar en la tabla
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Buscar en la tabla..."
            maxLength={100}
            className="w-full rounded-lg border border-slate-300 py-2 pr-3 pl-9 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
          />
        </div>
        <div className="flex w-full items-end gap-2 text-sm md:w-auto">
          {!wide && sortable.length > 0 && (
            <SortPicker
              columns={sortable.map((column) => ({
                id: column.id,
                label: labels.get(column.id) ?? column.id,
              }))}
              state={state}
              onStateChange={onStateChange}
            />
          )}
          <label htmlFor={sizeId} className="sr-only">
            Filas por página
          </label>
          <select
            id={sizeId}
            value={state.pageSize}
            onChange={(event) => onStateChange({ ...state, pageSize: Number(event.target.value), page: 1 })}
            className="ml-auto rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm"
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                Mostrar {size}
              </option>
            ))}
          </select>
        </div>
      </div>

      {wide ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-busy={isLoading}>
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-sand-50 text-xs tracking-wide text-muted uppercase">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const canSort = header.column.columnDef.enableSorting !== false;
                    const active = state.sort === header.column.id;
                    const label = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        className="px-4 py-3 font-semibold whitespace-nowrap"
                        aria-sort={active ? (state.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                      >
                        {canSort ? (
                          <button
                            type="button"
                            onClick={() => sortBy(header.column.id)}
                            className="inline-flex items-center gap-1 uppercase hover:text-ink"
                          >
                            {label}
                            {active ? (
                              state.dir === 'asc' ? (
                                <ArrowUp aria-hidden className="size-3.5" />
                              ) : (
                                <ArrowDown aria-hidden className="size-3.5" />
                              )
                            ) : (
                              <ArrowUpDown aria-hidden className="size-3.5 opacity-40" />
                            )}
                          </button>
                        ) : (
                          label
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody className={cx('divide-y divide-slate-100', isLoading && 'opacity-60')}>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="px-4 py-10 text-center text-muted">
                    {emptyText}
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr key={row.id} className="hover:bg-sand-50/60">
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className="px-4 py-3 align-middle">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : rows.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-muted" aria-busy={isLoading}>
          {emptyText}
        </p>
      ) : (
        <ul
          aria-label={caption}
          aria-busy={isLoading}
          className={cx('space-y-3 bg-sand-50 p-3', isLoading && 'opacity-60')}
        >
          {rows.map((row) => {
            const cells = row.getVisibleCells();
            const actions = cells.find((cell) => cell.column.id === ACTIONS_COLUMN_ID);
            return (
              <li key={row.id} className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200">
                <dl className="grid grid-cols-[minmax(auto,7rem)_minmax(0,1fr)] items-baseline gap-x-4 gap-y-2.5 text-sm">
                  {cells
                    .filter((cell) => cell !== actions)
                    .map((cell) => (
                      <Fragment key={cell.id}>
                        <dt className="text-xs font-semibold tracking-wide text-muted uppercase">
                          {labels.get(cell.column.id)}
                        </dt>
                        <dd className="min-w-0 break-words text-ink">
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </dd>
                      </Fragment>
                    ))}
                </dl>
                {actions && (
                  <div className="mt-3 flex w-full justify-end border-t border-slate-100 pt-3 [&_a]:p-2.5 [&_a]:ring-1 [&_a]:ring-slate-200 [&_button]:p-2.5 [&_button]:ring-1 [&_button]:ring-slate-200 [&>div]:gap-2">
                    {flexRender(actions.column.columnDef.cell, actions.getContext())}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-4 text-sm">
        <p aria-live="polite">
          Pagina {Math.min(state.page, pages)} de {pages}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => onStateChange({ ...state, page: state.page - 1 })}
            disabled={state.page <= 1}
            className="inline-flex items-center gap-1 rounded-lg px-3 py-1.5 ring-1 ring-slate-300 hover:bg-sand-50 disabled:cursor-not-allowed disabled:opacity-40"
          >
            <ChevronLeft aria-hidden className="size-4" /> Anterior
          </button>
          <button
            type="button"
            onClick={() => onStateChange({ ...state, page: state.page + 1 })}
            disabled={state.page >= pages}
            className="inline-flex items-center gap-1 rounded-lg px-3 py-1.5 ring-1 ring-slate-300 hover:bg-sand-50 disabled:cursor-not-allowed disabled:opacity-40"
          >
            Siguiente <ChevronRight aria-hidden className="size-4" />
          </button>
        </div>
      </div>
    </div>
  );
}

type SortPickerProps = {
  columns: { id: string; label: string }[];
  state: TPageState;
  onStateChange: (state: TPageState) => void;
};

/** Narrow screens have no header row to click: the sort column and direction are picked here instead. */
function SortPicker({ columns, state, onStateChange }: SortPickerProps) {
  const sortId = useId();
  const ascending = state.dir === 'asc';
  const known = columns.some((column) => column.id === state.sort);
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={sortId} className="mb-1 block text-xs font-medium text-muted">
        Ordenar por
      </label>
      <div className="flex gap-2">
        <select
          id={sortId}
          value={state.sort}
          onChange={(event) => onStateChange({ ...state, sort: event.target.value, dir: 'asc', page: 1 })}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm"
        >
          {!known && <option value={state.sort}>—</option>}
          {columns.map((column) => (
            <option key={column.id} value={column.id}>
              {column.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={() => onStateChange({ ...state, dir: ascending ? 'desc' : 'asc', page: 1 })}
          aria-label={ascending ? 'Orden ascendente' : 'Orden descendente'}
          title={ascending ? 'Orden ascendente' : 'Orden descendente'}
          className="inline-flex shrink-0 rounded-lg p-2.5 ring-1 ring-slate-300 hover:bg-sand-50"
        >
          {ascending ? (
            <ArrowUp aria-hidden className="size-4" />
          ) : (
            <ArrowDown aria-hidden className="size-4" />
          )}
        </button>
      </div>
    </div>
  );
}

/** Table state with the spec's defaults (page 1, 10 rows). */
export function useTableState(defaults: Partial<TPageState> & { sort: string }) {
  return useState<TPageState>({ page: 1, pageSize: 10, dir: 'asc', ...defaults });
}
