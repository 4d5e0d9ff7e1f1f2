import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useEventStream } from '../../../lib/event-stream';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Reservaciones and the day grid of `date` follow every booking, cancel and block of that day made anywhere
 * (design §10): the staff stream says which branch changed, and the screen reads its list and grid again in place.
 * Returns what a screen reader hears (politely) after such a change.
 */
export function useLiveDay(date: string) {
  const queryClient = useQueryClient();
  const [said, setSaid] = useState('');
  useEventStream(`/availability/staff-stream?${new URLSearchParams({ date })}`, 'change', () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.staffSessions.all });
    setSaid((previous) =>
      previous === 'Las reservaciones del día se actualizaron.'
        ? 'Las reservaciones del día se actualizaron de nuevo.'
        : 'Las reservaciones del día se actualizaron.',
    );
  });
  return said;
}
