import type { TDrawer } from '@sala/shared/cash-drawer/drawer.contract';
import { differenceLabels, drawerMessages as m } from '@sala/shared/cash-drawer/drawer.messages';
import { drawerDifference, MXN_DENOMINATIONS } from '@sala/shared/cash-drawer/drawer.rules';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { formatMoney } from '@sala/shared/format/money';
import { businessTime } from '@sala/shared/time/business-time';
import { ArrowLeft, Printer, RotateCcw } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { PageLoader } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { AppLink } from '../../../lib/navigation';
import { useDrawer, useReopenDrawer } from '../api/cash-drawer-api';

const when = (iso: string | null) => (iso ? businessTime(new Date(iso)) : '—');

function Row({
  label,
  cents,
  strong,
  out,
  testId,
}: {
  label: string;
  cents: number;
  strong?: boolean;
  /** Money that left the drawer: shown with a minus sign when there is some. */
  out?: boolean;
  testId?: string;
}) {
  return (
    <div className={strong ? 'flex justify-between gap-6 font-semibold' : 'flex justify-between gap-6'}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {out && cents > 0 ? `−${formatMoney(cents)}` : formatMoney(cents)}
      </dd>
    </div>
  );
}

/**
 * /admin/caja/:id — a drawer's closing report (Z), ready to print: float, sales by method, expenses, expected,
 * counted and the difference, with who opened and who closed it; the super admin may reopen a closed drawer.
 */
export function DrawerReport({ id, canReopen }: { id: string; canReopen: boolean }) {
  const drawer = useDrawer(id);
  const [reopening, setReopening] = useState(false);
  if (drawer.isPending) return <PageLoader />;
  if (!drawer.data) return <p className="text-sm text-muted">{m.notFound}</p>;
  const d: TDrawer = drawer.data;
  const difference = d.countedCents === null ? null : drawerDifference(d.countedCents, d.expectedCents);
  const counted = MXN_DENOMINATIONS.filter((value) => (d.countDetail?.[String(value)] ?? 0) > 0);

  return (
    <div className="space-y-6 print:space-y-2">
      <style>
        {'@media print { @page { size: 80mm auto; margin: 4mm; } html, body { background: #fff; } }'}
      </style>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div className="space-y-1">
          <AppLink
            to="/admin/punto-venta"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" /> Punto de venta
          </AppLink>
          <h1 className="font-display text-3xl font-semibold text-brand-800">Reporte de cierre de caja</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          {canReopen && d.status === 'closed' && (
            <Button variant="secondary" onClick={() => setReopening(true)}>
              <RotateCcw aria-hidden className="size-4" /> Reabrir caja
            </Button>
          )}
          <Button onClick={() => window.print()}>
            <Printer aria-hidden className="size-4" /> Imprimir
          </Button>
        </div>
      </div>
      <article
        aria-label="Reporte Z"
        className="mx-auto max-w-sm space-y-3 rounded-xl bg-white p-5 text-sm shadow-sm ring-1 ring-slate-200 print:max-w-none print:p-0 print:shadow-none print:ring-0"
        data-testid="drawer-report"
      >
        <header className="text-center">
          <p className="font-semibold">Sala Común · {d.branchName}</p>
          <p>Corte Z · {formatCalendarDate(d.date)}</p>
          <p className="text-xs text-muted">
            {d.status === 'closed' ? 'Caja cerrada' : 'Caja abierta (sin cerrar)'}
          </p>
        </header>
        <dl className="space-y-1 border-t border-dashed border-slate-300 pt-2">
          <div className="flex justify-between gap-6">
            <dt>Abrió</dt>
            <dd>
              {d.openedByName} · {when(d.openedAt)}
            </dd>
          </div>
          <div className="flex justify-between gap-6">
            <dt>Cerró</dt>
            <dd>{d.closedByName ? `${d.closedByName} · ${when(d.closedAt)}` : '—'}</dd>
          </div>
          {d.reopenings > 0 && (
            <div className="flex justify-between gap-6">
              <dt>Reaperturas</dt>
              <dd>{d.reopenings}</dd>
            </div>
          )}
        </dl>
        <dl className="space-y-1 border-t border-dashed border-slate-300 pt-2">
          <Row label="Fondo inicial" cents={d.openingFloatCents} />
          <Row label={`Efectivo recibido (${d.sales.orders} ventas)`} cents={d.sales.cashReceivedCents} />
          <Row label="Cambio entregado" cents={d.sales.changeCents} out />
          <Row label="Gastos pagados de la caja" cents={d.cashExpensesCents} out />
          <Row label="Efectivo esperado" cents={d.expectedCents} strong testId="report-expected" />
          {d.countedCents !== null && (
            <Row label="Efectivo contado" cents={d.countedCents} strong testId="report-counted" />
          )}
          {difference && (
            <Row
              label={differenceLabels[difference.kind]}
              cents={Math.abs(difference.cents)}
              strong
              testId="report-difference"
            />
          )}
        </dl>
        <dl className="space-y-1 border-t border-dashed border-slate-300 pt-2">
          <Row label="Tarjeta (terminal)" cents={d.sales.cardCents} />
          <Row label="Transferencia" cents={d.sales.transferCents} />
        </dl>
        {counted.length > 0 && (
          <table className="w-full border-t border-dashed border-slate-300 text-xs">
            <caption className="pt-2 text-left font-semibold">Conteo</caption>
            <tbody>
              {counted.map((value) => (
                <tr key={value}>
                  <td>{formatMoney(value)}</td>
                  <td className="text-right tabular-nums">× {d.countDetail?.[String(value)]}</td>
                  <td className="text-right tabular-nums">
                    {formatMoney(value * (d.countDetail?.[String(value)] ?? 0))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {d.note && <p className="border-t border-dashed border-slate-300 pt-2">Nota: {d.note}</p>}
      </article>
      {reopening && <ReopenDialog id={d.id} onClose={() => setReopening(false)} />}
    </div>
  );
}

function ReopenDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const reopen = useReopenDrawer();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(m.reasonRequired);
      return;
    }
    try {
      await reopen.mutateAsync({ id, reason: reason.trim() });
      notify.success(m.reopened);
      onClose();
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : m.reasonRequired;
      setError(message);
      notify.error(message);
    }
  };
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Reabrir caja">
      <form onSubmit={(event) => void submit(event)} className="space-y-4">
        <TextAreaField
          label="¿Por qué se reabre?"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error}
          rows={2}
        />
        <p className="text-xs text-muted">
          Queda en la auditoría. Al reabrirla recibe ventas otra vez y se cuenta de nuevo.
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={reopen.isPending}>
            Reabrir caja
          </Button>
        </div>
      </form>
    </Modal>
  );
}
