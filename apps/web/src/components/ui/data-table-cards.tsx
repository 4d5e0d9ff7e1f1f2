import { flexRender, type Table } from '@tanstack/react-table';
import { Fragment } from 'react';
import { cx } from './field-styles';

/** The column that holds a row's buttons: the last thing on each card on narrow screens. */
export const ACTIONS_COLUMN_ID = 'actions';

type CardListProps<T> = {
  table: Table<T>;
  /** Column id → the text that names it on a card. */
  labels: Map<string, string>;
  caption: string;
  isLoading: boolean;
  emptyText: string;
};

/** Below the table's breakpoint: each row a card of `label: value` pairs, its actions at the bottom. */
export function DataTableCards<T>({ table, labels, caption, isLoading, emptyText }: CardListProps<T>) {
  const rows = table.getRowModel().rows;
  if (rows.length === 0) {
    return (
      <p className="px-4 py-10 text-center text-sm text-muted" aria-busy={isLoading}>
        {emptyText}
      </p>
    );
  }
  return (
    <ul
      aria-label={caption}
      aria-busy={isLoading}
      // Two cards a row where a screen under the table's breakpoint is still wide (the admin area's 768–1279 px).
      className={cx(
        'space-y-3 bg-sand-50 p-3 md:grid md:grid-cols-2 md:gap-3 md:space-y-0',
        isLoading && 'opacity-60',
      )}
    >
      {rows.map((row) => {
        const cells = row.getVisibleCells();
        const actions = cells.find((cell) => cell.column.id === ACTIONS_COLUMN_ID);
        return (
          <li key={row.id} className="flex flex-col rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200">
            <dl className="grid flex-1 grid-cols-[minmax(auto,7rem)_minmax(0,1fr)] content-start items-baseline gap-x-4 gap-y-2.5 text-sm">
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
  );
}
