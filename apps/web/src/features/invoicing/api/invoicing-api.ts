import type {
  TCancelInvoiceRequest,
  TFiscalProfileResponse,
  TGlobalInvoicesResponse,
  TInvoicingSettingsResponse,
  TOrderInvoiceResponse,
  TSaveFiscalProfileRequest,
  TSaveInvoicingSettingsRequest,
} from '@sala/shared/invoicing/invoicing.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** A fiscal profile: the signed-in client's own, or (staff) a client's. */
export function useFiscalProfile(userId?: string) {
  return useQuery({
    queryKey: userId ? queryKeys.invoicing.clientProfile(userId) : queryKeys.invoicing.myProfile,
    queryFn: ({ signal }) =>
      apiRequest<TFiscalProfileResponse>(userId ? `/users/${userId}/fiscal-profile` : '/me/fiscal-profile', {
        signal,
      }),
  });
}

export function useSaveFiscalProfile(userId?: string) {
  return useInvalidatingMutation(
    (input: TSaveFiscalProfileRequest) =>
      apiRequest<TFiscalProfileResponse>(userId ? `/users/${userId}/fiscal-profile` : '/me/fiscal-profile', {
        method: 'PUT',
        body: input,
      }),
    [queryKeys.invoicing.all],
  );
}

export type MyInvoice = TOrderInvoiceResponse & { orderId: string };

/**
 * The invoices of the sales Mis pedidos shows, and until when each may be asked. While one is being stamped the
 * answer is asked again every few seconds, so "En proceso" turns into the download links by itself.
 */
export function useMyInvoices(orderIds: string[]) {
  return useQuery({
    queryKey: queryKeys.invoicing.mine(orderIds),
    queryFn: ({ signal }) =>
      apiRequest<{ invoices: MyInvoice[]; mode: TOrderInvoiceResponse['mode'] }>(
        `/me/invoices?orderIds=${orderIds.join(',')}`,
        { signal },
      ),
    enabled: orderIds.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.invoices.some((answer) => answer.invoice?.status === 'queued') ? 3_000 : false,
  });
}

/** POST /api/me/orders/:id/invoice: the client asks for a purchase's invoice with their saved profile. */
export function useRequestInvoice() {
  return useInvalidatingMutation(
    (orderId: string) =>
      apiRequest<TOrderInvoiceResponse>(`/me/orders/${orderId}/invoice`, { method: 'POST' }),
    [queryKeys.invoicing.all],
  );
}

/** A sale's invoice as the staff see it (the ticket), and (staff) invoicing it at the counter. */
export function useSaleInvoice(orderId: string) {
  return useQuery({
    queryKey: queryKeys.invoicing.sale(orderId),
    queryFn: ({ signal }) => apiRequest<TOrderInvoiceResponse>(`/orders/${orderId}/invoice`, { signal }),
    refetchInterval: (query) => (query.state.data?.invoice?.status === 'queued' ? 3_000 : false),
  });
}

export function useInvoiceSale(orderId: string) {
  return useInvalidatingMutation(
    (profile: TSaveFiscalProfileRequest) =>
      apiRequest<TOrderInvoiceResponse>(`/orders/${orderId}/invoice`, { method: 'POST', body: { profile } }),
    [queryKeys.invoicing.all],
  );
}

/** Where an invoice's PDF or XML downloads from (the API checks whose it is). */
export const invoiceFileUrl = (invoiceId: string, file: 'pdf' | 'xml') =>
  `/api/invoices/${invoiceId}/${file}`;

export function useInvoicingSettings() {
  return useQuery({
    queryKey: queryKeys.invoicing.settings,
    queryFn: ({ signal }) => apiRequest<TInvoicingSettingsResponse>('/invoicing/settings', { signal }),
  });
}

export function useSaveInvoicingSettings() {
  return useInvalidatingMutation(
    (input: TSaveInvoicingSettingsRequest) =>
      apiRequest<TInvoicingSettingsResponse>('/invoicing/settings', { method: 'PUT', body: input }),
    [queryKeys.invoicing.all],
  );
}

/** Administración → Facturación: the global invoices and the latest closed period still without one. */
export function useGlobalInvoices() {
  return useQuery({
    queryKey: queryKeys.invoicing.globals,
    queryFn: ({ signal }) => apiRequest<TGlobalInvoicesResponse>('/invoicing/globals', { signal }),
    refetchInterval: (query) =>
      query.state.data?.globals.some((row) => row.status === 'queued' || row.cancellation?.state === 'queued')
        ? 3_000
        : false,
  });
}

export function useGlobalSales(id: string) {
  return useQuery({
    queryKey: queryKeys.invoicing.globalSales(id),
    queryFn: ({ signal }) =>
      apiRequest<{ sales: { id: string; folio: number; totalCents: number; paidAt: string }[] }>(
        `/invoicing/globals/${id}/sales`,
        { signal },
      ),
  });
}

/** POST /api/invoicing/globals: a closed period's global invoice, by hand. */
export function useIssueGlobal() {
  return useInvalidatingMutation(
    (periodStart: string) =>
      apiRequest<TGlobalInvoicesResponse>('/invoicing/globals', { method: 'POST', body: { periodStart } }),
    [queryKeys.invoicing.all],
  );
}

/** POST /api/invoices/:id/cancel (super admin): 02, or 01 with the corrected data. */
export function useCancelInvoice(invoiceId: string) {
  return useInvalidatingMutation(
    (request: TCancelInvoiceRequest) =>
      apiRequest<TOrderInvoiceResponse>(`/invoices/${invoiceId}/cancel`, { method: 'POST', body: request }),
    [queryKeys.invoicing.all],
  );
}
