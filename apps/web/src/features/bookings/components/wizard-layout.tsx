import type { TCreateSessionResponse } from '@sala/shared/bookings/bookings.contract';
import { bookingMessages } from '@sala/shared/bookings/bookings.messages';
import { lazy, type ReactNode, Suspense } from 'react';
import { PageLoader } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toast';
import type { BookingChoiceState } from '../hooks/use-booking-choice';
import { BookingSteps, BookingUnavailable, type MovingSession } from './booking-steps';

// The chosen day's hours and rooms kept live: a small chunk loaded once a day is chosen.
const LiveAvailability = lazy(() => import('./live-availability'));

/** docs/business-rules.md §8: a booking made; yellow instead when the confirmation e-mail could not be sent right away. */
export function announceBooked(result: TCreateSessionResponse) {
  if (result.mailWarning) notify.warning(bookingMessages.emailWarning);
  else notify.success(bookingMessages.created);
}

/** Steps on the left, the summary on the right (below the steps on a phone); the branches load first. */
export function WizardLayout({
  state,
  before,
  afterHours,
  moving,
  summary,
}: {
  state: BookingChoiceState;
  before?: ReactNode;
  /** The session being moved, marked in the steps. */
  moving?: MovingSession;
  /** Under the hours of the chosen day (the waitlist's offer, when some hour is full). */
  afterHours?: ReactNode;
  summary: ReactNode;
}) {
  const { branches } = state.queries;
  if (branches.isError) return <BookingUnavailable onRetry={() => void branches.refetch()} />;
  if (branches.isPending) return <PageLoader />;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6">
      <div className="min-w-0 space-y-4">
        {before}
        <BookingSteps state={state} afterHours={afterHours} moving={moving} />
      </div>
      {summary}
      {state.branch && state.day && (
        <Suspense fallback={null}>
          <LiveAvailability
            key={`${state.branch.id}|${state.day.date}`}
            branchId={state.branch.id}
            date={state.day.date}
          />
        </Suspense>
      )}
    </div>
  );
}
