import type { TPageState } from '@sala/shared/table/table.contract';
import type {
  TMyWhatsApp,
  TSetMyWhatsApp,
  TWhatsAppMessage,
  TWhatsAppMessagesResponse,
} from '@sala/shared/whatsapp/whatsapp.contract';
import type { TWhatsAppStatus } from '@sala/shared/whatsapp/whatsapp.rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/me/whatsapp: whether WhatsApp is offered at all, on or off, to which number, and how it went. */
export function useMyWhatsApp() {
  return useQuery({
    queryKey: queryKeys.whatsapp.mine,
    queryFn: ({ signal }) => apiRequest<TMyWhatsApp>('/me/whatsapp', { signal }),
  });
}

/** PUT /api/me/whatsapp: on records the consent (date, notice version, number); off is one click. */
export function useSetMyWhatsApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSetMyWhatsApp) =>
      apiRequest<TMyWhatsApp>('/me/whatsapp', { method: 'PUT', body: input }),
    // The answer is the whole state: the checkbox shows it without another request.
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.whatsapp.mine, answer),
  });
}

/** GET /api/whatsapp/messages (super admin): the messages a page at a time, newest first; refreshed while open. */
export function useWhatsAppMessages(state: TPageState, status?: TWhatsAppStatus) {
  return usePagedQuery<TWhatsAppMessage, TWhatsAppMessagesResponse>(
    queryKeys.whatsapp.messages,
    '/whatsapp/messages',
    state,
    {
      filters: { status },
      // Delivery statuses arrive from WhatsApp behind the screen (enviado → entregado → leído).
      refetchInterval: 15_000,
    },
  );
}
