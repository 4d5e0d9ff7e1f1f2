import type {
  TLegalResponse,
  TSaveBusinessContactRequest,
  TSaveLegalFactsRequest,
} from '@sala/shared/legal/legal.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';
import { legalQuery } from './get-legal';

/**
 * The business's legal facts (GET /api/legal, public), with the public pages' own query: one key, one cache, so
 * a save here shows in the notice and the terms rendered inside the app too.
 */
export function useLegal() {
  return useQuery(legalQuery());
}

/** PUT /api/legal (super admin): the notice and the terms show the new facts within seconds. */
export function useSaveLegal() {
  return useInvalidatingMutation(
    (input: TSaveLegalFactsRequest) => apiRequest<TLegalResponse>('/legal', { method: 'PUT', body: input }),
    [queryKeys.legal],
  );
}

/** PUT /api/legal/contact (super admin): the phone, WhatsApp and social links (issue 39). */
export function useSaveContact() {
  return useInvalidatingMutation(
    (input: TSaveBusinessContactRequest) =>
      apiRequest<TLegalResponse>('/legal/contact', { method: 'PUT', body: input }),
    [queryKeys.legal],
  );
}
