import type { TStaffSession } from '@sala/shared/bookings/bookings.contract';
import { bookingMessages as m } from '@sala/shared/bookings/bookings.messages';
import { commonMessages } from '@sala/shared/errors/messages';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { DEFAULT_PAGE_SIZES } from '@sala/shared/table/table.contract';
import { businessDate } from '@sala/shared/time/business-time';
import { XCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { actionsColumn } from '../../../components/ui/admin-screen';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { staffBranchFilter } from '../../../lib/staff-branch';
import { useSession } from '../../auth/api/get-session';
import { usePublicBranches } from '../api/availability-api';
import { useCancelSession } from '../api/sessions-api';
import { useStaffSessions } from '../api/staff-sessions-api';
import { useLiveDay } from '../hooks/use-live-day';
import { holderDisplayName, reservationDays } from '../staff-days';
import { BranchDayGrid } from './branch-day-grid';
import { ALL_BRANCHES, BranchSelect } from './branch-select';
import { DayButtons } from './day-buttons';
import { DayHeading } from './day-heading';
import { sessionColumns } from './session-columns';

/** '¿Cancelar la sesión de Valeria Torres el lunes 23 de noviembre de 2026 a las 10:00?' */
export function cancelQuestion(session: TStaffSession, date: string) {
  const holder = holderDisplayName(session.holderName, session.isCourtesy);
  const who = session.isCourtesy ? `${holder} (cortesía)` : holder;
  return `¿Cancelar la sesión de ${who} el ${formatCalendarDate(date)} a las ${session.hour}?`;
}

/**
 * /admin/reservaciones (docs/business-rules.md §2): the next 7 days (Sunday skipped) as buttons, a branch filter, the chosen day's
 * sessions and the rooms × hours grid of a branch. Day and branch live in the address (?fecha=, ?sucursal=): the
 * admin e-mail links to a day, and a reload keeps both. Only a super admin gets the column to cancel (docs/business-rules.md §6).
 * It starts on the person's home branch; an account with "Solo su sucursal" sees only that one (issue 45).
 */
export function ReservationsScreen({ canEdit }: { canEdit: boolean }) {
  const [params, setParams] = useSearchParams();
  // The week is read once per visit: a screen left open overnight keeps its buttons until it is opened again.
  const [now] = useState(() => new Date());
  const today = businessDate(now);
  const { days, selected } = reservationDays(now, params.get('fecha'));
  const { user } = useSession();
  const branches = usePublicBranches();
  const filter = staffBranchFilter(user, branches.data, params.get('sucursal'));
  const { branchId } = filter;

  const [state, setState] = useTableState({ sort: 'startsAt' });
  const sessions = useStaffSessions(
    { date: selected, branchId: branchId || undefined, includeCancelled: false },
    state,
  );
  const cancel = useCancelSession();
  const liveNote = useLiveDay(selected);
  const [cancelling, setCancelling] = useState<TStaffSession | null>(null);

  const choose = (next: { fecha?: string; sucursal?: string }) => {
    const merged = { fecha: selected, sucursal: filter.param(branchId), ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, value]) => value)), { replace: true });
    setState((current) => ({ ...current, page: 1 }));
  };

  const columns = useMemo<DataTableColumn<TStaffSession>[]>(
    () => [
      ...sessionColumns,
      ...actionsColumn<TStaffSession>(canEdit, (session) =>
        session.timing === 'past' ? null : (
          <button
            type="button"
            onClick={() => setCancelling(session)}
            aria-label={`Cancelar la sesión de ${holderDisplayName(session.holderName, session.isCourtesy)} a las ${session.hour}`}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-red-700 transition-colors hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
          >
            <XCircle aria-hidden className="size-4" />
            Cancelar
          </button>
        ),
      ),
    ],
    [canEdit],
  );

  return (
    <div className="@container space-y-6">
      <PageHeader
        title="Reservaciones"
        description={
          filter.everyBranch
            ? 'Las sesiones de los próximos 7 días (sin domingos). Elige el día y, si quieres, una sucursal.'
            : 'Las sesiones de los próximos 7 días (sin domingos) en tu sucursal. Elige el día.'
        }
      />

      <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 xl:flex-row xl:items-end xl:justify-between">
        <DayButtons days={days} selected={selected} today={today} onSelect={(fecha) => choose({ fecha })} />
        <BranchSelect
          label="Sucursal"
          branches={filter.branches}
          value={branchId}
          onChange={(sucursal) => choose({ sucursal: filter.param(sucursal) })}
          allLabel={filter.everyBranch ? ALL_BRANCHES : undefined}
          disabled={!filter.everyBranch}
          className="w-full shrink-0 sm:max-w-xs xl:w-56"
        />
      </div>

      <DayHeading date={selected} total={sessions.data?.total} />
      <p className="sr-only" aria-live="polite" data-testid="live-note">
        {liveNote}
      </p>

      <div className="grid items-start gap-6 @min-[88rem]:grid-cols-[minmax(0,1fr)_38rem]">
        <div className="min-w-0">
          <DataTable
            caption={`Sesiones del ${formatCalendarDate(selected)}`}
            columns={columns}
            data={sessions.data}
            isLoading={sessions.isFetching}
            state={state}
            onStateChange={setState}
            pageSizes={DEFAULT_PAGE_SIZES}
            getRowId={(row) => row.id}
          />
        </div>
        <BranchDayGrid date={selected} branches={filter.branches} branchId={branchId} />
      </div>

      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancelar sesión"
        description={cancelling ? cancelQuestion(cancelling, selected) : ''}
        confirmLabel="Cancelar sesión"
        cancelLabel="Volver"
        tone="danger"
        onConfirm={async () => {
          const result = await reportFailure(
            () => cancel.mutateAsync(cancelling!.id),
            commonMessages.genericError,
          );
          notify.success(result.isCourtesy ? m.courtesyCancelled : m.cancelled);
        }}
      />
    </div>
  );
}
