import type { TPageState } from '@sala/shared/table/table.contract';
import { flexRender, type Table } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cx } from './field-styles';

type WideTableProps<T> = {
  table: Table<T>;
  state: TPageState;
  onSort: (columnId: string) => void;
  caption: string;
  isLoading: boolean;
  emptyText: string;
};

/** 12 px between columns, 16 px at the table's edges: eight columns and their actions fit beside the admin menu. */
const cellPadding = 'px-3 first:pl-4 last:pr-4';

/** From the `md` breakpoint up (`xl` in the admin area): a real table, its sortable headers as buttons. */
export function DataTableWide<T>({ table, state, onSort, caption, isLoading, emptyText }: WideTableProps<T>) {
  const rows = table.getRowModel().rows;
  const columnCount = table.getAllLeafColumns().length;
  return (
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
                    className={cx(cellPadding, 'py-3 font-semibold')}
                    aria-sort={active ? (state.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {canSort ? (
                      <button
                        type="button"
                        onClick={() => onSort(header.column.id)}
                        className="inline-flex items-center gap-1 text-left uppercase hover:text-ink"
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
              <td colSpan={columnCount} className="px-4 py-10 text-center text-muted">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className="hover:bg-sand-50/60">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={cx(cellPadding, 'py-3 align-middle')}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
