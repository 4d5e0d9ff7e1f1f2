import type { TClientOption } from '@sala/shared/users/users.contract';
import { apiRequest } from '../../../lib/api-client';

/** Active clients by name, e-mail or phone, at most 10 (staff): the search of the sale's client picker. */
export function searchClients(term: string): Promise<TClientOption[]> {
  return apiRequest<TClientOption[]>(`/users/clients?${new URLSearchParams({ q: term })}`);
}
