import type { TAvailabilityLiveState } from '@sala/shared/bookings/availability.contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEventStream } from '../../../lib/event-stream';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The wizard's hours and rooms of the chosen day, kept live (design §10): each state the stream sends replaces the
 * answers in place, so a room taken elsewhere shows as taken without a reload. Loaded apart from /reserva's first
 * JavaScript (issue 25's budget). The database still decides every booking.
 */
export default function LiveAvailability({ branchId, date }: { branchId: string; date: string }) {
  const queryClient = useQueryClient();
  useEventStream(`/availability/stream?${new URLSearchParams({ branchId, date })}`, 'state', (data) => {
    const state = data as TAvailabilityLiveState;
    if (state.date !== date) return;
    queryClient.setQueryData(queryKeys.availability.hours(branchId, date), { date, hours: state.hours });
    for (const { hour, hourState, rooms } of state.rooms) {
      queryClient.setQueryData(queryKeys.availability.rooms(branchId, date, hour), {
        date,
        hour,
        hourState,
        rooms,
      });
    }
    // A day with nothing left may leave the bookable days.
    if (state.hours.every((h) => h.state !== 'free')) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.availability.days(branchId) });
    }
  });
  return null;
}
