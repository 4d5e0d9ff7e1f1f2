import { formatCredits } from '@sala/shared/format/credits';
import { formatDateTime } from '@sala/shared/format/date-time';
import { formatMoney } from '@sala/shared/format/money';
import { formatFolio } from '@sala/shared/orders/folio';
import { businessDate } from '@sala/shared/time/business-time';
import { ledgerReasonLabels, type TLedgerEntry } from '@sala/shared/users/client-account.contract';
import type { TMyOrder, TMySession } from '@sala/shared/users/profile.contract';
import { type FormEvent, useState } from 'react';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/ui/data-table';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { Badge } from '../../../components/ui/status-badge';
import { TextField } from '../../../components/ui/text-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { AppLink } from '../../../lib/navigation';
import {
  useAdjustCredits,
  useClientLedger,
  useClientOrders,
  useClientSessions,
} from '../api/client-account-api';
import { ClientCreditLots } from './client-credit-lots';

const signed = (delta: number) => (delta > 0 ? `+${delta}` : String(delta));

const ledgerColumns: DataTableColumn<TLedgerEntry>[] = [
  { id: 'createdAt', header: 'Fecha', cell: ({ row }) => formatDateTime(row.original.createdAt) },
  {
    id: 'reason',
    header: 'Movimiento',
    enableSorting: false,
    cell: ({ row }) => (
      <span>
        {ledgerReasonLabels[row.original.reason]}
        {row.original.note && <span className="block text-xs text-muted">{row.original.note}</span>}
      </span>
    ),
  },
  {
    id: 'delta',
    header: 'Créditos',
    enableSorting: false,
    cell: ({ row }) => (
      <span
        className={row.original.delta < 0 ? 'font-semibold text-red-700' : 'font-semibold text-emerald-700'}
      >
        {signed(row.original.delta)}
      </span>
    ),
  },
  {
    id: 'balanceAfter',
    header: 'Saldo después',
    enableSorting: false,
    cell: ({ row }) => row.original.balanceAfter,
  },
  {
    id: 'actorName',
    header: 'Quién',
    enableSorting: false,
    cell: ({ row }) => row.original.actorName ?? 'Sistema',
  },
  {
    id: 'reference',
    header: 'De',
    enableSorting: false,
    cell: ({ row }) => {
      const ref = row.original.reference;
      if (!ref) return '—';
      return ref.kind === 'order' ? (
        <AppLink
          to={`/admin/ordenes/${ref.id}/ticket`}
          className="font-medium text-brand-700 hover:underline"
        >
          Orden
        </AppLink>
      ) : (
        <span>Sesión</span>
      );
    },
  },
];

const sessionState = (s: TMySession) =>
  s.cancelledAt
    ? 'Cancelada'
    : s.timing === 'past'
      ? 'Pasada'
      : s.timing === 'almost'
        ? 'En menos de 24 h'
        : 'Próxima';

const sessionColumns: DataTableColumn<TMySession>[] = [
  { id: 'startsAt', header: 'Fecha y hora', cell: ({ row }) => formatDateTime(row.original.startsAt) },
  {
    id: 'place',
    header: 'Lugar',
    enableSorting: false,
    cell: ({ row }) => `${row.original.branchName} · ${row.original.roomName}`,
  },
  { id: 'credits', header: 'Créditos', enableSorting: false, cell: ({ row }) => row.original.creditsCharged },
  {
    id: 'state',
    header: 'Estado',
    enableSorting: false,
    cell: ({ row }) => (
      <Badge
        tone={row.original.cancelledAt ? 'danger' : row.original.timing === 'past' ? 'neutral' : 'success'}
      >
        {sessionState(row.original)}
        {row.original.seriesId ? ' · reserva fija' : ''}
      </Badge>
    ),
  },
];

const orderColumns: DataTableColumn<TMyOrder>[] = [
  {
    id: 'folio',
    header: 'Folio',
    enableSorting: false,
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">{formatFolio(row.original.folio)}</span>
    ),
  },
  { id: 'createdAt', header: 'Fecha', cell: ({ row }) => formatDateTime(row.original.createdAt) },
  {
    id: 'products',
    header: 'Productos',
    enableSorting: false,
    cell: ({ row }) => (
      <AppLink to={`/admin/ordenes/${row.original.id}/ticket`} className="text-brand-700 hover:underline">
        {row.original.products.join(', ')}
      </AppLink>
    ),
  },
  {
    id: 'where',
    header: 'Dónde',
    enableSorting: false,
    cell: ({ row }) => (row.original.isPos ? 'Recepción' : 'En línea'),
  },
  { id: 'credits', header: 'Créditos', enableSorting: false, cell: ({ row }) => row.original.creditsGranted },
  { id: 'totalCents', header: 'Total', cell: ({ row }) => formatMoney(row.original.totalCents) },
  {
    id: 'status',
    header: 'Estado',
    enableSorting: false,
    cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
  },
];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="font-display text-2xl font-semibold text-brand-800">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /admin/usuarios/:id (issue 22): the client's credit lots (issue 44; the super admin extends one), then its ledger,
 * sessions and orders, each a server-paged table.
 */
export function ClientAccount({ userId, canExtend = false }: { userId: string; canExtend?: boolean }) {
  const [ledgerState, setLedgerState] = useTableState({ sort: 'createdAt', dir: 'desc', pageSize: 10 });
  const [sessionState, setSessionState] = useTableState({ sort: 'startsAt', dir: 'desc', pageSize: 5 });
  const [orderState, setOrderState] = useTableState({ sort: 'createdAt', dir: 'desc', pageSize: 5 });
  const ledger = useClientLedger(userId, ledgerState);
  const sessions = useClientSessions(userId, sessionState);
  const orders = useClientOrders(userId, orderState);
  return (
    <div className="space-y-10">
      <Section id="cliente-paquetes" title="Paquetes de créditos">
        <ClientCreditLots userId={userId} canExtend={canExtend} />
      </Section>
      <Section id="cliente-movimientos" title="Movimientos de créditos">
        <DataTable
          caption="Movimientos de créditos"
          columns={ledgerColumns}
          data={ledger.data}
          isLoading={ledger.isFetching}
          state={ledgerState}
          onStateChange={setLedgerState}
          pageSizes={[10, 20, 50]}
          getRowId={(row) => row.id}
        />
      </Section>
      <Section id="cliente-sesiones" title="Sesiones">
        <DataTable
          caption="Sesiones del cliente"
          columns={sessionColumns}
          data={sessions.data}
          isLoading={sessions.isFetching}
          state={sessionState}
          onStateChange={setSessionState}
          pageSizes={[5, 10, 30]}
          getRowId={(row) => row.id}
        />
      </Section>
      <Section id="cliente-ordenes" title="Órdenes">
        <DataTable
          caption="Órdenes del cliente"
          columns={orderColumns}
          data={orders.data}
          isLoading={orders.isFetching}
          state={orderState}
          onStateChange={setOrderState}
          pageSizes={[5, 10, 30]}
          getRowId={(row) => row.id}
        />
      </Section>
    </div>
  );
}

type AdjustErrors = { delta?: string; reason?: string; expiresOn?: string };

/**
 * The super admin's adjustment of a client's balance, with the reason the ledger keeps. Credits added may carry a
 * last day (issue 44; empty: they never expire).
 */
export function AdjustCreditsDialog({
  userId,
  balance,
  onClose,
}: {
  userId: string;
  balance: number;
  onClose: () => void;
}) {
  const adjust = useAdjustCredits(userId);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [error, setError] = useState<AdjustErrors>({});
  const amount = Number(delta);
  const whole = /^[+-]?\d+$/.test(delta.trim());
  // Only credits added become a lot with a last day; a subtraction takes from the lots that expire first.
  const adding = whole && amount > 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!whole || amount === 0) {
      setError({ delta: 'Escribe cuántos créditos sumar (o restar, con signo menos).' });
      return;
    }
    if (!reason.trim()) {
      setError({ reason: 'Escribe el motivo del ajuste.' });
      return;
    }
    try {
      const done = await adjust.mutateAsync({
        delta: amount,
        reason: reason.trim(),
        ...(adding ? { expiresOn: expiresOn || null } : {}),
      });
      notify.success(`Saldo ajustado: ${formatCredits(done.balance)}.`);
      onClose();
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : undefined;
      // The API names the field it refuses (the last day, say); anything else reads beside the amount.
      const fields = failure instanceof ApiError ? (failure.fields ?? {}) : {};
      const named = (['delta', 'reason', 'expiresOn'] as const).filter((field) => fields[field]);
      setError(
        named.length > 0
          ? Object.fromEntries(named.map((field) => [field, fields[field]]))
          : { delta: message },
      );
      notify.error(message);
    }
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Ajustar créditos"
      description={`Saldo actual: ${formatCredits(balance)}.`}
    >
      {/* The API says what is wrong with the date, in Spanish, under it (not the browser's bubble). */}
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextField
          label="Créditos (+ para sumar, − para restar)"
          inputMode="numeric"
          value={delta}
          onChange={(event) => setDelta(event.target.value)}
          error={error.delta}
        />
        {adding && (
          <TextField
            label="Vence el"
            type="date"
            min={businessDate(new Date())}
            hint="Vacío: los créditos no vencen."
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.target.value)}
            error={error.expiresOn}
          />
        )}
        <TextAreaField
          label="Motivo"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error.reason}
          rows={2}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={adjust.isPending}>
            Ajustar
          </Button>
        </div>
      </form>
    </Modal>
  );
}
