import type { TAuditAction, TAuditEntry } from '@sala/shared/audit/audit.contract';
import type { TPageState } from '@sala/shared/table/table.contract';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

export type AuditFilters = { action?: TAuditAction; from?: string; to?: string };

/** GET /api/audit: the log a page at a time, newest first, by action and Mexico City dates. */
export function useAuditLog(state: TPageState, filters: AuditFilters) {
  return usePagedQuery<TAuditEntry>(queryKeys.audit, '/audit', state, { filters });
}
