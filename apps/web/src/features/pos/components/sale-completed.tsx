import { creditsGranted, formatCredits } from '@sala/shared/format/credits';
import { formatMoney } from '@sala/shared/format/money';
import { formatFolio } from '@sala/shared/orders/folio';
import type { TPosOrderResponse } from '@sala/shared/pos/pos.contract';
import { posMessages } from '@sala/shared/pos/pos.messages';
import { CheckCircle2, Mail, Printer, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { IconButton } from '../../../components/ui/icon-button';
import { Button, LinkButton } from '../../../components/ui/link-button';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useEmailPromise } from '../../../lib/site-config';
import { useSendTicket } from '../api/pos-orders-api';

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
        {/* The folio on its ticket (issue 39): what the client quotes later. */}
        <p>
          Folio <strong className="tabular-nums">{formatFolio(order.folio)}</strong>
        </p>
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
          {order.client.id === null
            ? ''
            : order.creditsGranted > 0
              ? `${creditsGranted(order.creditsGranted)}; saldo del cliente: ${formatCredits(balance)}.`
              : `Saldo del cliente: ${formatCredits(balance)}.`}
        </p>
        {/* A client's receipt goes to the account's address by itself; a walk-in client may give one. */}
        {order.client.id === null && <SendTicketForm orderId={order.id} />}
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

function SendTicketForm({ orderId }: { orderId: string }) {
  const send = useSendTicket();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  // Where this server sends no e-mail, the ticket waits in Correos (issue 39).
  const ticketSent = useEmailPromise()(posMessages.ticketSent);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await send.mutateAsync({ orderId, email: email.trim() });
      setError(undefined);
      setSent(true);
      notify.success(ticketSent);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : undefined);
    }
  };
  if (sent) return <p className="font-medium">{ticketSent}</p>;
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2 pt-1">
      <TextField
        label="¿Le enviamos el ticket? (opcional)"
        type="email"
        autoComplete="off"
        placeholder="correo@ejemplo.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
        containerClassName="w-64"
      />
      <Button type="submit" size="sm" variant="secondary" loading={send.isPending}>
        <Mail aria-hidden className="size-4" /> Enviar
      </Button>
    </form>
  );
}
