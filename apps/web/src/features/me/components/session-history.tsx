import { bookingMessages } from '@sala/shared/bookings/bookings.messages';
import { formatCredits } from '@sala/shared/format/credits';
import { formatDateTime } from '@sala/shared/format/date-time';
import { withReception } from '@sala/shared/legal/business-contact';
import type { TMySession } from '@sala/shared/users/profile.contract';
import { CalendarPlus, Repeat } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  ACTIONS_COLUMN_ID,
  DataTable,
  type DataTableColumn,
  useTableState,
} from '../../../components/ui/data-table';
import { Button } from '../../../components/ui/link-button';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { AppLink } from '../../../lib/navigation';
import { useSiteConfig } from '../../../lib/site-config';
import { useCancelSession } from '../../bookings/api/sessions-api';
import { useMySessions } from '../api/get-my-history';
import { isUpcoming, type SessionState, sessionState, sessionStateLabels } from '../session-state';

const badgeTones: Record<SessionState, BadgeTone> = {
  beyond: 'success',
  almost: 'warning',
  past: 'neutral',
  cancelled: 'danger',
};

function StateBadge({ session }: { session: TMySession }) {
  const state = sessionState(session);
  return (
    <Badge tone={badgeTones[state]} state={state}>
      {sessionStateLabels[state]}
    </Badge>
  );
}

const place = (session: TMySession) => `${session.cityName} · ${session.branchName} · ${session.roomName}`;

/**
 * Issue 44: what a cancel cannot give back. '2 créditos de esta sesión son de un paquete que ya venció: al cancelar
 * se devuelven vencidos y no se podrán usar.'
 */
export function expiredCreditsWarning(expiredCredits: number): string {
  const one = expiredCredits === 1;
  return `${formatCredits(expiredCredits)} de esta sesión ${one ? 'es' : 'son'} de un paquete que ya venció: al cancelar se ${one ? 'devuelve vencido' : 'devuelven vencidos'} y no se ${one ? 'podrá usar' : 'podrán usar'}.`;
}

/** `tooLate`: why an 'almost' session cannot be cancelled, with the reception's numbers (issue 39). */
function columns(onCancel: (session: TMySession) => void, tooLate: string): DataTableColumn<TMySession>[] {
  return [
    { id: 'startsAt', header: 'Fecha y hora', cell: ({ row }) => formatDateTime(row.original.startsAt) },
    {
      id: 'place',
      header: 'Lugar',
      enableSorting: false,
      cell: ({ row }) => (
        <>
          {place(row.original)}
          {row.original.seriesId && (
            <span className="ml-2 inline-flex items-center gap-1 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">
              <Repeat aria-hidden className="size-3" /> Reserva fija
            </span>
          )}
        </>
      ),
    },
    {
      id: 'credits',
      header: 'Créditos',
      enableSorting: false,
      cell: ({ row }) => formatCredits(row.original.creditsCharged),
    },
    {
      id: 'status',
      header: 'Estado',
      enableSorting: false,
      cell: ({ row }) => <StateBadge session={row.original} />,
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: 'Acciones',
      enableSorting: false,
      cell: ({ row }) => {
        const session = row.original;
        const state = sessionState(session);
        return (
          <div className="flex flex-wrap items-center justify-end gap-2 md:justify-start">
            {session.canCancel && (
              <AppLink
                to={`/reserva?cambiar=${encodeURIComponent(session.id)}`}
                aria-label={`Cambiar la sesión del ${formatDateTime(session.startsAt)}`}
                className="inline-flex items-center rounded-lg px-2.5 py-1.5 text-sm font-medium text-brand-700 ring-1 ring-slate-200 hover:bg-brand-50"
              >
                Cambiar
              </AppLink>
            )}
            {session.canCancel && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onCancel(session)}
                aria-label={`Cancelar la sesión del ${formatDateTime(session.startsAt)}`}
                className="text-red-700"
              >
                Cancelar
              </Button>
            )}
            {state === 'almost' && !session.canCancel && (
              <span className="text-xs text-muted">{tooLate}</span>
            )}
            {state === 'cancelled' && <span className="text-xs text-muted">Créditos devueltos</span>}
            {state === 'past' && <span className="text-xs text-muted">Sin acciones</span>}
            {isUpcoming(session) && (
              <a
                href={`/api/me/sessions/${encodeURIComponent(session.id)}/calendar`}
                download
                className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50"
              >
                <CalendarPlus aria-hidden className="size-4" /> Agregar al calendario
              </a>
            )}
          </div>
        );
      },
    },
  ];
}

export function SessionHistory() {
  const [state, setState] = useTableState({ sort: 'startsAt', dir: 'desc' });
  const sessions = useMySessions(state);
  const cancel = useCancelSession();
  const [cancelling, setCancelling] = useState<TMySession | null>(null);
  const contact = useSiteConfig();
  const [tableColumns] = useState(() =>
    columns(setCancelling, withReception(bookingMessages.tooLateToCancel, contact)),
  );

  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync(cancelling.id);
      notify.success(bookingMessages.cancelled);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : undefined);
      void sessions.refetch();
    }
  };

  return (
    <>
      <DataTable
        caption="Historial de sesiones"
        columns={tableColumns}
        data={sessions.data}
        isLoading={sessions.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={[5, 10, 30, 50]}
        getRowId={(row) => row.id}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
        title="Cancelar sesión"
        description={
          cancelling && (
            <>
              {formatDateTime(cancelling.startsAt)} en {place(cancelling)}. Te devolveremos{' '}
              {formatCredits(cancelling.creditsCharged)}.{' '}
              {cancelling.expiredCredits > 0 && (
                // Said before 'Cancelar sesión', in the dialog's description: a screen reader hears it on opening.
                <span
                  data-testid="expired-credits-warning"
                  className="mt-3 block rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-950 ring-1 ring-amber-200"
                >
                  {expiredCreditsWarning(cancelling.expiredCredits)}
                </span>
              )}
            </>
          )
        }
        confirmLabel="Cancelar sesión"
        cancelLabel="Volver"
        tone="danger"
        onConfirm={confirmCancel}
      />
    </>
  );
}
