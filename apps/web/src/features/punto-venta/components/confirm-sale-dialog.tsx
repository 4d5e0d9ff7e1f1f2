import { commonMessages } from '@sala/shared/errors/messages';
import { formatMoney } from '@sala/shared/format/money';
import type { TPosOrderResponse } from '@sala/shared/pos/pos.contract';
import { posMessages as m } from '@sala/shared/pos/pos.messages';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { useCreatePosOrder } from '../api/pos-orders-api';
import { type PosSale, paymentCents } from '../hooks/use-pos-sale';

type Props = {
  sale: PosSale;
  branchName: string;
  onClose: () => void;
  onCompleted: (response: TPosOrderResponse) => void;
};

/** The last look before the sale is saved; a failure keeps it open, and trying again sends the same sale. */
export function ConfirmSaleDialog({ sale, branchName, onClose, onCompleted }: Props) {
  const create = useCreatePosOrder();
  const { cashCents, cardCents, transferCents } = paymentCents(sale.payment);
  const change = sale.check?.ok ? sale.check.changeCents : 0;
  const rows = [
    { label: 'Efectivo', cents: cashCents },
    { label: 'Tarjeta', cents: cardCents },
    { label: 'Transferencia', cents: transferCents },
  ].filter((row) => row.cents > 0);

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Confirmar venta"
      description={
        <>
          Venta a <strong className="text-ink">{sale.client?.client.name}</strong> en {branchName}.
        </>
      }
      confirmLabel="Confirmar venta"
      onConfirm={async () => {
        if (sale.lines.length === 0) {
          notify.error(m.noProducts);
          throw new Error(m.noProducts);
        }
        const response = await reportFailure(
          () => create.mutateAsync(sale.request()),
          commonMessages.genericError,
        );
        notify.success(m.completed);
        onCompleted(response);
      }}
    >
      <dl className="space-y-1.5 rounded-lg bg-sand-50 px-4 py-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt>{sale.lines.reduce((sum, line) => sum + line.quantity, 0)} artículos · Total</dt>
          <dd className="font-bold tabular-nums">{formatMoney(sale.totalCents)}</dd>
        </div>
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4 text-muted">
            <dt>{row.label}</dt>
            <dd className="tabular-nums">{formatMoney(row.cents)}</dd>
          </div>
        ))}
        {cashCents > 0 && (
          <div className="flex justify-between gap-4 font-semibold">
            <dt>Cambio</dt>
            <dd className="tabular-nums">{formatMoney(change)}</dd>
          </div>
        )}
      </dl>
    </ConfirmDialog>
  );
}
