import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { CartItem } from '@sala/shared/cart/cart.rules';
import { formatMoney } from '@sala/shared/format/money';
import { storeMessages as m } from '@sala/shared/store/store.messages';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { type ComponentType, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Button, LinkButton } from '../../../../components/ui/link-button';
import { PageLoader } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { checkoutRequest, confirmCheckout, payWithTestCard, startCheckout } from '../../api/checkout-api';
import { checkoutIdFor, forgetCheckoutAttempt } from '../../checkout-attempt';
import { cartActions } from '../../hooks/use-cart';
import { useCompletePurchase } from '../../hooks/use-complete-purchase';
import { usePaymentStep } from '../../hooks/use-payment-step';
import { CartLinesSummary } from './cart-lines-summary';
import { PaymentAlert } from './payment-alert';
import { BackToDataButton, PaymentStepLayout } from './payment-step-layout';
import { RefusedLinesAlert, refusedLines } from './refused-lines-alert';
import type { StripeCardFormProps } from './stripe-card-form';
import { TestCardForm } from './test-card-form';

/** Stripe's SDK is a chunk of its own, asked for only when the checkout says mode 'stripe'. */
function useStripeForm(wanted: boolean) {
  const [form, setForm] = useState<{ Component?: ComponentType<StripeCardFormProps>; failed?: boolean }>({});
  const load = useCallback(() => {
    setForm({});
    import('./stripe-card-form').then(
      (module) => setForm({ Component: module.default }),
      () => setForm({ failed: true }),
    );
  }, []);
  useEffect(() => {
    if (wanted) load();
  }, [wanted, load]);
  return { ...form, reload: load };
}

/**
 * Step 2 with a card (docs/business-rules.md §4 online purchase): the checkout is made on entering (one checkoutId per
 * cart and method, so a reload finds it again), the server's priced summary is shown, and the card is paid through
 * the test gateway or Stripe.
 */
export function CardPaymentStep({
  items,
  user,
  onBack,
}: {
  /** The cart's lines that are for sale. */
  items: CartItem[];
  user: Pick<TSessionUser, 'name' | 'email'>;
  onBack: () => void;
}) {
  const complete = useCompletePurchase();
  const { state, pay, onInitFailed, retryInit, restart } = usePaymentStep(complete);
  const { paying, problem, initFailed, stripeAttempt } = state;
  const checkoutId = checkoutIdFor(items);
  const checkout = useQuery({
    queryKey: queryKeys.checkout(checkoutId),
    queryFn: ({ signal }) => startCheckout(checkoutRequest(checkoutId, items), signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // The same checkoutId is harmless to send again; only a failure of the network or the server is retried.
    retry: (count, error) =>
      count < 2 && error instanceof ApiError && (error.status === 0 || error.status >= 500),
  });

  const stripeForm = useStripeForm(checkout.data?.mode === 'stripe');

  // A checkout found already paid (the answer to the payment was lost: a reload, a dropped connection) shows its
  // summary like any completed payment.
  const recovered = useRef(false);
  const paidAlready = checkout.data?.status === 'paid';
  useEffect(() => {
    if (!paidAlready || recovered.current) return;
    recovered.current = true;
    void pay(() => confirmCheckout(checkoutId));
  }, [paidAlready, pay, checkoutId]);

  const back = <BackToDataButton onClick={onBack} />;

  if (checkout.isPending) return <PageLoader />;

  if (checkout.isError) {
    const error = checkout.error;
    const refused = refusedLines(
      error instanceof ApiError && error.status === 409 ? error.fields : undefined,
      items,
    );
    return (
      <div className="space-y-4">
        {refused.length > 0 ? (
          <RefusedLinesAlert refused={refused} />
        ) : (
          <PaymentAlert message={m.initFailed}>
            <Button size="sm" className="mt-2" onClick={() => void checkout.refetch()}>
              Intentar de nuevo
            </Button>
          </PaymentAlert>
        )}
        {back}
      </div>
    );
  }

  const data = checkout.data;
  const totalLabel = formatMoney(data.amountCents);
  const summary = (
    <CartLinesSummary
      title="Tu compra"
      lines={data.items.map((item) => ({ ...item, id: item.productId }))}
      totalCredits={data.totalCredits}
      totalCents={data.amountCents}
    />
  );

  const alert = problem && (
    <PaymentAlert message={problem.message} reason={problem.reason}>
      {problem.restart && (
        <Button size="sm" className="mt-2" onClick={restart}>
          Intentar de nuevo
        </Button>
      )}
    </PaymentAlert>
  );

  let body: ReactNode;
  if (data.status === 'paid') {
    body = (
      <div className="rounded-lg bg-emerald-50 px-4 py-4 text-emerald-900 ring-1 ring-emerald-200">
        <p className="flex items-center gap-2 font-semibold">
          <CheckCircle2 aria-hidden className="size-5" /> Este pago ya se completó.
        </p>
        <p className="mt-1 text-sm">
          Tus créditos ya están en tu cuenta. Puedes ver la compra en Mis pedidos.
        </p>
        <LinkButton
          to="/perfil/mis-pedidos"
          size="sm"
          className="mt-3"
          onClick={() => {
            cartActions.clear();
            forgetCheckoutAttempt();
          }}
        >
          Ver mis pedidos
        </LinkButton>
      </div>
    );
  } else if (data.status === 'failed') {
    body = (
      <PaymentAlert message={m.checkoutFailed}>
        <Button size="sm" className="mt-2" onClick={restart}>
          Intentar de nuevo
        </Button>
      </PaymentAlert>
    );
  } else if (initFailed || stripeForm.failed) {
    body = (
      <PaymentAlert message={m.initFailed}>
        <Button
          size="sm"
          className="mt-2"
          onClick={() => {
            retryInit();
            if (stripeForm.failed) stripeForm.reload();
          }}
        >
          Intentar de nuevo
        </Button>
      </PaymentAlert>
    );
  } else if (data.mode === 'stripe') {
    const StripeForm = stripeForm.Component;
    body = StripeForm ? (
      <StripeForm
        key={stripeAttempt}
        checkout={data}
        user={user}
        totalLabel={totalLabel}
        paying={paying}
        alert={alert}
        onPay={pay}
        onInitFailed={onInitFailed}
      />
    ) : (
      <PageLoader className="min-h-32" />
    );
  } else {
    body = (
      <TestCardForm
        totalLabel={totalLabel}
        paying={paying}
        serverErrors={problem?.fields}
        alert={alert}
        onPay={(card) => pay(() => payWithTestCard(data.checkoutId, card))}
      />
    );
  }

  return (
    <PaymentStepLayout back={back} summary={summary}>
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">{body}</div>
    </PaymentStepLayout>
  );
}
