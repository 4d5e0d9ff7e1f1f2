import { formatMoney } from '@sala/shared/format/money';
import { Navigate } from 'react-router';
import { DetailList } from '../../components/ui/detail-list';
import { HeroBanner } from '../../components/ui/hero-banner';
import { PageLoader } from '../../components/ui/spinner';
import { useSession } from '../../features/auth/api/get-session';
import { checkoutRedirect } from '../../features/tienda/checkout-guard';
import { useCart } from '../../features/tienda/hooks/use-cart';
import { usePurchaseSummary } from '../../features/tienda/purchase-summary';

export default function CheckoutPage() {
  const { user, isLoading } = useSession();
  const cart = useCart();
  const summary = usePurchaseSummary();
  if (isLoading) return <PageLoader />;
  const redirect = checkoutRedirect({
    loggedIn: !!user,
    cartItemCount: cart.items.length,
    hasSummary: !!summary,
  });
  if (redirect || !user) return <Navigate to={redirect ?? '/comprar'} replace />;

  return (
    <>
      <title>Pago · Sala Común</title>
      <HeroBanner image="/images/carousel-3.svg" title="Pago" />
      <section className="mx-auto max-w-3xl px-4 py-12">
        <ol className="mb-6 flex gap-3 text-sm font-semibold" aria-label="Pasos del pago">
          <li className="rounded-full bg-brand-700 px-3 py-1 text-white" aria-current="step">
            1. Datos personales
          </li>
          <li className="rounded-full bg-slate-200 px-3 py-1 text-muted">2. Pago con tarjeta</li>
        </ol>
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="font-display text-2xl font-semibold text-brand-800">Datos personales</h2>
          <DetailList
            className="mt-4"
            items={[
              { label: 'Nombre', value: user.name },
              { label: 'Correo', value: user.email },
              { label: 'Teléfono', value: user.phone },
            ]}
          />
          <p className="mt-6 border-t border-slate-200 pt-4 text-lg">
            Total a pagar: <strong className="text-brand-800">{formatMoney(cart.totalCents)}</strong>
          </p>
          <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
            El pago con tarjeta en línea aún no está disponible. Puedes comprar tus créditos en recepción.
          </p>
        </div>
      </section>
    </>
  );
}
