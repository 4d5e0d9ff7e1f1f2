import type { CartItem } from '@sala/shared/cart/cart.rules';
import { cartTotals } from '@sala/shared/cart/cart.rules';
import { formatMoney } from '@sala/shared/format/money';
import type { TPaymentResult } from '@sala/shared/store/store.contract';
import { storeMessages as m } from '@sala/shared/store/store.messages';
import { Landmark, Store } from 'lucide-react';
import { useCallback } from 'react';
import { Button } from '../../../../components/ui/link-button';
import { useEmailPromise } from '../../../../lib/site-config';
import { checkoutRequest, confirmCheckout, startCheckout } from '../../api/checkout-api';
import { checkoutIdFor } from '../../checkout-attempt';
import { useCompletePendingPurchase, useCompletePurchase } from '../../hooks/use-complete-purchase';
import { usePaymentStep } from '../../hooks/use-payment-step';
import { PaymentDeclined } from '../../payment-problem';
import { type PendingSummary, summaryOfPendingCheckout } from '../../purchase-summary';
import { CartLinesSummary } from './cart-lines-summary';
import { days } from './pay-method-picker';
import { PaymentAlert } from './payment-alert';
import { BackToDataButton, PaymentStepLayout } from './payment-step-layout';
import { RefusedLinesAlert, refusedLines } from './refused-lines-alert';

export type DeferredMethod = 'oxxo' | 'spei';

/** What asking for a voucher gave: its pending order, or (its money already came) the completed payment. */
type DeferredResult = { pending: PendingSummary } | { paid: TPaymentResult };

const texts = {
  oxxo: {
    title: 'Pago en efectivo en OXXO',
    action: 'Generar ficha de pago OXXO',
    busy: 'Generando ficha…',
    Icon: Store,
  },
  spei: {
    title: 'Transferencia SPEI',
    action: 'Obtener datos para transferir',
    busy: 'Obteniendo datos…',
    Icon: Landmark,
  },
} as const;

function Explanation({
  method,
  amount,
  expiresDays,
}: {
  method: DeferredMethod;
  amount: string;
  expiresDays: number;
}) {
  const said = useEmailPromise();
  if (method === 'oxxo') {
    return (
      <>
        <p>
          Te damos una ficha con un número de referencia para pagar <strong>{amount}</strong> en efectivo en
          cualquier tienda OXXO. La ficha vence en {days(expiresDays)}.
        </p>
        <p>
          Tus créditos se agregan cuando OXXO confirma el pago, normalmente al siguiente día hábil.{' '}
          {said(m.oxxoVoucherEmailed)}
        </p>
      </>
    );
  }
  return (
    <>
      <p>
        Te damos una CLABE, el banco y una referencia para transferir exactamente <strong>{amount}</strong>{' '}
        desde la app o el portal de tu banco. Tienes {days(expiresDays)} para hacerla.
      </p>
      <p>
        La mayoría de las transferencias se confirman en menos de 30 minutos en días hábiles; entonces tus
        créditos se agregan a tu cuenta. {said(m.speiDataEmailed)}
      </p>
    </>
  );
}

/**
 * Step 2 with OXXO or SPEI (issue 24): nothing is asked of the server until the client presses the button; then
 * the checkout (one checkoutId per cart and method) answers the pending order and how to pay it, and /resumen
 * shows it. The amount here is the cart's; the server prices the order.
 */
export function DeferredPaymentStep({
  method,
  items,
  expiresDays,
  onBack,
}: {
  method: DeferredMethod;
  /** The cart's lines that are for sale. */
  items: CartItem[];
  /** How long an OXXO voucher lasts (and a SPEI transfer's data). */
  expiresDays: number;
  onBack: () => void;
}) {
  const completePending = useCompletePendingPurchase();
  const completePaid = useCompletePurchase();
  const complete = useCallback(
    (result: DeferredResult) =>
      'paid' in result ? completePaid(result.paid) : completePending(result.pending),
    [completePaid, completePending],
  );
  const { state, pay, restart } = usePaymentStep(complete, method);
  const { paying, problem } = state;
  const { totalCents, totalCredits } = cartTotals(items);
  const amount = formatMoney(totalCents);
  const text = texts[method];

  const request = () =>
    pay(async (): Promise<DeferredResult> => {
      const checkoutId = checkoutIdFor(items, method);
      const checkout = await startCheckout(checkoutRequest(checkoutId, items, method));
      if (checkout.status === 'failed')
        throw new PaymentDeclined({ message: m.checkoutFailed, restart: true });
      // The same checkoutId found its payment already confirmed (an answer lost, then a retry much later).
      if (checkout.status === 'paid') return { paid: await confirmCheckout(checkoutId) };
      const pending = summaryOfPendingCheckout(checkout);
      if (!pending) throw new PaymentDeclined({ message: m.somethingWrong });
      return { pending };
    });

  const refused = refusedLines(problem?.lines, items);
  const alert =
    problem &&
    (refused.length > 0 ? (
      <RefusedLinesAlert refused={refused} />
    ) : (
      <PaymentAlert message={problem.message}>
        {problem.restart && (
          <Button size="sm" className="mt-2" onClick={restart}>
            Intentar de nuevo
          </Button>
        )}
      </PaymentAlert>
    ));

  return (
    <PaymentStepLayout
      back={<BackToDataButton onClick={onBack} />}
      summary={
        <CartLinesSummary
          title="Tu compra"
          lines={items.map((item) => ({ ...item, unitPriceCents: item.priceCents }))}
          totalCredits={totalCredits}
          totalCents={totalCents}
          creditsLabel="Créditos al confirmar el pago"
        />
      }
    >
      <section
        aria-labelledby={`pago-${method}`}
        className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h3 id={`pago-${method}`} className="flex items-center gap-2 text-lg font-semibold text-ink">
          <text.Icon aria-hidden className="size-5 text-brand-700" /> {text.title}
        </h3>
        <div className="space-y-2 text-sm text-ink">
          <Explanation method={method} amount={amount} expiresDays={expiresDays} />
        </div>
        <p className="flex items-baseline justify-between gap-3 border-t border-slate-200 pt-4 text-lg">
          <span className="font-semibold">Total a pagar</span>
          <span className="font-bold text-brand-800">{amount}</span>
        </p>
        {alert}
        <Button size="lg" className="w-full" loading={paying} onClick={() => void request()}>
          {paying ? text.busy : text.action}
        </Button>
      </section>
    </PaymentStepLayout>
  );
}
