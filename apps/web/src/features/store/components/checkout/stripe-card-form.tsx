import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { TCheckout, TPaymentResult } from '@sala/shared/store/store.contract';
import { storeMessages as m } from '@sala/shared/store/store.messages';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { fieldLabelClass } from '../../../../components/ui/field-styles';
import { confirmCheckout } from '../../api/checkout-api';
import { PaymentDeclined } from '../../payment-problem';
import { PayButton } from './pay-button';

export type StripeCardFormProps = {
  checkout: TCheckout;
  user: Pick<TSessionUser, 'name' | 'email'>;
  totalLabel: string;
  paying: boolean;
  /** Runs the payment: the step shows progress, the result or the problem. */
  onPay: (run: () => Promise<TPaymentResult>) => void;
  /** Why the last try failed, shown right above the pay button. */
  alert?: ReactNode;
  /** Stripe.js could not be loaded (offline, blocked) or the checkout has no client secret. */
  onInitFailed: () => void;
};

/** One Stripe.js per publishable key for the life of the page (Stripe asks for it to be created once). */
const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed load may be retried later ('Intentar de nuevo').
    stripe.then(
      (value) => value ?? loaded.delete(publishableKey),
      () => loaded.delete(publishableKey),
    );
    loaded.set(publishableKey, stripe);
  }
  return stripe;
};

function CardForm({
  checkout,
  user,
  totalLabel,
  paying,
  alert,
  onPay,
}: Omit<StripeCardFormProps, 'onInitFailed'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [cardError, setCardError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !checkout.clientSecret || paying) return;
    const clientSecret = checkout.clientSecret;
    onPay(async () => {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: user.name, email: user.email } },
      });
      // Already paid (a retry after the page lost the answer): the server only needs to record it.
      const alreadyPaid = error?.payment_intent?.status === 'succeeded';
      if (error && !alreadyPaid) {
        if (error.type === 'card_error' || error.type === 'validation_error') {
          throw new PaymentDeclined({ message: m.paymentFailed, reason: error.message });
        }
        throw new PaymentDeclined({ message: m.somethingWrong });
      }
      if (!alreadyPaid && paymentIntent?.status !== 'succeeded' && paymentIntent?.status !== 'processing') {
        throw new PaymentDeclined({ message: m.paymentFailed });
      }
      return confirmCheckout(checkout.checkoutId);
    });
  };

  return (
    <form noValidate aria-label="Datos de la tarjeta" onSubmit={submit} className="space-y-4">
      <div className="flex flex-col gap-1.5">
        <span className={fieldLabelClass}>Tarjeta de crédito o débito</span>
        <div
          className="rounded-lg border border-slate-300 bg-white px-3 py-3 shadow-xs"
          data-testid="stripe-card"
        >
          <CardElement
            onReady={() => setReady(true)}
            onChange={(event) => setCardError(event.error?.message)}
            options={{
              hidePostalCode: true,
              style: { base: { fontSize: '16px', color: '#1c2a30', '::placeholder': { color: '#52636b' } } },
            }}
          />
        </div>
        {cardError && <p className="text-sm text-red-600">{cardError}</p>}
      </div>
      <p className="flex items-center gap-1.5 text-xs text-muted">
        <Lock aria-hidden className="size-3.5" /> El pago se procesa de forma segura con Stripe.
      </p>
      {alert}
      <PayButton totalLabel={totalLabel} paying={paying} disabled={!stripe || !ready} />
    </form>
  );
}

/**
 * Stripe's card element (locale 'es'), loaded only when the checkout says mode 'stripe': this module and Stripe.js
 * are their own chunk, never part of the public pages.
 */
export default function StripeCardForm({ onInitFailed, ...props }: StripeCardFormProps) {
  const { publishableKey, clientSecret } = props.checkout;
  const [stripe] = useState(() => (publishableKey && clientSecret ? stripeFor(publishableKey) : null));

  useEffect(() => {
    if (!stripe) {
      onInitFailed();
      return;
    }
    let live = true;
    stripe.then(
      (value) => {
        if (live && !value) onInitFailed();
      },
      () => {
        if (live) onInitFailed();
      },
    );
    return () => {
      live = false;
    };
  }, [stripe, onInitFailed]);

  if (!stripe) return null;
  return (
    <Elements stripe={stripe} options={{ locale: 'es' }}>
      <CardForm {...props} />
    </Elements>
  );
}
