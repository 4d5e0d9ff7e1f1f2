import type { TCreateSessionResponse } from '@sala/shared/bookings/bookings.contract';
import { bookingMessages } from '@sala/shared/bookings/bookings.messages';
import { formatCredits } from '@sala/shared/format/credits';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { CalendarPlus, CircleCheck } from 'lucide-react';
import { Button, LinkButton } from '../../../components/ui/link-button';
import { sessionHours } from '../booking-labels';
import { useRevealPanel } from '../hooks/use-reveal-panel';

/** What the booking's e-mails did, said truthfully (the server may have no mail server at all). */
export const mailNotice: Record<TCreateSessionResponse['mailDelivery'], string> = {
  sent: bookingMessages.emailSent,
  delayed: bookingMessages.emailWarning,
  off: bookingMessages.emailOff,
};

function SessionFacts({ result }: { result: TCreateSessionResponse }) {
  const { session, balance } = result;
  const facts = [
    { label: 'Día', value: formatCalendarDate(session.date) },
    { label: 'Horario', value: sessionHours(session.hour) },
    { label: 'Zona', value: session.cityName },
    { label: 'Sucursal', value: session.branchName },
    { label: 'Sala', value: session.roomName },
    {
      label: 'Créditos usados',
      value: session.isCourtesy ? 'Cortesía, sin costo' : formatCredits(session.creditsCharged),
    },
    ...(balance === null
      ? []
      : [{ label: 'Tu saldo', value: formatCredits(balance), testId: 'booked-balance' }]),
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {facts.map(({ label, value, testId }) => (
        <div key={label} className="flex gap-3 border-b border-slate-100 pb-2 sm:block sm:border-0 sm:pb-0">
          <dt className="w-28 shrink-0 text-muted sm:w-auto">{label}</dt>
          <dd className="font-semibold text-ink" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The client's confirmation after booking, with where to go next. Takes the focus so it is read out. */
export function BookingSuccess({
  result,
  onAnother,
  title = '¡Tu sesión está reservada!',
}: {
  result: TCreateSessionResponse;
  onAnother: () => void;
  /** A moved session says so. */
  title?: string;
}) {
  const { panel, heading } = useRevealPanel();
  return (
    <section
      ref={panel}
      aria-labelledby="reserva-lista"
      data-testid="booking-success"
      className="mx-auto max-w-2xl scroll-mt-24 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center gap-3 bg-emerald-50 px-6 py-5">
        <CircleCheck aria-hidden className="size-9 shrink-0 text-emerald-600" />
        <div>
          <h2
            id="reserva-lista"
            ref={heading}
            tabIndex={-1}
            className="font-display text-2xl font-semibold text-brand-800 focus:outline-none"
          >
            {title}
          </h2>
          <p className="text-sm text-muted">{mailNotice[result.mailDelivery]}</p>
        </div>
      </div>
      <div className="space-y-6 p-6">
        <SessionFacts result={result} />
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          <LinkButton to="/perfil">Ver mis sesiones</LinkButton>
          <Button variant="secondary" onClick={onAnother}>
            Reservar otra
          </Button>
          <a
            href={`/api/me/sessions/${encodeURIComponent(result.session.id)}/calendar`}
            download
            className="inline-flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 sm:ml-auto"
          >
            <CalendarPlus aria-hidden className="size-4" /> Agregar al calendario
          </a>
        </div>
      </div>
    </section>
  );
}
