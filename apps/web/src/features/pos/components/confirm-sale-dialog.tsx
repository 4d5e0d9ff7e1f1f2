import { drawerMessages } from '@sala/shared/cash-drawer/drawer.messages';
import { commonMessages } from '@sala/shared/errors/messages';
import { formatMoney } from '@sala/shared/format/money';
import type { TPosOrderResponse } from '@sala/shared/pos/pos.contract';
import { posMessages as m } from '@sala/shared/pos/pos.messages';
import { WALK_IN_NAME } from '@sala/shared/pos/pos.rules';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { useBranchDrawer } from '../api/cash-drawer-api';
import { useCreatePosOrder } from '../api/pos-orders-api';
import { type PosSale, paymentCents, pesosFieldToCents } from '../hooks/use-pos-sale';

type Props = {
  sale: PosSale;
  branchName: string;
  onClose: () => void;
  onCompleted: (response: TPosOrderResponse) => void;
};

/** The last look before the sale is saved; a failure keeps it open, and trying again sends the same sale. */
export function ConfirmSaleDialog({ sale, branchName, onClose, onCompleted }: Props) {
  const create = useCreatePosOrder();
  // The first sale of the branch's day opens its drawer: it asks for the float (issue 22).
  const drawer = useBranchDrawer(sale.branchId);
  const needsFloat = drawer.data?.drawer === null;
  const closed = drawer.data?.drawer?.status === 'closed';
  const [float, setFloat] = useState('');
  const [floatError, setFloatError] = useState<string | undefined>();
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
          Venta a{' '}
          <strong className="text-ink">{sale.walkIn ? WALK_IN_NAME : sale.client?.client.name}</strong> en{' '}
          {branchName}.
        </>
      }
      confirmLabel="Confirmar venta"
      confirmDisabled={closed || drawer.isPending}
      onConfirm={async () => {
        if (sale.lines.length === 0) {
          notify.error(m.noProducts);
          throw new Error(m.noProducts);
        }
        const floatCents = pesosFieldToCents(float);
        if (needsFloat && (float.trim() === '' || !Number.isInteger(floatCents) || floatCents < 0)) {
          setFloatError(drawerMessages.invalidFloat);
          throw new Error(drawerMessages.invalidFloat);
        }
        const request = sale.request();
        const response = await reportFailure(
          () => create.mutateAsync(needsFloat ? { ...request, openingFloatCents: floatCents } : request),
          commonMessages.genericError,
        );
        notify.success(m.completed);
        onCompleted(response);
      }}
    >
      {closed && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {drawerMessages.closed}
        </p>
      )}
      {needsFloat && (
        <div className="mb-3 space-y-2 rounded-lg bg-amber-50 px-4 py-3 text-sm ring-1 ring-amber-200">
          <p>Es la primera venta de hoy en {branchName}: la caja se abre con ella.</p>
          <TextField
            label="Fondo inicial de la caja (pesos)"
            inputMode="decimal"
            value={float}
            onChange={(event) => setFloat(event.target.value)}
            error={floatError}
            containerClassName="max-w-xs"
          />
        </div>
      )}
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
