import type {
  TCloseMyAccountRequest,
  TConfirmEmailChangeRequest,
  TMyPrivacy,
  TRequestEmailChangeRequest,
  TUnsubscribeRequest,
  TUpdateMyPreferencesRequest,
} from '@sala/shared/privacy/privacy.contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type Message = { message: string };

export const myPrivacyQuery = () =>
  queryOptions({
    queryKey: queryKeys.me.privacy,
    queryFn: ({ signal }) => apiRequest<TMyPrivacy>('/me/privacy', { signal }),
  });

/** What "Mis datos personales" shows: consents, reminders, credits, and whether the account can be closed. */
export function useMyPrivacy() {
  return useQuery(myPrivacyQuery());
}

/** Where the browser downloads everything the business holds on the signed-in person (a ZIP). */
export const MY_DATA_EXPORT_URL = '/api/me/data-export';

/** Opposition: the reminders on or off. */
export function useUpdateMyPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateMyPreferencesRequest) =>
      apiRequest<{ remindersEnabled: boolean; message: string }>('/me/preferences', {
        method: 'PATCH',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.privacy }),
  });
}

/** Rectification of one's own e-mail: the link goes to the new address. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (input: TRequestEmailChangeRequest) =>
      apiRequest<Message>('/me/email', { method: 'POST', body: input }),
  });
}

/** The link's confirmation (no session needed). */
export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (input: TConfirmEmailChangeRequest) =>
      apiRequest<Message>('/me/email/confirm', { method: 'POST', body: input }),
  });
}

/** Cancellation: the account closes at once and this session with it. */
export function useCloseMyAccount() {
  return useMutation({
    mutationFn: (input: TCloseMyAccountRequest) =>
      apiRequest<Message>('/me/account/close', { method: 'POST', body: input }),
  });
}

/** A reminder's unsubscribe link, from the page it opens (no session needed). */
export function useUnsubscribeReminders() {
  return useMutation({
    mutationFn: (input: TUnsubscribeRequest) =>
      apiRequest<Message>('/unsubscribe/reminders', { method: 'POST', body: input }),
  });
}
