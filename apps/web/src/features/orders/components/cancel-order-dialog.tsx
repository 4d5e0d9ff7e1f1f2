import { commonMessages } from '@sala/shared/errors/messages';
import { formatCredits } from '@sala/shared/format/credits';
import { formatMoney } from '@sala/shared/format/money';
import { formatFolio } from '@sala/shared/orders/folio';
import type { TCancelOrderResponse, TOrderRow } from '@sala/shared/orders/orders.contract';
import { orderMessages as m } from '@sala/shared/orders/orders.messages';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { useCancelOrder } from '../api/orders-api';

/** What happened to the credits and the money, after the spec's toast. */
export function cancellationDetails(response: TCancelOrderResponse): string | null {
  const parts: string[] = [];
  const taken = response.creditsTakenBack;
  const notTaken = response.creditsNotTakenBack;
  if (taken > 0)
    parts.push(`Se ${taken === 1 ? 'descontó' : 'descontaron'} ${formatCredits(taken)} al cliente.`);
  if (notTaken > 0)
    parts.push(
      `No se ${notTaken === 1 ? 'descontó' : 'descontaron'} ${formatCredits(notTaken)}: el cliente ya ${notTaken === 1 ? 'lo' : 'los'} había usado.`,
    );
  if (response.refunded) parts.push('El pago con tarjeta se reembolsó.');
  return parts.length > 0 ? parts.join(' ') : null;
}

/** The dialog's toasts: a new try's answer replaces the last one instead of piling up (issue 39). */
const TOAST_ID = 'cancel-order';

/**
 * docs/business-rules.md §4–§5: an order is cancelled only after 'cancelar orden' is typed. A pending OXXO or SPEI
 * order (issue 24) gave no credits: cancelling it cancels the voucher or the transfer at the gateway.
 */
export function CancelOrderDialog({
  order,
  onClose,
}: {
  order: Pick<TOrderRow, 'id' | 'folio' | 'clientName' | 'totalCents' | 'status'>;
  onClose: () => void;
}) {
  const cancel = useCancelOrder();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Cancelar orden"
      description={
        order.status === 'pending' ? (
          <>
            Orden {formatFolio(order.folio)} de <strong className="text-ink">{order.clientName}</strong> por{' '}
            {formatMoney(order.totalCents)}. La orden está pendiente de pago: se cancela la ficha o la
            transferencia y no hay créditos que descontar. Escribe{' '}
            <strong className="text-ink">{m.cancelPhrase}</strong> para confirmar.
          </>
        ) : (
          <>
            La orden {formatFolio(order.folio)} de <strong className="text-ink">{order.clientName}</strong>{' '}
            por {formatMoney(order.totalCents)} quedará cancelada y saldrá del corte; los créditos que otorgó
            se descuentan al cliente. Escribe <strong className="text-ink">{m.cancelPhrase}</strong> para
            confirmar.
          </>
        )
      }
      confirmLabel="Cancelar orden"
      cancelLabel="Volver"
      tone="danger"
      onConfirm={async () => {
        if (typed.trim() !== m.cancelPhrase) {
          setError(m.phraseMismatch);
          notify.error(m.phraseMismatch, { id: TOAST_ID });
          throw new Error(m.phraseMismatch);
        }
        const response = await reportFailure(
          () => cancel.mutateAsync({ id: order.id, body: { confirmation: typed } }),
          commonMessages.genericError,
          TOAST_ID,
        );
        notify.success(m.cancelled, { id: TOAST_ID });
        const details = cancellationDetails(response);
        if (details) (response.creditsNotTakenBack > 0 ? notify.warning : notify.neutral)(details);
      }}
    >
      <TextField
        label="Texto de confirmación"
        autoComplete="off"
        placeholder={m.cancelPhrase}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
    </ConfirmDialog>
  );
}
