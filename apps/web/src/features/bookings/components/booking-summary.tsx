import { formatCredits } from '@sala/shared/format/credits';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { Building2, CalendarDays, Clock, DoorOpen, MapPin } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { cx } from '../../../components/ui/field-styles';
import { Button } from '../../../components/ui/link-button';
import { AppLink } from '../../../lib/navigation';
import { sessionHours } from '../booking-labels';
import type { BookingRefusal } from '../booking-refusal';
import { type BookingChoiceState, stepSectionId } from '../hooks/use-booking-choice';

export type BalanceLine = { label: string; value: ReactNode; emphasis?: boolean; testId?: string };

type BookingSummaryProps = {
  state: BookingChoiceState;
  /** What the session costs, when not the branch's credits (a courtesy session). */
  cost?: ReactNode;
  /** Under the cost: which of the client's credits pay it (issue 44). */
  costNote?: ReactNode;
  /** Who the session is for and what it does to a balance (the lines under the cost). */
  lines?: BalanceLine[];
  /** Said when the holder's balance does not cover the cost, before the API refuses. */
  short?: string;
  /** A client books for itself: a refusal for credits (or a short balance) links to /comprar. */
  offerPurchase?: boolean;
  note?: ReactNode;
  onConfirm: () => void;
  confirming: boolean;
  /** Under the choices, once complete: "Repetir" and, for a standing slot, its dates. */
  children?: ReactNode;
  /** What 'Costo' reads as (a standing slot: the dates it books). */
  costLabel?: string;
};

const CHOOSE = 'Por elegir';

// What to do when the live availability takes the choice (design §10): loaded only then (/reserva's budget).
const TakenNotice = lazy(() => import('./taken-notice'));

/**
 * 'Tu reserva': what has been chosen so far and, with all five steps chosen, the cost, the balance after and
 * 'Confirmar'. A refusal stays here, beside the button, in a live region (the toast goes away after 3 s).
 */
export function BookingSummary({
  state,
  cost,
  costNote,
  lines = [],
  short,
  offerPurchase = false,
  note,
  onConfirm,
  confirming,
  children,
  costLabel = 'Costo',
}: BookingSummaryProps) {
  const { zone, branch, choice, complete, refusal, taken } = state;
  const noticeId = useId();
  // The holder cannot pay (the balance says so, or the API did): 'Confirmar' waits, the notice says why.
  const cannotPay = complete && (Boolean(short) || refusal?.kind === 'credits');
  const room = state.queries.rooms.data?.rooms.find((r) => r.id === choice.sala);
  const rows = [
    { icon: MapPin, label: 'Zona', value: zone && choice.zona ? zone.name : undefined },
    { icon: Building2, label: 'Sucursal', value: branch && choice.sucursal ? branch.name : undefined },
    { icon: CalendarDays, label: 'Día', value: choice.dia && formatCalendarDate(choice.dia) },
    { icon: Clock, label: 'Horario', value: choice.hora && sessionHours(choice.hora) },
    {
      icon: DoorOpen,
      label: 'Sala',
      value: choice.sala && room && `${room.name}${taken ? ' (ya no disponible)' : ''}`,
    },
  ];

  return (
    <aside
      id={stepSectionId('resumen')}
      aria-labelledby="reserva-resumen-titulo"
      data-testid="booking-summary"
      className={cx(
        'scroll-mt-24 self-start overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-24',
        // On a phone the summary follows the steps; it shows once there is something to confirm or to read.
        !complete && !refusal && !taken && 'hidden lg:block',
      )}
    >
      <h2
        id="reserva-resumen-titulo"
        className="bg-brand-800 px-5 py-3 font-display text-lg font-semibold text-white"
      >
        Tu reserva
      </h2>
      <div className="space-y-4 p-5">
        <dl className="space-y-2.5 text-sm">
          {rows.map(({ icon: Icon, label, value }) => (
            <div key={label} className="flex items-start gap-3">
              <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-500" />
              <dt className="w-20 shrink-0 text-muted">{label}</dt>
              <dd className={cx('min-w-0 font-medium', value ? 'text-ink' : 'text-muted italic')}>
                {value || CHOOSE}
              </dd>
            </div>
          ))}
        </dl>

        {complete && children}

        {complete && branch && (
          <dl className="space-y-2 border-t border-slate-200 pt-4 text-sm">
            <div className="flex flex-wrap justify-between gap-x-3">
              <dt className="text-muted">{costLabel}</dt>
              <dd className="font-semibold text-ink" data-testid="booking-cost">
                {cost ?? formatCredits(branch.sessionCost)}
              </dd>
              {costNote && <dd className="w-full empty:hidden">{costNote}</dd>}
            </div>
            {lines.map((line) => (
              <div key={line.label} className="flex justify-between gap-3">
                <dt className="text-muted">{line.label}</dt>
                <dd
                  className={cx(
                    'text-right',
                    line.emphasis ? 'font-bold text-brand-700' : 'font-medium text-ink',
                  )}
                  data-testid={line.testId}
                >
                  {line.value}
                </dd>
              </div>
            ))}
          </dl>
        )}

        <RefusalNotice
          id={noticeId}
          refusal={refusal}
          short={complete ? short : undefined}
          offerPurchase={offerPurchase}
        />

        <div aria-live="polite" className="empty:hidden">
          {taken && (
            <Suspense fallback={null}>
              <TakenNotice taken={taken} />
            </Suspense>
          )}
        </div>

        {taken && (
          <Button
            size="lg"
            className="w-full"
            onClick={() => {
              const step = taken === 'hour' ? 'hora' : 'sala';
              state.clear(step);
              document.getElementById(stepSectionId(step))?.scrollIntoView?.({ block: 'start' });
            }}
          >
            {taken === 'hour' ? 'Elegir otra hora' : 'Elegir otra sala'}
          </Button>
        )}

        {complete && (
          <div className="space-y-2">
            <Button
              size="lg"
              className="w-full"
              onClick={onConfirm}
              loading={confirming}
              disabled={cannotPay}
              aria-describedby={cannotPay ? noticeId : undefined}
            >
              Confirmar
            </Button>
            {note && <p className="text-center text-xs text-muted">{note}</p>}
          </div>
        )}
      </div>
    </aside>
  );
}

/** Always in the page, so screen readers hear a refusal as it appears. */
function RefusalNotice({
  id,
  refusal,
  short,
  offerPurchase,
}: {
  id: string;
  refusal: BookingRefusal | null;
  short: string | undefined;
  offerPurchase: boolean;
}) {
  const buy = offerPurchase && (refusal?.kind === 'credits' || Boolean(short));
  return (
    <div id={id} aria-live="polite" className="empty:hidden">
      {(refusal || short) && (
        <div
          className={cx(
            'rounded-lg px-3 py-2.5 text-sm',
            refusal ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900',
          )}
        >
          {refusal ? <p className="font-medium">{refusal.message}</p> : <p>{short}</p>}
          {buy && (
            <AppLink to="/comprar" className="mt-1 inline-block font-semibold underline underline-offset-2">
              Comprar créditos
            </AppLink>
          )}
        </div>
      )}
    </div>
  );
}
