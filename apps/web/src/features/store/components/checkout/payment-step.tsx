import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { CartItem } from '@sala/shared/cart/cart.rules';
import type { TPayMethod, TPaymentMethodsResponse } from '@sala/shared/store/store.contract';
import { storeMessages as m } from '@sala/shared/store/store.messages';
import { useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/link-button';
import { PageLoader } from '../../../../components/ui/spinner';
import { usePaymentMethods } from '../../api/checkout-api';
import { CardPaymentStep } from './card-payment-step';
import { DeferredPaymentStep } from './deferred-payment-step';
import { PAY_METHOD_ORDER, PayMethodPicker } from './pay-method-picker';
import { PaymentAlert } from './payment-alert';
import { BackToDataButton, PaymentStepLayout } from './payment-step-layout';

/** The methods the store takes, in the store's order. */
export const offeredMethods = (response: TPaymentMethodsResponse | undefined): TPayMethod[] =>
  PAY_METHOD_ORDER.filter((method) => response?.methods.includes(method));

/** Step 2's title: the card's own when it is the only way to pay (as before issue 24), else the choice. */
export function paymentStepTitle(response: TPaymentMethodsResponse | undefined) {
  const offered = offeredMethods(response);
  return offered.length === 1 && offered[0] === 'card' ? 'Pago con tarjeta' : 'Forma de pago';
}

/**
 * Step 2 (issue 24): the client picks how to pay among the methods the store takes (the card by default), then
 * pays by card at once, or gets an OXXO voucher or a SPEI transfer's data. With one method there is no choice.
 */
export function PaymentStep({
  items,
  user,
  onBack,
}: {
  /** The cart's lines that are for sale. */
  items: CartItem[];
  user: Pick<TSessionUser, 'name' | 'email'>;
  onBack: () => void;
}) {
  const methods = usePaymentMethods();
  const offered = offeredMethods(methods.data);
  // The choice lives in the address (?metodo=oxxo): a reload while a voucher is being asked for comes back to the
  // same method (and finds the same checkout), never to a card checkout of the same cart.
  const [params, setParams] = useSearchParams();
  const chosen = params.get('metodo') as TPayMethod | null;
  const setChosen = (next: TPayMethod) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('metodo', next);
        return updated;
      },
      { replace: true },
    );
  const method = chosen && offered.includes(chosen) ? chosen : (offered[0] ?? null);

  if (methods.isPending) return <PageLoader />;
  if (!method) {
    return (
      <PaymentStepLayout back={<BackToDataButton onClick={onBack} />}>
        <PaymentAlert message={m.initFailed}>
          <Button size="sm" className="mt-2" onClick={() => void methods.refetch()}>
            Intentar de nuevo
          </Button>
        </PaymentAlert>
      </PaymentStepLayout>
    );
  }

  const oxxoExpiresDays = methods.data?.oxxoExpiresDays ?? 1;
  const picker =
    offered.length > 1 ? (
      <PayMethodPicker
        methods={offered}
        value={method}
        onChange={setChosen}
        oxxoExpiresDays={oxxoExpiresDays}
      />
    ) : null;

  // The choice stays where it is while the method's panel below changes: a keyboard on the radios keeps its focus.
  return (
    <div className="space-y-6">
      {picker}
      {method === 'card' ? (
        <CardPaymentStep items={items} user={user} onBack={onBack} />
      ) : (
        <DeferredPaymentStep
          key={method}
          method={method}
          items={items}
          expiresDays={oxxoExpiresDays}
          onBack={onBack}
        />
      )}
    </div>
  );
}
