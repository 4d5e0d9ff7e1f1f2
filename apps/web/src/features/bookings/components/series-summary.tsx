import { bookingMessages, occurrenceReasons } from '@sala/shared/bookings/bookings.messages';
import type {
  TCreateSeriesResponse,
  TSeriesOccurrence,
  TSeriesPreviewRequest,
} from '@sala/shared/bookings/series.contract';
import { formatCredits } from '@sala/shared/format/credits';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { CalendarX, CircleCheck } from 'lucide-react';
import { cx } from '../../../components/ui/field-styles';
import { Button, LinkButton } from '../../../components/ui/link-button';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toast';
import { useCreateSeries, useSeriesPreview } from '../api/series-api';
import { sessionHours } from '../booking-labels';
import { bookingRefusal } from '../booking-refusal';
import type { BookingChoiceState } from '../hooks/use-booking-choice';
import { useRevealPanel } from '../hooks/use-reveal-panel';
import { mailNotice } from './booking-success';
import { BookingSummary } from './booking-summary';
import { type Repeat, RepeatChoice } from './repeat-choice';
import SpendNote from './spend-note';

/** Each date of the series: booked in its room, or why not. */
export function SeriesDates({ occurrences }: { occurrences: TSeriesOccurrence[] }) {
  return (
    <ol className="space-y-1.5 text-sm" aria-label="Fechas de la reserva fija" data-testid="series-dates">
      {occurrences.map((occurrence) => {
        const ok = occurrence.state === 'bookable';
        return (
          <li key={occurrence.date} className="flex items-start gap-2">
            {ok ? (
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            ) : (
              <CalendarX aria-hidden className="mt-0.5 size-4 shrink-0 text-red-600" />
            )}
            <span className="min-w-0">
              <span className={cx('font-medium', ok ? 'text-ink' : 'text-muted line-through')}>
                {formatCalendarDate(occurrence.date)}
              </span>
              <span className="block text-xs text-muted">
                {ok
                  ? `${occurrence.roomName}${occurrence.roomChanged ? ' (la sala elegida está ocupada)' : ''}`
                  : `No se reserva: ${occurrenceReasons[occurrence.state as keyof typeof occurrenceReasons]}`}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The summary of a standing slot (/reserva with "Repetir"): the preview of every date, what the bookable ones
 * cost against the balance, and 'Confirmar', which books exactly those dates. Loaded only when a client repeats.
 */
export default function SeriesSummary({
  state,
  repeat,
  max,
  onRepeatChange,
  onBooked,
  forClient,
}: {
  state: BookingChoiceState;
  repeat: Repeat;
  max: number;
  onRepeatChange: (next: Repeat) => void;
  onBooked: (result: TCreateSeriesResponse) => void;
  /** /admin/reservar: the super admin books the series for this client, charged to them. */
  forClient?: { id: string; name: string };
}) {
  const ask: (TSeriesPreviewRequest & { clientId?: string }) | undefined =
    state.slot && repeat.everyWeeks !== 0
      ? {
          ...state.slot,
          everyWeeks: repeat.everyWeeks,
          count: repeat.count,
          ...(forClient ? { clientId: forClient.id } : {}),
        }
      : undefined;
  const preview = useSeriesPreview(
    forClient ? '/staff/sessions/series/preview' : '/sessions/series/preview',
    ask,
  );
  const create = useCreateSeries(forClient ? '/staff/sessions/series' : '/sessions/series');
  const plan = preview.data;
  const bookable = plan?.occurrences.filter((o) => o.state === 'bookable') ?? [];
  const previewError = preview.error ? bookingRefusal(preview.error).message : undefined;
  const short =
    plan && bookable.length > 0 && plan.balance < plan.totalCost
      ? (forClient ? bookingMessages.seriesClientNoCredits : bookingMessages.seriesNoCredits)(
          plan.totalCost,
          plan.balance,
        )
      : undefined;

  // Awaited rather than mutate's callbacks: the booking refreshes availability, the chosen room turns taken and
  // this summary may unmount before a callback would run; the wizard above it stays and takes the answer.
  const confirm = async () => {
    if (!ask || !plan) return;
    try {
      const result = await create.mutateAsync({
        ...ask,
        occurrences: bookable.map((o) => ({ date: o.date, roomId: o.roomId! })),
      });
      notify.success(bookingMessages.seriesCreated(result.sessions.length));
      state.booked();
      onBooked(result);
    } catch (error) {
      const refusal = bookingRefusal(error);
      if (refusal.kind === 'login') return state.toLogin();
      state.setRefusal(refusal);
      notify.error(refusal.message);
      // The dates changed: show them as they are now.
      void preview.refetch();
    }
  };

  return (
    <BookingSummary
      state={state}
      // What all the dates cost together, said as a total where the client reads before 'Confirmar' (issue 39).
      costLabel={
        plan ? `Total (${bookable.length} ${bookable.length === 1 ? 'sesión' : 'sesiones'})` : 'Total'
      }
      cost={plan ? formatCredits(plan.totalCost) : '—'}
      // The client's own lots: the super admin booking for a client does not read them.
      costNote={plan && !forClient && bookable.length > 0 ? <SpendNote cost={plan.totalCost} /> : undefined}
      lines={
        plan
          ? [
              ...(forClient ? [{ label: 'Para', value: forClient.name }] : []),
              { label: forClient ? 'Saldo del cliente' : 'Tu saldo', value: formatCredits(plan.balance) },
              {
                label: 'Saldo después',
                value: plan.balance >= plan.totalCost ? formatCredits(plan.balance - plan.totalCost) : '—',
                emphasis: true,
                testId: 'balance-after',
              },
            ]
          : []
      }
      short={
        short ??
        previewError ??
        (plan && bookable.length === 0 ? bookingMessages.seriesNothingBookable : undefined)
      }
      offerPurchase={Boolean(short) && !forClient}
      onConfirm={() => void confirm()}
      confirming={create.isPending}
    >
      <RepeatChoice value={repeat} max={max} onChange={onRepeatChange} />
      {preview.isPending ? (
        <div className="flex justify-center py-2">
          <Spinner />
        </div>
      ) : (
        plan && <SeriesDates occurrences={plan.occurrences} />
      )}
    </BookingSummary>
  );
}

/** After a standing slot is booked: every date it holds, and where to see them. */
export function SeriesSuccess({
  result,
  onAnother,
}: {
  result: TCreateSeriesResponse;
  onAnother: () => void;
}) {
  const { panel, heading } = useRevealPanel();
  const first = result.sessions[0]!;
  return (
    <section
      ref={panel}
      aria-labelledby="reserva-fija-lista"
      data-testid="booking-success"
      className="mx-auto max-w-2xl scroll-mt-24 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center gap-3 bg-emerald-50 px-6 py-5">
        <CircleCheck aria-hidden className="size-9 shrink-0 text-emerald-600" />
        <div>
          <h2
            id="reserva-fija-lista"
            ref={heading}
            tabIndex={-1}
            className="font-display text-2xl font-semibold text-brand-800 focus:outline-none"
          >
            ¡Tu reserva fija está lista!
          </h2>
          <p className="text-sm text-muted">
            {result.sessions.length} sesiones en {first.branchName}, {sessionHours(first.hour)}.{' '}
            {mailNotice[result.mailDelivery]}
          </p>
        </div>
      </div>
      <div className="space-y-6 p-6">
        <ol className="grid gap-2 text-sm sm:grid-cols-2" aria-label="Sesiones reservadas">
          {result.sessions.map((session) => (
            <li key={session.id} className="rounded-lg bg-sand-50 px-3 py-2">
              <span className="font-semibold text-ink">{formatCalendarDate(session.date)}</span>
              <span className="block text-xs text-muted">{session.roomName}</span>
            </li>
          ))}
        </ol>
        {result.balance !== null && (
          <p className="text-sm">
            Tu saldo: <strong data-testid="booked-balance">{formatCredits(result.balance)}</strong>
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row">
          <LinkButton to="/perfil">Ver mis sesiones</LinkButton>
          <Button variant="secondary" onClick={onAnother}>
            Reservar otra
          </Button>
        </div>
      </div>
    </section>
  );
}
