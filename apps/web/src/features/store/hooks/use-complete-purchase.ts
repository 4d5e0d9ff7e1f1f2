import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { TPaymentResult } from '@sala/shared/store/store.contract';
import { storeMessages } from '@sala/shared/store/store.messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/ui/toast';
import { queryKeys } from '../../../lib/query-keys';
import { sessionQuery } from '../../auth/api/get-session';
import { forgetCheckoutAttempt } from '../checkout-attempt';
import { type PendingSummary, savePurchaseSummary, summaryOfPayment } from '../purchase-summary';
import { cartActions } from './use-cart';

/**
 * After a payment the server confirmed: the summary is saved for /resumen (docs/business-rules.md §3 'pcSummary'), the cart is
 * emptied, the navigation shows the new balance at once and the purchase history and the credit lots refresh.
 */
export function useCompletePurchase() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (result: TPaymentResult) => {
      // The summary first: /pago sends a paid cart to /resumen, an empty one to /comprar.
      savePurchaseSummary(summaryOfPayment(result));
      cartActions.clear();
      forgetCheckoutAttempt();
      const session = sessionQuery().queryKey;
      queryClient.setQueryData<TSessionUser | null>(session, (user) =>
        user ? { ...user, credits: result.balance } : user,
      );
      void queryClient.invalidateQueries({ queryKey: session });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me.creditLots });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me.orders });
      notify.success(storeMessages.paid);
      navigate('/resumen', { replace: true });
    },
    [queryClient, navigate],
  );
}

/**
 * After an OXXO voucher or SPEI transfer data was issued (issue 24): the order waits for the money, so /resumen
 * shows how to pay it; the cart is emptied and Mis pedidos refreshes (the pending order is there). The balance does
 * not change until the payment is confirmed.
 */
export function useCompletePendingPurchase() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (summary: PendingSummary) => {
      savePurchaseSummary(summary);
      cartActions.clear();
      forgetCheckoutAttempt();
      void queryClient.invalidateQueries({ queryKey: queryKeys.me.orders });
      notify.success(storeMessages.voucherIssued);
      navigate('/resumen', { replace: true });
    },
    [queryClient, navigate],
  );
}
