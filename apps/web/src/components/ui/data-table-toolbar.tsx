import type { TPageState } from '@sala/shared/table/table.contract';
import { ArrowDown, ArrowUp, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

/** docs/business-rules.md §2: the table's search waits 1000 ms after the last keystroke. */
export const TABLE_SEARCH_DEBOUNCE_MS = 1000;

type ToolbarProps = {
  state: TPageState;
  onStateChange: (state: TPageState) => void;
  pageSizes: readonly number[];
  /** On narrow screens there is no header row to click: these columns are offered in a sort picker. */
  sortColumns: { id: string; label: string }[] | null;
};

/** Above the rows: the search box (debounced), the sort picker of narrow screens and the page size. */
export function DataTableToolbar({ state, onStateChange, pageSizes, sortColumns }: ToolbarProps) {
  const searchId = useId();
  const sizeId = useId();
  const [search, setSearch] = useState(state.q ?? '');

  useEffect(() => {
    const term = search.trim();
    if (term === (state.q ?? '')) return;
    const timer = setTimeout(
      () => onStateChange({ ...state, q: term || undefined, page: 1 }),
      TABLE_SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search, state, onStateChange]);

  return (
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
        {sortColumns && sortColumns.length > 0 && (
          <SortPicker columns={sortColumns} state={state} onStateChange={onStateChange} />
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
