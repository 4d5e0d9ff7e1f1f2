import type { TStaffSession } from '@sala/shared/bookings/bookings.contract';
import { formatDateTime } from '@sala/shared/format/date-time';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { DEFAULT_PAGE_SIZES } from '@sala/shared/table/table.contract';
import { businessDate, isIsoDate } from '@sala/shared/time/business-time';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { TextField } from '../../../components/ui/text-field';
import { staffBranchFilter } from '../../../lib/staff-branch';
import { useSession } from '../../auth/api/get-session';
import { usePublicBranches } from '../api/availability-api';
import { useStaffSessions } from '../api/staff-sessions-api';
import { ALL_BRANCHES, BranchSelect } from './branch-select';
import { DayHeading } from './day-heading';
import { sessionColumns } from './session-columns';

/** 'Cancelada' (with when, on hover) or 'Reservada'. */
export function SessionStatus({ session }: { session: TStaffSession }) {
  return session.cancelledAt ? (
    <span
      title={`Cancelada el ${formatDateTime(session.cancelledAt)}`}
      className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-700 ring-1 ring-red-200 ring-inset"
    >
      Cancelada
    </span>
  ) : (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-700 ring-1 ring-emerald-200 ring-inset">
      Reservada
    </span>
  );
}

const columns: DataTableColumn<TStaffSession>[] = [
  ...sessionColumns,
  {
    id: 'status',
    header: 'Estado',
    enableSorting: false,
    cell: ({ row }) => <SessionStatus session={row.original} />,
  },
];

/**
 * /admin/historial-reservaciones (docs/business-rules.md §2): any day's sessions, the cancelled ones too, and how many there were.
 * The day defaults to today in Mexico City and lives in the address (?fecha=), like the branch (?sucursal=): every
 * branch, or from the start the person's home branch; only that one for an account with "Solo su sucursal" (issue
 * 45). Read-only for everyone.
 */
export function HistoryScreen() {
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => businessDate(new Date()));
  const asked = params.get('fecha');
  const date = asked && isIsoDate(asked) ? asked : today;
  const { user } = useSession();
  const branches = usePublicBranches();
  const filter = staffBranchFilter(user, branches.data, params.get('sucursal'));
  const { branchId } = filter;
  const [state, setState] = useTableState({ sort: 'startsAt' });
  const sessions = useStaffSessions({ date, branchId: branchId || undefined, includeCancelled: true }, state);

  const choose = (next: { fecha?: string; sucursal?: string }) => {
    const merged = { fecha: date === today ? '' : date, sucursal: filter.param(branchId), ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, value]) => value)), { replace: true });
    setState((current) => ({ ...current, page: 1 }));
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Historial de reservaciones"
        description={
          filter.everyBranch
            ? 'Las sesiones de cualquier día, también las canceladas, de todas las sucursales o de una.'
            : 'Las sesiones de cualquier día en tu sucursal, también las canceladas.'
        }
      />
      <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-end">
        <TextField
          label="Fecha"
          type="date"
          value={date}
          onChange={(event) => {
            const next = event.target.value;
            if (!isIsoDate(next)) return;
            choose({ fecha: next === today ? '' : next });
          }}
          containerClassName="w-full sm:w-52"
        />
        <BranchSelect
          label="Sucursal"
          branches={filter.branches}
          value={branchId}
          onChange={(sucursal) => choose({ sucursal: filter.param(sucursal) })}
          allLabel={filter.everyBranch ? ALL_BRANCHES : undefined}
          disabled={!filter.everyBranch}
          className="w-full sm:w-56"
        />
      </div>
      <DayHeading date={date} total={sessions.data?.total} />
      <DataTable
        caption={`Historial de sesiones del ${formatCalendarDate(date)}`}
        columns={columns}
        data={sessions.data}
        isLoading={sessions.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={DEFAULT_PAGE_SIZES}
        getRowId={(row) => row.id}
      />
    </div>
  );
}
