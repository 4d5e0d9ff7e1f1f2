import { creditsGranted, formatCredits } from '@sala/shared/format/credits';
import { formatMoney } from '@sala/shared/format/money';
import type { TPosOrderResponse } from '@sala/shared/pos/pos.contract';
import { CheckCircle2, Printer, X } from 'lucide-react';
import { IconButton } from '../../../components/ui/icon-button';
import { LinkButton } from '../../../components/ui/link-button';

/** The sale just saved: its total, the change to hand back, the credits granted and its ticket. */
export function SaleCompleted({ sale, onDismiss }: { sale: TPosOrderResponse; onDismiss: () => void }) {
  const { order, balance } = sale;
  return (
    <section
      aria-labelledby="pos-venta-registrada"
      className="flex flex-wrap items-center gap-4 rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-200 sm:p-5"
    >
      <CheckCircle2 aria-hidden className="hidden size-8 shrink-0 text-emerald-700 sm:block" />
      <div className="min-w-0 flex-1 space-y-1 text-sm text-emerald-950">
        <h2 id="pos-venta-registrada" className="text-base font-semibold">
          Venta registrada: {order.client.name}, {formatMoney(order.totalCents)}
        </h2>
        <p>
          {order.changeCents > 0 ? (
            <>
              Cambio a entregar:{' '}
              <strong data-testid="completed-change" className="tabular-nums">
                {formatMoney(order.changeCents)}
              </strong>
              .{' '}
            </>
          ) : null}
          {order.creditsGranted > 0
            ? `${creditsGranted(order.creditsGranted)}; saldo del cliente: ${formatCredits(balance)}.`
            : `Saldo del cliente: ${formatCredits(balance)}.`}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <LinkButton to={`/admin/ordenes/${order.id}/ticket`}>
          <Printer aria-hidden className="size-4" /> Ver e imprimir ticket
        </LinkButton>
        <IconButton icon={X} label="Cerrar aviso de venta" onClick={onDismiss} className="text-emerald-900" />
      </div>
    </section>
  );
}
