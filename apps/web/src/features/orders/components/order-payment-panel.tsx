import { commonMessages } from '@sala/shared/errors/messages';
import { formatMoney } from '@sala/shared/format/money';
import type { TOrderTicket, TPaymentFunding } from '@sala/shared/orders/orders.contract';
import { orderMessages as m } from '@sala/shared/orders/orders.messages';
import { FlaskConical } from 'lucide-react';
import { Button } from '../../../components/ui/link-button';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { PaymentInstructions } from '../../../components/ui/payment-instructions';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { useSimulatePayment } from '../api/orders-api';

const titles: Partial<Record<TOrderTicket['method'], string>> = {
  oxxo: 'Pago en efectivo en OXXO',
  spei: 'Transferencia SPEI',
};

/** Design §9: what the gateway reported about a SPEI transfer's money, never guessed. */
function FundingNote({ funding }: { funding: TPaymentFunding }) {
  return (
    <div className="space-y-1 rounded-lg bg-sand-50 px-4 py-3 text-sm ring-1 ring-slate-200">
      <p data-testid="order-funding" className="font-medium text-ink">
        Recibido {formatMoney(funding.receivedCents)} · Falta {formatMoney(funding.remainingCents)}
      </p>
      {funding.customerBalanceCents !== null && funding.customerBalanceCents > 0 && (
        <p data-testid="order-customer-balance" className="text-muted">
          Saldo a favor del cliente en Stripe: {formatMoney(funding.customerBalanceCents)} (Stripe lo
          conserva; se aplica o se devuelve desde Stripe)
        </p>
      )}
    </div>
  );
}

/**
 * Beside the ticket, for the staff (issue 24): an OXXO or SPEI order's voucher or transfer data while it waits (or
 * after it expired), what arrived of a SPEI transfer, and in test mode 'Simular pago' for the super admin.
 */
export function OrderPaymentPanel({ order, canManage }: { order: TOrderTicket; canManage: boolean }) {
  const simulate = useSimulatePayment();
  const unpaid = order.status === 'pending' || order.status === 'expired';
  const instructions = unpaid ? order.instructions : null;
  const funding = order.method === 'spei' ? order.funding : null;
  const canSimulate = canManage && order.canSimulatePayment;
  if (!instructions && !funding && !canSimulate) return null;

  return (
    <section
      aria-labelledby="pago-de-la-orden"
      className="mx-auto max-w-3xl space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 print:hidden"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="pago-de-la-orden" className="font-display text-xl font-semibold text-brand-800">
          {titles[order.method] ?? 'Pago en línea'}
        </h2>
        <OrderStatusBadge status={order.status} />
      </div>
      {instructions && (
        <PaymentInstructions
          instructions={instructions}
          amountCents={order.totalCents}
          viewer="staff"
          expired={order.status === 'expired'}
        />
      )}
      {funding && <FundingNote funding={funding} />}
      {canSimulate && (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
          <p className="flex items-start gap-2 text-sm text-muted">
            <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0" />
            Modo de pruebas: confirma el pago como lo haría la pasarela; la orden se completa y se agregan los
            créditos.
          </p>
          <Button
            variant="secondary"
            loading={simulate.isPending}
            onClick={async () => {
              const done = await reportFailure(
                () => simulate.mutateAsync(order.id),
                commonMessages.genericError,
              ).catch(() => null);
              if (done) notify.success(m.paymentSimulated);
            }}
          >
            Simular pago
          </Button>
        </div>
      )}
    </section>
  );
}
