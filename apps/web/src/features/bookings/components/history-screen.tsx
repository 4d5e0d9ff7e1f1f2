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
import { useStaffSessions } from '../api/staff-sessions-api';
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
 * The day defaults to today in Mexico City and lives in the address (?fecha=). Read-only for everyone.
 */
export function HistoryScreen() {
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => businessDate(new Date()));
  const asked = params.get('fecha');
  const date = asked && isIsoDate(asked) ? asked : today;
  const [state, setState] = useTableState({ sort: 'startsAt' });
  const sessions = useStaffSessions({ date, includeCancelled: true }, state);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Historial de reservaciones"
        description="Las sesiones de cualquier día, también las canceladas."
        actions={
          <TextField
            label="Fecha"
            type="date"
            value={date}
            onChange={(event) => {
              const next = event.target.value;
              if (!isIsoDate(next)) return;
              setParams(next === today ? {} : { fecha: next }, { replace: true });
              setState((current) => ({ ...current, page: 1 }));
            }}
            containerClassName="w-full sm:w-52"
          />
        }
      />
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
