import { formatCredits } from '@sala/shared/format/credits';
import { formatMoney } from '@sala/shared/format/money';
import { Navigate } from 'react-router';
import { HeroBanner } from '../../components/ui/hero-banner';
import { LinkButton } from '../../components/ui/link-button';
import { usePurchaseSummary } from '../../features/tienda/purchase-summary';

export default function PurchaseSummaryPage() {
  const summary = usePurchaseSummary();
  if (!summary) return <Navigate to="/comprar" replace />;
  return (
    <>
      <title>Resumen de compra · Sala Común</title>
      <HeroBanner image="/images/hero.svg" title="¡Gracias por tu compra!" />
      <section aria-labelledby="resumen-titulo" className="mx-auto max-w-3xl px-4 py-12">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="resumen-titulo" className="font-display text-2xl font-semibold text-brand-800">
            Resumen de compra
          </h2>
          <ul className="mt-4 divide-y divide-slate-200">
            {summary.items.map((item) => (
              <li key={item.id} className="flex justify-between py-3">
                <span>
                  {item.name} × {item.quantity}
                </span>
                <span className="font-semibold">{formatMoney(item.priceCents * item.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-2 border-t border-slate-200 pt-4">
            <div className="flex justify-between">
              <dt className="text-muted">Créditos agregados</dt>
              <dd className="font-semibold">{formatCredits(summary.totalCredits)}</dd>
            </div>
            <div className="flex justify-between text-lg">
              <dt className="font-semibold">Total pagado</dt>
              <dd className="font-bold text-brand-800">{formatMoney(summary.totalCents)}</dd>
            </div>
          </dl>
          <div className="mt-8 flex flex-wrap gap-3">
            <LinkButton to="/reserva">Reservar una sesión</LinkButton>
            <LinkButton to="/perfil" theme="black">
              Ir a mi perfil
            </LinkButton>
          </div>
        </div>
      </section>
    </>
  );
}
