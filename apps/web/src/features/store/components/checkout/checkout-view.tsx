import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { ShoppingCart } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../../components/ui/link-button';
import { PageLoader } from '../../../../components/ui/spinner';
import { usePaymentMethods } from '../../api/checkout-api';
import { useCartWithCatalog } from '../../hooks/use-cart-with-catalog';
import { personalDataProblem } from '../../personal-data';
import { CartLinesSummary } from './cart-lines-summary';
import { CheckoutSteps } from './checkout-steps';
import { PaymentStep, paymentStepTitle } from './payment-step';
import { PersonalDataStep } from './personal-data-step';

/**
 * The payment step lives in the address (?paso=tarjeta, its name from when the card was the only way to pay): a
 * reload stays there, 'atrás' goes back to the data.
 */
const CARD_STEP = 'tarjeta';

/**
 * /pago (docs/business-rules.md §2): step 1 'Datos personales', step 2 'Pago con tarjeta' ('Forma de pago' when the
 * store also takes OXXO or SPEI, issue 24). The payment step opens only with data that passes the checks of step
 * 1, and pays only the lines that are still for sale.
 */
export function CheckoutView({ user, onEditProfile }: { user: TSessionUser; onEditProfile: () => void }) {
  const cart = useCartWithCatalog();
  const [params, setParams] = useSearchParams();
  const dataOk = personalDataProblem(user) === null;
  const step: 1 | 2 = params.get('paso') === CARD_STEP && dataOk ? 2 : 1;
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  // Asked for on step 1 already, so step 2 opens with its title and its choices.
  const payTitle = paymentStepTitle(usePaymentMethods().data);

  useEffect(() => {
    // Moving between steps moves the focus to the new step's title (not on the first paint).
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  const settled = cart.catalogLoaded || cart.catalogFailed;
  const nothingToBuy = settled && cart.sellable.length === 0;

  return (
    <div className="space-y-6">
      <CheckoutSteps current={step} paymentLabel={payTitle} />
      <h2
        ref={heading}
        tabIndex={-1}
        className="font-display text-2xl font-semibold text-brand-800 focus:outline-none"
      >
        {step === 1 ? 'Datos personales' : payTitle}
      </h2>
      {!settled ? (
        <PageLoader />
      ) : nothingToBuy ? (
        <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
          <p className="font-semibold text-ink">Ninguno de los productos de tu carrito está a la venta.</p>
          <p className="mt-1 text-muted">Revisa tu carrito para continuar.</p>
          <LinkButton to="/mi-carrito" className="mt-5">
            <ShoppingCart aria-hidden className="size-4" /> Ir a mi carrito
          </LinkButton>
        </div>
      ) : step === 1 ? (
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
          <PersonalDataStep
            user={user}
            onEdit={onEditProfile}
            canContinue={cart.sellable.length > 0}
            onContinue={() => setParams({ paso: CARD_STEP })}
          />
          <CartLinesSummary
            title="Tu carrito"
            lines={cart.lines
              .filter((line) => line.forSale)
              .map(({ forSale: _, ...line }) => ({ ...line, unitPriceCents: line.priceCents }))}
            totalCredits={cart.totalCredits}
            totalCents={cart.totalCents}
          >
            {cart.unavailable.length > 0 && (
              <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">
                {cart.unavailable.map((item) => item.name).join(', ')}{' '}
                {cart.unavailable.length === 1 ? 'ya no está' : 'ya no están'} a la venta y no se{' '}
                {cart.unavailable.length === 1 ? 'incluye' : 'incluyen'} en esta compra.
              </p>
            )}
          </CartLinesSummary>
        </div>
      ) : (
        <PaymentStep items={cart.sellable} user={user} onBack={() => setParams({})} />
      )}
    </div>
  );
}
