import type { TPublicBranch } from '@sala/shared/bookings/availability.contract';
import { useId, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useDayGrid } from '../api/staff-sessions-api';
import { BranchSelect, branchesByZone } from './branch-select';
import { DayGrid, gridCounts } from './day-grid';

type Props = {
  date: string;
  branches: TPublicBranch[];
  /** The screen's branch filter; '' (every branch) lets the grid pick its own, the first one by default. */
  branchId: string;
};

/** The chosen day's rooms × hours of one branch, in its own card beside or below the table. */
export function BranchDayGrid({ date, branches, branchId }: Props) {
  const headingId = useId();
  const first = branchesByZone(branches)[0]?.branches[0]?.id ?? '';
  const [picked, setPicked] = useState('');
  const shownId = branchId || (branches.some((b) => b.id === picked) ? picked : first);
  const branch = branches.find((b) => b.id === shownId);
  const grid = useDayGrid(date, shownId || undefined);
  const counts = grid.data ? gridCounts(grid.data) : undefined;

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-4 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 space-y-0.5">
          <h2 id={headingId} className="font-display text-xl font-semibold text-brand-800">
            Salas del día{branch ? ` · ${branch.name}` : ''}
          </h2>
          {counts && (
            <p className="text-sm text-muted">
              {counts.booked === 1 ? '1 reservada' : `${counts.booked} reservadas`} ·{' '}
              {counts.free === 1 ? '1 libre' : `${counts.free} libres`}
            </p>
          )}
        </div>
        {!branchId && branches.length > 1 && (
          <BranchSelect
            label="Ver sucursal"
            branches={branches}
            value={shownId}
            onChange={setPicked}
            className="w-full sm:w-56"
            compact
          />
        )}
      </div>
      {!shownId ? (
        <p className="text-sm text-muted">No hay sucursales.</p>
      ) : grid.isPending ? (
        <div className="flex justify-center py-10 text-brand-600">
          <Spinner className="size-6" />
          <span className="sr-only">Cargando...</span>
        </div>
      ) : grid.isError ? (
        <p role="alert" className="text-sm text-red-700">
          No pudimos cargar las salas de este día. {grid.error.message}
        </p>
      ) : (
        <DayGrid grid={grid.data} caption={`Salas de ${branch?.name ?? 'la sucursal'} por hora`} />
      )}
    </section>
  );
}
