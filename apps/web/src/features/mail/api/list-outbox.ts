import type { TOutboxEmail, TOutboxResponse, TOutboxStatus } from '@sala/shared/mail/outbox.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

/** Every page of the outbox starts with this key: a retry refreshes them all. */

/** GET /api/outbox: stored e-mails a page at a time, optionally of one status; refreshed while open. */
export function useOutbox(state: TPageState, status?: TOutboxStatus) {
  return usePagedQuery<TOutboxEmail, TOutboxResponse>(queryKeys.outbox, '/outbox', state, {
    filters: { status },
    // The worker changes states behind the screen (pendiente → enviado): show it without a reload.
    refetchInterval: 15_000,
  });
}
