import { COURTESY_PREFIX, type TCreateSessionResponse } from '@sala/shared/bookings/bookings.contract';
import { formatCredits } from '@sala/shared/format/credits';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { CircleCheck, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { AppLink } from '../../../lib/navigation';
import { sessionHours } from '../booking-labels';

/**
 * The staff's note of the booking just made: who, which room and when, and what it cost. It sits under the
 * summary, where the Confirmar just pressed was, and stays while the next booking is chosen, until that one is made
 * (issue 39: a 3-second toast was the only word of it on screen).
 */
export function StaffBookingDone({
  result,
  onClose,
  title,
  dates,
}: {
  result: TCreateSessionResponse;
  onClose: () => void;
  /** A standing slot's note says so, and lists its dates. */
  title?: string;
  dates?: string[];
}) {
  const { session } = result;
  const note = useRef<HTMLElement>(null);
  // On a phone the steps above shrink as the wizard starts over: keep the note where the eye is (each booking's
  // note is a new one: the caller keys it by the session).
  useEffect(() => {
    note.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  // A courtesy session is stored as 'Sesion de prueba - <name>': the staff gave the name, and read it back.
  const name =
    session.isCourtesy && session.holderName.startsWith(COURTESY_PREFIX)
      ? session.holderName.slice(COURTESY_PREFIX.length)
      : session.holderName;
  const lines = [
    { label: 'Para', value: session.isCourtesy ? `${name} (cortesía)` : name },
    { label: 'Día', value: formatCalendarDate(session.date) },
    { label: 'Horario', value: sessionHours(session.hour) },
    { label: 'Sala', value: `${session.roomName} · ${session.branchName}` },
    {
      label: 'Costo',
      value: session.isCourtesy
        ? 'Sin costo (cortesía)'
        : `${formatCredits(session.creditsCharged)}${result.balance !== null ? ` (saldo: ${formatCredits(result.balance)})` : ''}`,
    },
  ];
  return (
    <section
      ref={note}
      aria-labelledby="reserva-creada"
      data-testid="booking-success"
      className="scroll-mb-4 rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-200"
    >
      <div className="flex items-start gap-2">
        <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600" />
        <h2 id="reserva-creada" className="min-w-0 flex-1 font-semibold text-emerald-900">
          {title ?? `Reservación creada para ${name}`}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Cerrar aviso"
          className="-mt-1 -mr-1 rounded-md p-1.5 text-emerald-800 hover:bg-emerald-100"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <dl className="mt-2 space-y-1 text-sm text-emerald-900">
        {lines.map(({ label, value }) => (
          <div key={label} className="flex gap-3">
            <dt className="w-16 shrink-0 text-emerald-800">{label}</dt>
            <dd className="min-w-0 font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {dates && (
        <ul className="mt-2 space-y-0.5 text-sm text-emerald-900" aria-label="Fechas reservadas">
          {dates.map((date) => (
            <li key={date}>{date}</li>
          ))}
        </ul>
      )}
      <AppLink
        to={`/admin/reservaciones?fecha=${session.date}`}
        className="mt-2 inline-block py-1 text-sm font-semibold text-emerald-800 underline underline-offset-2"
      >
        Ver reservaciones del día
      </AppLink>
    </section>
  );
}
