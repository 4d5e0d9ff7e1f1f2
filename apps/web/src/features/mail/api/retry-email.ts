import type { TOutboxEmail } from '@sala/shared/mail/outbox.contract';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/outbox/:id/retry: a failed e-mail back in the queue, with one attempt at once. */
export function useRetryEmail() {
  return useInvalidatingMutation(
    (id: string) => apiRequest<TOutboxEmail>(`/outbox/${id}/retry`, { method: 'POST' }),
    [queryKeys.outbox],
  );
}
