import type { TClientsImportRequest, TImportReport } from '@sala/shared/imports/imports.contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';

const send = (path: string) => (input: TClientsImportRequest) =>
  apiRequest<TImportReport>(path, { method: 'POST', body: input });

/** POST /api/imports/clients/preview: what the spreadsheet would do; nothing is saved, nothing to refresh. */
export function usePreviewClientsImport() {
  return useMutation({ mutationFn: send('/imports/clients/preview') });
}

/** POST /api/imports/clients: the spreadsheet saved; Usuarios and the audit log show it after. */
export function useImportClients() {
  return useInvalidatingMutation(send('/imports/clients'), [queryKeys.users.all, queryKeys.audit]);
}
