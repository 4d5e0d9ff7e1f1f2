import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TCreateSessionRequest,
  type TCreateSessionResponse,
  type TStaffCreateSessionRequest,
  ZStaffCreateSessionRequest,
} from '@sala/shared/bookings/bookings.contract';
import { bookingMessages } from '@sala/shared/bookings/bookings.messages';
import { formatCredits } from '@sala/shared/format/credits';
import { type ReactNode, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { PageLoader } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toast';
import { useSession } from '../../auth/api/get-session';
import { useCreateSession, useCreateStaffSession } from '../api/sessions-api';
import { type BookingChoiceState, useBookingChoice } from '../hooks/use-booking-choice';
import { BookingSteps, BookingUnavailable } from './booking-steps';
import { BookingSuccess, StaffBookingDone } from './booking-success';
import { type BalanceLine, BookingSummary } from './booking-summary';
import { type ClientPick, type HolderValues, StaffHolderFields } from './staff-holder-fields';

/** Spec §8: a booking made; yellow instead when the confirmation e-mail could not be sent right away. */
function announceBooked(result: TCreateSessionResponse) {
  if (result.mailWarning) notify.warning(bookingMessages.emailWarning);
  else notify.success(bookingMessages.created);
}

/** Steps on the left, the summary on the right (below the steps on a phone); the branches load first. */
function WizardLayout({
  state,
  before,
  summary,
}: {
  state: BookingChoiceState;
  before?: ReactNode;
  summary: ReactNode;
}) {
  const { branches } = state.queries;
  if (branches.isError) return <BookingUnavailable onRetry={() => void branches.refetch()} />;
  if (branches.isPending) return <PageLoader />;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6">
      <div className="min-w-0 space-y-4">
        {before}
        <BookingSteps state={state} />
      </div>
      {summary}
    </div>
  );
}

/** /reserva: a client books for itself; a visitor is sent to the login and comes back to the same choice. */
function SelfBooking() {
  const state = useBookingChoice();
  const { user } = useSession();
  const create = useCreateSession();
  const [result, setResult] = useState<TCreateSessionResponse | null>(null);

  if (result) return <BookingSuccess result={result} onAnother={() => setResult(null)} />;

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
      summary={
        <BookingSummary
          state={state}
          lines={lines}
          short={short}
          offerPurchase
          note={user ? undefined : 'Te pediremos iniciar sesión para confirmar.'}
          onConfirm={confirm}
          confirming={create.isPending}
        />
      }
    />
  );
}

const holderDefaults: HolderValues = { for: 'client', clientId: '', courtesyName: '' };

/**
 * The form's resolver is the endpoint's own contract (ZStaffCreateSessionRequest) applied to the 'Para' fields
 * plus the slot the wizard holds, so the courtesy name and the client are checked with the API's messages and
 * the valid result is the request body.
 */
function staffRequestResolver(
  slot: () => Partial<TCreateSessionRequest>,
): Resolver<HolderValues, unknown, TStaffCreateSessionRequest> {
  const resolve = zodResolver(ZStaffCreateSessionRequest);
  return (values, context, options) =>
    resolve({ ...slot(), ...values } as TStaffCreateSessionRequest, context, options as never) as never;
}

/** /admin/reservar: the super admin books for a client (charged to them) or a courtesy session. */
function StaffBooking() {
  const state = useBookingChoice();
  const create = useCreateStaffSession();
  const [client, setClient] = useState<ClientPick | null>(null);
  const [done, setDone] = useState<TCreateSessionResponse | null>(null);
  const slotRef = useRef(state.slot);
  slotRef.current = state.slot;
  const [resolver] = useState(() => staffRequestResolver(() => slotRef.current ?? {}));
  const form = useForm<HolderValues, unknown, TStaffCreateSessionRequest>({
    defaultValues: holderDefaults,
    resolver,
  });
  const kind = form.watch('for');
  const courtesyName = form.watch('courtesyName');

  const cost = state.branch?.sessionCost ?? 0;
  const lines: BalanceLine[] =
    kind === 'courtesy'
      ? [{ label: 'Para', value: courtesyName.trim() || 'Cortesía' }]
      : client
        ? [
            { label: 'Para', value: client.client.name },
            { label: 'Saldo del cliente', value: formatCredits(client.client.credits) },
            {
              label: 'Saldo después',
              value: client.client.credits >= cost ? formatCredits(client.client.credits - cost) : '—',
              emphasis: true,
              testId: 'balance-after',
            },
          ]
        : [{ label: 'Para', value: 'Elige un cliente o cortesía' }];
  const short =
    kind === 'client' && client && client.client.credits < cost
      ? 'El saldo del cliente no alcanza para esta sesión.'
      : undefined;

  const confirm = form.handleSubmit((request) =>
    create.mutate(request, {
      onSuccess: (answer) => {
        announceBooked(answer);
        state.booked();
        setDone(answer);
        setClient(null);
        form.reset(holderDefaults);
      },
      onError: (error) => {
        const refusal = state.refuse(error);
        if (refusal.kind === 'client') form.setError('clientId', { message: refusal.message });
        if (refusal.kind === 'courtesy') form.setError('courtesyName', { message: refusal.message });
      },
    }),
  );

  return (
    <div className="space-y-4">
      {done && <StaffBookingDone result={done} onClose={() => setDone(null)} />}
      <WizardLayout
        state={state}
        before={
          <StaffHolderFields
            form={form}
            client={client}
            onClient={(pick) => {
              setClient(pick);
              state.setRefusal(null);
            }}
          />
        }
        summary={
          <BookingSummary
            state={state}
            cost={kind === 'courtesy' ? 'Sin costo (cortesía)' : undefined}
            lines={lines}
            short={short}
            onConfirm={() => void confirm()}
            confirming={create.isPending}
          />
        }
      />
    </div>
  );
}

/**
 * The booking wizard of spec §4: zone → branch → day → hour → room, then the summary and 'Confirmar'.
 * 'self' is the public /reserva; 'staff' adds the 'Para' choice of /admin/reservar.
 */
export function BookingWizard({ mode = 'self' }: { mode?: 'self' | 'staff' }) {
  return mode === 'staff' ? <StaffBooking /> : <SelfBooking />;
}
