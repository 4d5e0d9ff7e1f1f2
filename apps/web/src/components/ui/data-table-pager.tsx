import type { TPageState } from '@sala/shared/table/table.contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';

type PagerProps = { state: TPageState; pages: number; onStateChange: (state: TPageState) => void };

/** Below the rows: where we are, and the previous and next pages. */
export function DataTablePager({ state, pages, onStateChange }: PagerProps) {
  return (
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
  );
}
