import type { TCreateSessionResponse } from '@sala/shared/bookings/bookings.contract';
import type { TCreateSeriesResponse } from '@sala/shared/bookings/series.contract';
import { formatCredits } from '@sala/shared/format/credits';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PageLoader } from '../../../components/ui/spinner';
import { useQueryParams } from '../../../lib/navigation';
import { useSession } from '../../auth/api/get-session';
import { myCreditLotsQuery } from '../../me/api/my-credit-lots';
import { useCreateSession } from '../api/sessions-api';
import { useBookingChoice } from '../hooks/use-booking-choice';
import { type BalanceLine, BookingSummary } from './booking-summary';
import type { Repeat } from './repeat-choice';
import { announceBooked, WizardLayout } from './wizard-layout';

// The staff's 'Para' fields (a client picker, the courtesy form and its contract) are only for /admin/reservar:
// the public /reserva never downloads them.
const StaffBooking = lazy(() => import('./staff-booking'));
// A standing slot's preview, confirmation and success: loaded when a client chooses "Repetir".
const SeriesSummary = lazy(() => import('./series-summary'));
// /reserva?cambiar=<id>: moving one of the client's sessions.
const RescheduleBooking = lazy(() => import('./reschedule-booking'));
// "Avísame si se libera": loaded only when the chosen day has a full hour.
const WaitlistOffer = lazy(() => import('./waitlist-offer'));
// The success panel: loaded as the booking is confirmed (/reserva's first JavaScript, issue 25's budget).
const BookingSuccess = lazy(() => import('./booking-success').then((m) => ({ default: m.BookingSuccess })));
// "Repetir" itself shows only once the five steps are chosen; the public page loads it then (issue 25's budget).
const RepeatChoice = lazy(() => import('./repeat-choice').then((m) => ({ default: m.RepeatChoice })));
const SeriesSuccess = lazy(() => import('./series-summary').then((m) => ({ default: m.SeriesSuccess })));
// Which credits pay (issue 44): for a signed-in client, once the five steps are chosen.
const SpendNote = lazy(() => import('./spend-note'));

/** /reserva: a client books for itself; a visitor is sent to the login and comes back to the same choice. */
function SelfBooking() {
  const state = useBookingChoice();
  const [params] = useQueryParams();
  const { user } = useSession();
  const create = useCreateSession();
  const [result, setResult] = useState<TCreateSessionResponse | null>(null);
  const [series, setSeries] = useState<TCreateSeriesResponse | null>(null);
  const max = state.branch?.standingWeeksMax ?? 0;
  const [repeat, setRepeat] = useState<Repeat>({ everyWeeks: 0, count: 2 });

  // A signed-in client's summary gains "Repetir" and which credits pay as the five steps are chosen: both start
  // loading with the branch, so the summary is whole when it shows and nothing moves under a finger (a late
  // "Repetir" pushed 'Comprar créditos' down between the press and the release, and the tap was lost).
  const queryClient = useQueryClient();
  const branchChosen = Boolean(user && state.branch);
  useEffect(() => {
    if (!branchChosen) return;
    void import('./spend-note');
    void queryClient.prefetchQuery(myCreditLotsQuery);
    if (max >= 2) void import('./repeat-choice');
  }, [branchChosen, max, queryClient]);

  const moving = params.get('cambiar');
  if (moving && user) {
    return (
      <Suspense fallback={<PageLoader />}>
        <RescheduleBooking state={state} sessionId={moving} credits={user.credits} />
      </Suspense>
    );
  }
  if (result) {
    return (
      <Suspense fallback={<PageLoader />}>
        <BookingSuccess result={result} onAnother={() => setResult(null)} />
      </Suspense>
    );
  }
  const fullHours = (state.queries.hours.data?.hours ?? []).filter((h) => h.state === 'full');
  const waitlist =
    state.branch && state.choice.dia && fullHours.length > 0 ? (
      <Suspense fallback={null}>
        <WaitlistOffer
          key={`${state.branch.id}|${state.choice.dia}`}
          branchId={state.branch.id}
          date={state.choice.dia}
          fullHours={fullHours}
          signedIn={Boolean(user)}
          onLogin={state.toLogin}
        />
      </Suspense>
    ) : undefined;
  if (series) {
    return (
      <Suspense fallback={<PageLoader />}>
        <SeriesSuccess result={series} onAnother={() => setSeries(null)} />
      </Suspense>
    );
  }
  // A standing slot: the branch offers them and a client is signed in (the preview reads its own sessions).
  const canRepeat = Boolean(user) && max >= 2;
  const chooseRepeat = (next: Repeat) => {
    state.setRefusal(null);
    setRepeat(next);
  };
  if (canRepeat && repeat.everyWeeks !== 0 && state.complete) {
    return (
      <WizardLayout
        state={state}
        afterHours={waitlist}
        summary={
          <Suspense fallback={<PageLoader />}>
            <SeriesSummary
              state={state}
              repeat={{ ...repeat, count: Math.min(repeat.count, max) }}
              max={max}
              onRepeatChange={chooseRepeat}
              onBooked={(answer) => {
                setRepeat({ everyWeeks: 0, count: 2 });
                setSeries(answer);
              }}
            />
          </Suspense>
        }
      />
    );
  }

  const cost = state.branch?.sessionCost ?? 0;
  const lines: BalanceLine[] = user
    ? [
        { label: 'Tu saldo', value: formatCredits(user.credits) },
        {
          label: 'Saldo después',
          value: user.credits >= cost ? formatCredits(user.credits - cost) : '—',
          emphasis: true,
          testId: 'balance-after',
        },
      ]
    : [];
  const short = user && user.credits < cost ? 'Tu saldo no alcanza para esta sesión.' : undefined;

  const confirm = () => {
    if (!state.slot) return;
    if (!user) {
      state.toLogin();
      return;
    }
    // The success panel loads while the booking is decided.
    void import('./booking-success');
    create.mutate(state.slot, {
      onSuccess: (answer) => {
        announceBooked(answer);
        state.booked();
        setResult(answer);
      },
      onError: state.refuse,
    });
  };

  return (
    <WizardLayout
      state={state}
      afterHours={waitlist}
      summary={
        <BookingSummary
          state={state}
          lines={lines}
          costNote={
            user && (
              <Suspense fallback={null}>
                <SpendNote cost={cost} />
              </Suspense>
            )
          }
          short={short}
          offerPurchase
          note={user ? undefined : 'Te pediremos iniciar sesión para confirmar.'}
          onConfirm={confirm}
          confirming={create.isPending}
        >
          {canRepeat && (
            <Suspense fallback={null}>
              <RepeatChoice value={repeat} max={max} onChange={chooseRepeat} />
            </Suspense>
          )}
        </BookingSummary>
      }
    />
  );
}

/**
 * The booking wizard of docs/business-rules.md §4: zone → branch → day → hour → room, then the summary and 'Confirmar'.
 * 'self' is the public /reserva; 'staff' adds the 'Para' choice of /admin/reservar.
 */
export function BookingWizard({ mode = 'self' }: { mode?: 'self' | 'staff' }) {
  return mode === 'staff' ? (
    <Suspense fallback={<PageLoader />}>
      <StaffBooking />
    </Suspense>
  ) : (
    <SelfBooking />
  );
}
