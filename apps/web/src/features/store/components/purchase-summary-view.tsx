import { formatCredits } from '@sala/shared/format/credits';
import { formatDateTime } from '@sala/shared/format/date-time';
import { formatFolio } from '@sala/shared/orders/folio';
import { orderStatusLabels } from '@sala/shared/orders/orders.messages';
import { storeMessages } from '@sala/shared/store/store.messages';
import { CalendarPlus, CheckCircle2, Clock, Printer, ReceiptText, UserRound } from 'lucide-react';
import { Button, LinkButton } from '../../../components/ui/link-button';
import { PaymentInstructions, paymentInstructionsTitles } from '../../../components/ui/payment-instructions';
import { Badge } from '../../../components/ui/status-badge';
import { useEmailPromise } from '../../../lib/site-config';
import type { PaidSummary, PendingSummary, PurchaseSummary } from '../purchase-summary';
import { CartLinesSummary } from './checkout/cart-lines-summary';

/** The hero's title over /resumen: thanks for a paid purchase, 'almost' while the money is on its way. */
export const summaryHeroTitle = (summary: PurchaseSummary) =>
  summary.status === 'pending' ? '¡Ya casi!' : '¡Gracias por tu compra!';

/**
 * /resumen (docs/business-rules.md §2): what was bought, the credits it gave, the total paid and the new balance; for
 * an OXXO or SPEI purchase (issue 24), how to pay it, the credits it will give and the total to pay. Leaving it, by
 * its buttons or any other way, forgets the summary (forgetSummaryAwayFromIt), so /comprar and /pago work again.
 */
export function PurchaseSummaryView({ summary }: { summary: PurchaseSummary }) {
  return summary.status === 'pending' ? (
    <PendingSummaryView summary={summary} />
  ) : (
    <PaidSummaryView summary={summary} />
  );
}

type ViewProps<T> = { summary: T };

const lines = (summary: PurchaseSummary) =>
  summary.items.map((item) => ({ ...item, unitPriceCents: item.priceCents }));

function PaidSummaryView({ summary }: ViewProps<PaidSummary>) {
  return (
    <div className="space-y-6">
      <div className="flex items-start gap-3 rounded-2xl bg-emerald-50 p-5 text-emerald-950 ring-1 ring-emerald-200 sm:p-6">
        <CheckCircle2 aria-hidden className="mt-0.5 size-6 shrink-0 text-emerald-700" />
        <div>
          <h2 id="resumen-titulo" className="font-display text-2xl font-semibold">
            Resumen de compra
          </h2>
          <p className="mt-1">Tu pago se completó y tus créditos ya están en tu cuenta.</p>
          <p className="mt-1 text-sm text-emerald-900">
            {formatDateTime(summary.paidAt)}
            {summary.folio !== undefined && ` · Folio: ${formatFolio(summary.folio)}`}
          </p>
        </div>
      </div>
      <div className="grid gap-6 md:grid-cols-[1fr_18rem] md:items-start">
        <CartLinesSummary
          title="Productos"
          headingLevel="h3"
          lines={lines(summary)}
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
            <LinkButton to="/reserva" size="lg">
              <CalendarPlus aria-hidden className="size-4" /> Reservar una sesión
            </LinkButton>
            <LinkButton to="/perfil" size="lg" theme="black">
              <UserRound aria-hidden className="size-4" /> Ir a mi perfil
            </LinkButton>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * Issue 24: amber, not green: nothing is paid yet. The voucher or the transfer's data come first; on paper, only
 * they (decision 023: an OXXO voucher is printed with its barcode for the cashier).
 */
function PendingSummaryView({ summary }: ViewProps<PendingSummary>) {
  const said = useEmailPromise();
  return (
    <div className="space-y-6">
      <div className="rounded-2xl bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-200 sm:p-6">
        <div className="flex items-start gap-3">
          <Clock aria-hidden className="mt-1 size-6 shrink-0 text-amber-700" />
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h2 id="resumen-titulo" className="font-display text-2xl font-semibold">
                {paymentInstructionsTitles[summary.instructions.kind]}
              </h2>
              <Badge tone="warning" state="pending">
                {orderStatusLabels.pending}
              </Badge>
            </div>
            <p>
              Tus créditos se agregarán a tu cuenta cuando se confirme el pago.{' '}
              {said(storeMessages.voucherEmailed)}
            </p>
            {summary.folio !== undefined && (
              <p className="text-sm text-amber-900">Folio: {formatFolio(summary.folio)}</p>
            )}
          </div>
        </div>
        <PaymentInstructions
          instructions={summary.instructions}
          amountCents={summary.totalCents}
          className="mt-5 rounded-xl bg-white p-4 ring-1 ring-amber-200 sm:p-5"
        />
      </div>
      <div className="grid gap-6 md:grid-cols-[1fr_18rem] md:items-start print:hidden">
        <CartLinesSummary
          title="Productos"
          headingLevel="h3"
          lines={lines(summary)}
          totalCredits={summary.totalCredits}
          totalCents={summary.totalCents}
          creditsLabel="Créditos al confirmar el pago"
          totalLabel="Total a pagar"
        />
        <div className="flex flex-col gap-3">
          {summary.instructions.kind === 'oxxo' && (
            <Button variant="secondary" size="lg" onClick={() => window.print()}>
              <Printer aria-hidden className="size-4" /> Imprimir ficha
            </Button>
          )}
          <LinkButton to="/perfil/mis-pedidos" size="lg">
            <ReceiptText aria-hidden className="size-4" /> Ver mis pedidos
          </LinkButton>
          <LinkButton to="/perfil" size="lg" theme="black">
            <UserRound aria-hidden className="size-4" /> Ir a mi perfil
          </LinkButton>
        </div>
      </div>
    </div>
  );
}
