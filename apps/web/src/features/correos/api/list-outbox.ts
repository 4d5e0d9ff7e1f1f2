import type { TOutboxEmail } from '@sala/shared/mail/outbox.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { usePagedQuery } from '../../../lib/paged-query';

export function useOutbox(state: TPageState) {
  return usePagedQuery<TOutboxEmail>(['outbox'], '/outbox', state);
}
