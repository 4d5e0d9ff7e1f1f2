import { type BranchScoped, branchesFor } from '@sala/shared/auth/branch-scope';
import type { TCreateSessionRequest } from '@sala/shared/bookings/bookings.contract';
import { bookableBranches } from '@sala/shared/locations/bookable';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { notify } from '../../../components/ui/toast';
import { useQueryParams } from '../../../lib/navigation';
import { useSendToLogin } from '../../auth/api/login-return';
import {
  useAvailableDays,
  useAvailableHours,
  useAvailableRooms,
  usePublicBranches,
} from '../api/availability-api';
import {
  type BookingChoice,
  type BookingStep,
  bookingSteps,
  choiceToParams,
  chooseStep,
  clearFrom,
  isComplete,
  nextStep,
  readChoice,
  validPrefix,
} from '../booking-choice';
import { groupByZone } from '../booking-labels';
import { type BookingRefusal, bookingRefusal } from '../booking-refusal';

/** What the live availability took from a choice that was bookable: its hour (full now) or its room. */
export type TakenChoice = 'hour' | 'room';

/** The id of a step's section (and of the summary), for scrolling to what comes next. */
export const stepSectionId = (step: BookingStep | 'resumen') => `reserva-${step}`;

/**
 * The wizard's state: the five choices, kept in the URL query (reload, back and the round trip through the
 * login keep them), checked against what the API offers, with the queries each step shows. Choosing a step
 * resets the later ones (docs/business-rules.md §4); the first choice of a step adds a history entry, changing it replaces it.
 */
export function useBookingChoice(options: { scope?: BranchScoped | null } = {}) {
  const { scope } = options;
  const [params, setParams] = useQueryParams();
  const toLogin = useSendToLogin();
  const asked = useMemo(() => readChoice(params), [params]);

  // The zones and branches render as a transition when the list arrives: React slices the wizard's first render
  // and yields to the browser, where the query's own update is one blocking task (issue 25).
  const branches = useDeferredValue(usePublicBranches());
  const days = useAvailableDays(asked.sucursal);
  const hours = useAvailableHours(asked.sucursal, asked.dia);
  const rooms = useAvailableRooms(asked.sucursal, asked.dia, asked.hora);

  // A branch with no active room is not offered, nor a zone left without branches (issue 39).
  // Staff with "Solo su sucursal" (issue 45) book for clients only at their branch: the wizard offers no other.
  const zones = useMemo(() => {
    const bookable = bookableBranches(branches.data ?? []);
    return groupByZone(scope ? branchesFor(scope, bookable) : bookable);
  }, [branches.data, scope]);
  const zone = zones.find((z) => z.id === asked.zona);
  const branch = zone?.branches.find((b) => b.id === asked.sucursal);
  const day = days.data?.days.find((d) => d.date === asked.dia);
  const hour = hours.data?.hours.find((h) => h.hour === asked.hora && h.state === 'free');
  const room = rooms.data?.rooms.find((r) => r.id === asked.sala && r.state === 'free');

  // The live availability (design §10) can take the hour or the room of a choice that was bookable a moment ago:
  // that choice stays on screen, marked as taken, until the client chooses again (nothing moves under the pointer).
  const askedSlot = [asked.sucursal, asked.dia, asked.hora, asked.sala].join('|');
  const lastBookable = useRef<string | undefined>(undefined);
  const hourGone = Boolean(asked.hora && hours.data && !hour);
  const roomGone = Boolean(asked.sala && rooms.data && !room);
  const taken: TakenChoice | null =
    lastBookable.current === askedSlot && (hourGone || roomGone) ? (hourGone ? 'hour' : 'room') : null;

  // A choice the API no longer offers (a day out of the window, a room someone took before it was seen free) is
  // dropped with the steps after it; one not checked yet (still loading) is kept.
  const choice = validPrefix(asked, {
    zona: branches.data ? Boolean(zone) : undefined,
    sucursal: branches.data ? Boolean(branch) : undefined,
    dia: days.data ? Boolean(day) : undefined,
    hora: hours.data ? Boolean(hour) || taken !== null : undefined,
    sala: rooms.data ? Boolean(room) || taken !== null : undefined,
  });
  const complete = !taken && isComplete(choice) && Boolean(zone && branch && day && hour && room);
  useEffect(() => {
    if (complete) lastBookable.current = askedSlot;
  }, [complete, askedSlot]);

  const [refusal, setRefusal] = useState<BookingRefusal | null>(null);

  // After a choice made by hand, bring the next step (or the summary) into view when it starts low on the screen.
  const scrollTarget = useRef<BookingStep | 'resumen' | undefined>(undefined);
  const upcoming = nextStep(choice) ?? 'resumen';
  useEffect(() => {
    if (scrollTarget.current !== upcoming) return;
    const section = document.getElementById(stepSectionId(upcoming));
    if (!section) return;
    scrollTarget.current = undefined;
    const { top, bottom } = section.getBoundingClientRect();
    // The summary scrolls just enough to show 'Confirmar'; a step, to its heading.
    if (upcoming === 'resumen' && bottom > window.innerHeight) section.scrollIntoView?.({ block: 'nearest' });
    if (upcoming !== 'resumen' && top > window.innerHeight * 0.7)
      section.scrollIntoView?.({ block: 'start' });
  });

  // Other parameters ride along (cambiar: the session being moved).
  const update = (next: BookingChoice, replace: boolean) => {
    const query = choiceToParams(next);
    for (const [key, value] of params) {
      if (!(bookingSteps as readonly string[]).includes(key)) query.set(key, value);
    }
    setParams(query, { replace });
  };

  const select = (step: BookingStep, value: string) => {
    const next = chooseStep(choice, step, value);
    if (next === choice) return;
    setRefusal(null);
    scrollTarget.current = nextStep(next) ?? 'resumen';
    update(next, Boolean(choice[step]));
  };

  /** Forget `step` and the later ones (after a booking, or when the API refuses the room or the hour). */
  const clear = (step: BookingStep) => update(clearFrom(choice, step), true);

  const slot: TCreateSessionRequest | undefined =
    complete && branch && day && hour && room
      ? { branchId: branch.id, roomId: room.id, date: day.date, hour: hour.hour }
      : undefined;

  /** A refused booking: its message in a toast and beside the button, and what the refusal asks for. */
  const refuse = (error: unknown): BookingRefusal => {
    const answer = bookingRefusal(error);
    if (answer.kind === 'login') {
      toLogin();
      return answer;
    }
    setRefusal(answer);
    notify.error(answer.message);
    if (answer.kind === 'room') {
      clear('sala');
      void rooms.refetch();
      void hours.refetch();
    } else if (answer.kind === 'hour') {
      clear('hora');
      void hours.refetch();
    }
    return answer;
  };

  /** Starts on a choice made elsewhere (a moved session's zone, branch and day) while nothing is chosen yet. */
  const startAt = (start: BookingChoice) => {
    if (!asked.zona) update(start, true);
  };

  /** A booking went through: the same zone, branch and day stay chosen for the next one. */
  const booked = () => {
    setRefusal(null);
    clear('hora');
  };

  return {
    choice,
    complete,
    taken,
    slot,
    zones,
    zone,
    branch,
    day,
    hour,
    room,
    queries: { branches, days, hours, rooms },
    select,
    clear,
    refusal,
    setRefusal,
    refuse,
    booked,
    startAt,
    toLogin,
  };
}

export type BookingChoiceState = ReturnType<typeof useBookingChoice>;
