import { bookingMessages } from '@sala/shared/bookings/bookings.messages';
import { commonMessages } from '@sala/shared/errors/messages';
import { formatCredits } from '@sala/shared/format/credits';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { ArrowRightLeft, Building2, DoorOpen, MapPin, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../../components/ui/field-styles';
import { Spinner } from '../../../components/ui/spinner';
import type { BookingStep } from '../booking-choice';
import { branchCountLabel, dayParts, hourStateLabel, roomStateLabel, sessionHours } from '../booking-labels';
import { type BookingChoiceState, stepSectionId } from '../hooks/use-booking-choice';
import { ChoiceGroup } from './choice-group';

const headingId = (step: BookingStep) => `${stepSectionId(step)}-titulo`;

type StepSectionProps = {
  step: BookingStep;
  number: number;
  title: string;
  hint?: string;
  /** The chosen value, shown beside the title once the step is done. */
  chosen?: string;
  children: ReactNode;
};

function StepSection({ step, number, title, hint, chosen, children }: StepSectionProps) {
  return (
    <section
      id={stepSectionId(step)}
      aria-labelledby={headingId(step)}
      className="scroll-mt-24 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span
          aria-hidden
          className={cx(
            'grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold',
            chosen ? 'bg-brand-700 text-white' : 'bg-sand-100 text-brand-800 ring-2 ring-brand-500',
          )}
        >
          {number}
        </span>
        <h2 id={headingId(step)} className="font-display text-xl font-semibold text-brand-800">
          {title}
        </h2>
        {chosen && <span className="ml-auto truncate text-sm font-medium text-muted">{chosen}</span>}
      </div>
      {hint && <p className="mt-1 text-sm text-muted sm:ml-11">{hint}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

type QueryLike = { isPending: boolean; isError: boolean; refetch: () => unknown };

/** A step's loading, failure and empty states; its content once the data is there. */
function StepBody({ query, empty, children }: { query: QueryLike; empty?: string; children: ReactNode }) {
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-4 py-3 text-sm">
        <span className="font-medium text-red-700">{bookingMessages.loadFailed}</span>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 font-semibold text-red-700 underline-offset-2 hover:underline"
        >
          <RotateCw aria-hidden className="size-4" /> Reintentar
        </button>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-3 text-sm text-muted">
        <Spinner className="text-brand-500" /> {commonMessages.loading}
      </p>
    );
  }
  if (empty) return <p className="rounded-lg bg-sand-50 px-4 py-3 text-sm text-muted">{empty}</p>;
  return children;
}

/** The session a client is moving (/reserva?cambiar=): its hour and room are marked where the steps show them. */
export type MovingSession = { branchId: string; date: string; hour: string; roomId: string };

/** What marks the session being moved, in place of its hour's or room's state. */
function MovingMark() {
  return (
    <span className="inline-flex items-center gap-1 text-xs leading-tight font-semibold">
      <ArrowRightLeft aria-hidden className="size-3 shrink-0" />
      tu sesión
    </span>
  );
}

/** The five steps of docs/business-rules.md §4; each appears once the one before it is chosen. */
export function BookingSteps({
  state,
  afterHours,
  moving,
}: {
  state: BookingChoiceState;
  afterHours?: ReactNode;
  moving?: MovingSession;
}) {
  const { choice, zones, zone, branch, queries, select } = state;
  const { days, hours, rooms } = queries;
  const movingDay = moving && choice.sucursal === moving.branchId && choice.dia === moving.date;
  const isMovingHour = (hour: string) => Boolean(movingDay && hour === moving?.hour);
  const isMovingRoom = (roomId: string) =>
    Boolean(movingDay && choice.hora === moving?.hour && roomId === moving?.roomId);
  const chosenHour = hours.data?.hours.find((h) => h.hour === choice.hora);
  const chosenRoom = rooms.data?.rooms.find((r) => r.id === choice.sala);
  const today = days.data?.today;

  return (
    <div className="space-y-4">
      <StepSection
        step="zona"
        number={1}
        title="Zona"
        hint="¿En qué ciudad quieres atender?"
        chosen={zone?.name}
      >
        <ChoiceGroup
          labelledBy={headingId('zona')}
          value={choice.zona}
          onChange={(value) => select('zona', value)}
          align="start"
          className="grid-cols-[repeat(auto-fill,minmax(13rem,1fr))]"
          options={zones.map((z) => ({
            value: z.id,
            content: (
              <>
                <span className="flex items-center gap-2 font-semibold">
                  <MapPin aria-hidden className="size-4 shrink-0 opacity-70" />
                  {z.name}
                </span>
                <span className="mt-0.5 text-xs opacity-80">{branchCountLabel(z.branches.length)}</span>
              </>
            ),
          }))}
        />
      </StepSection>

      {choice.zona && zone && (
        <StepSection step="sucursal" number={2} title="Sucursal" chosen={branch?.name}>
          <ChoiceGroup
            labelledBy={headingId('sucursal')}
            value={choice.sucursal}
            onChange={(value) => select('sucursal', value)}
            align="start"
            className="grid-cols-[repeat(auto-fill,minmax(13rem,1fr))]"
            options={zone.branches.map((b) => ({
              value: b.id,
              content: (
                <>
                  <span className="flex items-center gap-2 font-semibold">
                    <Building2 aria-hidden className="size-4 shrink-0 opacity-70" />
                    {b.name}
                  </span>
                  <span className="mt-0.5 text-xs opacity-80">{formatCredits(b.sessionCost)} por sesión</span>
                </>
              ),
            }))}
          />
        </StepSection>
      )}

      {choice.sucursal && (
        <StepSection
          step="dia"
          number={3}
          title="Día"
          hint="Hoy y los próximos 7 días; los domingos no abrimos."
          chosen={choice.dia && formatCalendarDate(choice.dia)}
        >
          <StepBody
            query={days}
            empty={days.data?.days.length === 0 ? 'No hay días disponibles.' : undefined}
          >
            <ChoiceGroup
              labelledBy={headingId('dia')}
              value={choice.dia}
              onChange={(value) => select('dia', value)}
              className="grid-cols-[repeat(auto-fill,minmax(4.25rem,1fr))]"
              options={(days.data?.days ?? []).map(({ date }) => {
                const { weekday, day, month } = dayParts(date);
                const isToday = date === today;
                return {
                  value: date,
                  label: `${formatCalendarDate(date)}${isToday ? ' (hoy)' : ''}`,
                  content: (
                    <span aria-hidden className="flex flex-col items-center leading-tight">
                      <span className="text-xs font-semibold tracking-wide uppercase opacity-80">
                        {isToday ? 'Hoy' : weekday}
                      </span>
                      <span className="font-display text-2xl font-semibold">{day}</span>
                      <span className="text-xs opacity-80">{month}</span>
                    </span>
                  ),
                };
              })}
            />
          </StepBody>
        </StepSection>
      )}

      {choice.dia && (
        <StepSection
          step="hora"
          number={4}
          title="Hora"
          hint="Cada sesión dura una hora."
          chosen={chosenHour && choice.hora ? sessionHours(choice.hora) : undefined}
        >
          <StepBody
            query={hours}
            empty={hours.data?.hours.length === 0 ? 'Esta sucursal no abre este día.' : undefined}
          >
            <ChoiceGroup
              labelledBy={headingId('hora')}
              value={choice.hora}
              onChange={(value) => select('hora', value)}
              className="grid-cols-[repeat(auto-fill,minmax(6rem,1fr))]"
              options={(hours.data?.hours ?? []).map((h) => ({
                value: h.hour,
                disabled: h.state !== 'free',
                content: (
                  <>
                    <span
                      className={cx(
                        'text-base font-semibold tabular-nums',
                        h.state !== 'free' && 'line-through decoration-slate-400',
                      )}
                    >
                      {h.hour}
                    </span>
                    {isMovingHour(h.hour) ? (
                      <MovingMark />
                    ) : (
                      <span className="text-xs leading-tight opacity-80">{hourStateLabel(h)}</span>
                    )}
                  </>
                ),
              }))}
            />
          </StepBody>
          {afterHours}
        </StepSection>
      )}

      {choice.hora && (
        <StepSection
          step="sala"
          number={5}
          title="Sala"
          chosen={chosenRoom && choice.sala ? chosenRoom.name : undefined}
        >
          <StepBody
            query={rooms}
            empty={rooms.data?.rooms.length === 0 ? 'Esta sucursal no tiene salas disponibles.' : undefined}
          >
            <ChoiceGroup
              labelledBy={headingId('sala')}
              value={choice.sala}
              onChange={(value) => select('sala', value)}
              className="grid-cols-[repeat(auto-fill,minmax(8rem,1fr))]"
              options={(rooms.data?.rooms ?? []).map((r) => ({
                value: r.id,
                disabled: r.state !== 'free',
                content: (
                  <>
                    <span className="flex items-center gap-1.5 font-semibold">
                      <DoorOpen aria-hidden className="size-4 shrink-0 opacity-70" />
                      {r.name}
                    </span>
                    {isMovingRoom(r.id) ? (
                      <MovingMark />
                    ) : (
                      <span className="text-xs opacity-80">{roomStateLabel(r.state)}</span>
                    )}
                  </>
                ),
              }))}
            />
          </StepBody>
        </StepSection>
      )}
    </div>
  );
}

/** docs/business-rules.md §8: the branches could not be loaded, so nothing can be booked. */
export function BookingUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
      <p className="font-display text-xl font-semibold text-brand-800 first-letter:uppercase">
        {bookingMessages.loadFailed}
      </p>
      <p className="mt-2 text-sm text-muted">Inténtalo de nuevo en unos minutos.</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 inline-flex min-h-10 items-center gap-2 rounded-lg px-4 font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-sand-50"
      >
        <RotateCw aria-hidden className="size-4" /> Reintentar
      </button>
    </div>
  );
}
