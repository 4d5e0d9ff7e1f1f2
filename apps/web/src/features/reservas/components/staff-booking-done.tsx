import type { TCreateSessionResponse } from '@sala/shared/bookings/bookings.contract';
import { formatCredits } from '@sala/shared/format/credits';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { CircleCheck, X } from 'lucide-react';
import { AppLink } from '../../../lib/navigation';
import { sessionHours } from '../booking-labels';

/** The staff's note of the booking just made, above the wizard that starts over for the next one. */
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
  return (
    <section
      aria-labelledby="reserva-creada"
      data-testid="booking-success"
      className="rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-200 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-emerald-600" />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id="reserva-creada" className="font-semibold text-emerald-900">
            {title ?? `Reservación creada para ${session.holderName}`}
          </h2>
          {dates && (
            <ul
              className="grid gap-x-4 text-sm text-emerald-900 sm:grid-cols-2"
              aria-label="Fechas reservadas"
            >
              {dates.map((date) => (
                <li key={date}>{date}</li>
              ))}
            </ul>
          )}
          <p className="text-sm text-emerald-900">
            {formatCalendarDate(session.date)}, {sessionHours(session.hour)} · {session.cityName} ·{' '}
            {session.branchName} · {session.roomName} ·{' '}
            {session.isCourtesy ? 'cortesía' : formatCredits(session.creditsCharged)}
            {result.balance !== null && ` (saldo: ${formatCredits(result.balance)})`}
          </p>
          <AppLink
            to={`/admin/reservaciones?fecha=${session.date}`}
            className="inline-block py-1 text-sm font-semibold text-emerald-800 underline underline-offset-2"
          >
            Ver reservaciones del día
          </AppLink>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Cerrar aviso"
          className="rounded-md p-1.5 text-emerald-800 hover:bg-emerald-100"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </section>
  );
}
