import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TCreateSessionRequest,
  type TCreateSessionResponse,
  type TStaffCreateSessionRequest,
  ZStaffCreateSessionRequest,
} from '@sala/shared/bookings/bookings.contract';
import type { TCreateSeriesResponse } from '@sala/shared/bookings/series.contract';
import { formatCredits } from '@sala/shared/format/credits';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useSession } from '../../auth/api/get-session';
import { useCreateStaffSession } from '../api/sessions-api';
import { useBookingChoice } from '../hooks/use-booking-choice';
import { type BalanceLine, BookingSummary } from './booking-summary';
import { type Repeat, RepeatChoice } from './repeat-choice';
import SeriesSummary from './series-summary';
import { StaffBookingDone } from './staff-booking-done';
import { type ClientPick, type HolderValues, StaffHolderFields } from './staff-holder-fields';
import { announceBooked, WizardLayout } from './wizard-layout';

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
export default function StaffBooking() {
  const { user } = useSession();
  const state = useBookingChoice({ scope: user });
  const create = useCreateStaffSession();
  const [client, setClient] = useState<ClientPick | null>(null);
  const [done, setDone] = useState<TCreateSessionResponse | null>(null);
  const [seriesDone, setSeriesDone] = useState<TCreateSeriesResponse | null>(null);
  const [repeat, setRepeat] = useState<Repeat>({ everyWeeks: 0, count: 2 });
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
        setSeriesDone(null);
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

  // A standing slot for a chosen client, where the branch offers them (never a courtesy series).
  const max = state.branch?.standingWeeksMax ?? 0;
  const canRepeat = kind === 'client' && client !== null && max >= 2;
  const chooseRepeat = (next: Repeat) => {
    state.setRefusal(null);
    setRepeat(next);
  };
  const seriesSummary = canRepeat && repeat.everyWeeks !== 0 && state.complete && (
    <SeriesSummary
      state={state}
      repeat={{ ...repeat, count: Math.min(repeat.count, max) }}
      max={max}
      onRepeatChange={chooseRepeat}
      forClient={{ id: client.client.id, name: client.client.name }}
      onBooked={(answer) => {
        setSeriesDone(answer);
        setDone(null);
        setRepeat({ everyWeeks: 0, count: 2 });
        setClient(null);
        form.reset(holderDefaults);
      }}
    />
  );

  return (
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
        // The note of the last booking under the summary, both in view as the page scrolls (issue 39).
        <div className="space-y-4 self-start lg:sticky lg:top-24">
          {seriesSummary || (
            <BookingSummary
              state={state}
              cost={kind === 'courtesy' ? 'Sin costo (cortesía)' : undefined}
              lines={lines}
              short={short}
              onConfirm={() => void confirm()}
              confirming={create.isPending}
            >
              {canRepeat && <RepeatChoice value={repeat} max={max} onChange={chooseRepeat} />}
            </BookingSummary>
          )}
          {done && <StaffBookingDone key={done.session.id} result={done} onClose={() => setDone(null)} />}
          {seriesDone && (
            <StaffSeriesDone
              key={seriesDone.sessions[0]!.id}
              result={seriesDone}
              onClose={() => setSeriesDone(null)}
            />
          )}
        </div>
      }
    />
  );
}

/** The staff's note of a standing slot just booked for a client: every date it holds. */
function StaffSeriesDone({ result, onClose }: { result: TCreateSeriesResponse; onClose: () => void }) {
  const first = result.sessions[0]!;
  return (
    <StaffBookingDone
      result={{
        ...result,
        session: { ...first, creditsCharged: result.sessions.reduce((sum, s) => sum + s.creditsCharged, 0) },
      }}
      onClose={onClose}
      title={`Reserva fija creada para ${first.holderName}: ${result.sessions.length} sesiones`}
      dates={result.sessions.map((session) => `${formatCalendarDate(session.date)} · ${session.roomName}`)}
    />
  );
}
