import type { TRescheduleSessionResponse } from '@sala/shared/bookings/bookings.contract';
import { bookingMessages } from '@sala/shared/bookings/bookings.messages';
import { formatCredits } from '@sala/shared/format/credits';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { withReception } from '@sala/shared/legal/business-contact';
import { businessDate, businessTime } from '@sala/shared/time/business-time';
import type { TMySession } from '@sala/shared/users/profile.contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowRightLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { PageLoader } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/api-client';
import { AppLink, useQueryParams } from '../../../lib/navigation';
import { queryKeys } from '../../../lib/query-keys';
import { useSiteConfig } from '../../../lib/site-config';
import { useRescheduleSession } from '../api/sessions-api';
import { sessionHours } from '../booking-labels';
import type { BookingChoiceState } from '../hooks/use-booking-choice';
import type { MovingSession } from './booking-steps';
import { BookingSuccess } from './booking-success';
import { type BalanceLine, BookingSummary } from './booking-summary';
import { WizardLayout } from './wizard-layout';

/** "Martes 8 de enero de 2030, de 10:00 a 11:00 · Valle · Sala 2": the session being moved. */
const described = (session: TMySession) => {
  const start = new Date(session.startsAt);
  return `${formatCalendarDate(businessDate(start))}, ${sessionHours(businessTime(start))} · ${session.branchName} · ${session.roomName}`;
};

/**
 * /reserva?cambiar=<id>: the wizard moves one of the client's sessions (design §7) — the same five steps, then a
 * summary of what changes and what it costs or gives back; 'Confirmar' moves it in one step. Loaded only then.
 */
export default function RescheduleBooking({
  state,
  sessionId,
  credits,
}: {
  state: BookingChoiceState;
  sessionId: string;
  credits: number;
}) {
  const current = useQuery({
    queryKey: [...queryKeys.me.sessions, 'one', sessionId],
    queryFn: ({ signal }) =>
      apiRequest<TMySession>(`/me/sessions/${encodeURIComponent(sessionId)}`, { signal }),
  });
  const move = useRescheduleSession(sessionId);
  const [, setParams] = useQueryParams();
  const [result, setResult] = useState<TRescheduleSessionResponse | null>(null);
  const session = current.data;
  const movable = session?.canCancel ? session : undefined;
  const moving: MovingSession | undefined = movable && {
    branchId: movable.branchId,
    date: businessDate(new Date(movable.startsAt)),
    hour: businessTime(new Date(movable.startsAt)),
    roomId: movable.roomId,
  };

  // Start on the session's own zone, branch and day (most moves are another hour or day nearby), unless the link
  // already chose something; once.
  const started = useRef(false);
  const { startAt } = state;
  useEffect(() => {
    if (!movable || started.current) return;
    started.current = true;
    startAt({
      zona: movable.cityId,
      sucursal: movable.branchId,
      dia: businessDate(new Date(movable.startsAt)),
    });
  }, [movable, startAt]);
  const contact = useSiteConfig();

  if (result) {
    return (
      <BookingSuccess
        result={result}
        title="¡Tu sesión cambió!"
        // Another booking is a new one: the wizard starts over, no longer moving anything.
        onAnother={() => setParams(new URLSearchParams(), { replace: true })}
      />
    );
  }
  if (current.isPending) return <PageLoader />;

  const banner = (
    <section
      aria-labelledby="cambiar-titulo"
      className="flex items-start gap-3 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200"
      data-testid="moving-session"
    >
      <ArrowRightLeft aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div className="min-w-0 space-y-1 text-sm">
        <h2 id="cambiar-titulo" className="font-semibold text-ink">
          {session ? 'Cambiar tu sesión' : bookingMessages.sessionNotFound}
        </h2>
        {session && <p>{described(session)}</p>}
        {session && !session.canCancel && (
          <p className="text-red-800">{withReception(bookingMessages.tooLateToMove, contact)}</p>
        )}
        {session?.canCancel && (
          <p className="text-muted">
            Elige la nueva hora y sala (o cambia de día o de sucursal). Tu sesión actual se libera al
            confirmar.
          </p>
        )}
        <AppLink
          to="/perfil"
          className="inline-block font-semibold text-brand-700 underline underline-offset-2"
        >
          No cambiarla, volver a mi perfil
        </AppLink>
      </div>
    </section>
  );

  const cost = state.branch?.sessionCost ?? 0;
  const difference = session ? cost - session.creditsCharged : 0;
  const lines: BalanceLine[] = session
    ? [
        { label: 'Sesión actual', value: formatCredits(session.creditsCharged) },
        {
          label: difference > 0 ? 'Pagas de más' : difference < 0 ? 'Te devolvemos' : 'Diferencia',
          value: difference === 0 ? 'Sin costo adicional' : formatCredits(Math.abs(difference)),
          testId: 'move-difference',
        },
        {
          label: 'Saldo después',
          value: credits >= difference ? formatCredits(credits - difference) : '—',
          emphasis: true,
          testId: 'balance-after',
        },
      ]
    : [];
  const short = difference > credits ? bookingMessages.noCredits : undefined;

  const confirm = async () => {
    if (!state.slot || !session?.canCancel) return;
    try {
      const answer = await move.mutateAsync(state.slot);
      notify.success(bookingMessages.rescheduled);
      state.booked();
      setResult(answer);
    } catch (error) {
      state.refuse(error);
    }
  };

  return (
    <WizardLayout
      state={state}
      before={banner}
      moving={moving}
      summary={
        session?.canCancel ? (
          <BookingSummary
            state={state}
            lines={lines}
            short={short}
            offerPurchase
            onConfirm={() => void confirm()}
            confirming={move.isPending}
          />
        ) : null
      }
    />
  );
}
