import { formatCredits } from '@sala/shared/format/credits';
import { CalendarPlus, CheckCircle2, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { LinkButton } from '../../../components/ui/link-button';
import { formatDateTime } from '../../../lib/format-date';
import { type PurchaseSummary, savePurchaseSummary } from '../purchase-summary';
import { CartLinesSummary } from './checkout/cart-lines-summary';

/**
 * /resumen (docs/business-rules.md §2): what was bought, the credits it gave, the total paid and the new balance. Leaving through
 * its buttons forgets the summary, so /comprar and /pago work again.
 */
export function PurchaseSummaryView({ summary }: { summary: PurchaseSummary }) {
  const leaving = useRef(false);
  const leave = () => {
    leaving.current = true;
  };
  // Forgotten once the next page has taken over: clearing it earlier would send this page to /comprar first.
  useEffect(
    () => () => {
      if (leaving.current) savePurchaseSummary(null);
    },
    [],
  );

  return (
    <div className="space-y-6">
      <div className="flex items-start gap-3 rounded-2xl bg-emerald-50 p-5 text-emerald-950 ring-1 ring-emerald-200 sm:p-6">
        <CheckCircle2 aria-hidden className="mt-0.5 size-6 shrink-0 text-emerald-700" />
        <div>
          <h2 id="resumen-titulo" className="font-display text-2xl font-semibold">
            Resumen de compra
          </h2>
          <p className="mt-1">Tu pago se completó y tus créditos ya están en tu cuenta.</p>
          <p className="mt-1 text-sm break-all text-emerald-900">
            {formatDateTime(summary.paidAt)} · Folio: {summary.orderId}
          </p>
        </div>
      </div>
      <div className="grid gap-6 md:grid-cols-[1fr_18rem] md:items-start">
        <CartLinesSummary
          title="Productos"
          headingLevel="h3"
          lines={summary.items.map((item) => ({ ...item, unitPriceCents: item.priceCents }))}
          totalCredits={summary.totalCredits}
          totalCents={summary.totalCents}
          creditsLabel="Créditos agregados"
          totalLabel="Total pagado"
        />
        <div className="space-y-4">
          {summary.balance !== undefined && (
            <div className="rounded-2xl bg-brand-800 p-5 text-white shadow-sm sm:p-6">
              <p className="text-sm text-brand-100">Tu saldo ahora</p>
              <p className="mt-1 font-display text-3xl font-semibold" data-testid="summary-balance">
                {formatCredits(summary.balance)}
              </p>
              {summary.totalCredits > 0 && (
                <p className="mt-1 text-sm text-brand-100">
                  Incluye los {formatCredits(summary.totalCredits)} de esta compra.
                </p>
              )}
            </div>
          )}
          <div className="flex flex-col gap-3">
            <LinkButton to="/reserva" size="lg" onClick={leave}>
              <CalendarPlus aria-hidden className="size-4" /> Reservar una sesión
            </LinkButton>
            <LinkButton to="/perfil" size="lg" theme="black" onClick={leave}>
              <UserRound aria-hidden className="size-4" /> Ir a mi perfil
            </LinkButton>
          </div>
        </div>
      </div>
    </div>
  );
}
