import { commonMessages } from '@sala/shared/errors/messages';
import { formatDateTime } from '@sala/shared/format/date-time';
import { formatMoney } from '@sala/shared/format/money';
import type { TGlobalInvoice } from '@sala/shared/invoicing/invoicing.contract';
import {
  cancelStateLabels,
  invoiceStatusLabels,
  invoicingMessages as m,
} from '@sala/shared/invoicing/invoicing.messages';
import { formatFolio } from '@sala/shared/orders/folio';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { PageLoader } from '../../../components/ui/spinner';
import { saveCallbacks } from '../../../lib/form-errors';
import { invoiceFileUrl, useGlobalInvoices, useGlobalSales, useIssueGlobal } from '../api/invoicing-api';

const linkClass =
  'inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline';

function GlobalSalesDialog({ global, onClose }: { global: TGlobalInvoice; onClose: () => void }) {
  const sales = useGlobalSales(global.id);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Ventas de la factura ${global.series}-${global.folioNumber}`}
      description={`Factura global de ${global.period.label}: un concepto «Venta» por cada una.`}
      size="lg"
    >
      {sales.isPending ? (
        <PageLoader />
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Ventas de la factura global</caption>
          <thead>
            <tr className="text-left text-muted">
              <th className="py-1 font-medium">Folio</th>
              <th className="py-1 font-medium">Pagada</th>
              <th className="py-1 text-right font-medium">Total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {(sales.data?.sales ?? []).map((sale) => (
              <tr key={sale.id}>
                <td className="py-1.5 tabular-nums">{formatFolio(sale.folio)}</td>
                <td className="py-1.5">{formatDateTime(sale.paidAt)}</td>
                <td className="py-1.5 text-right tabular-nums">{formatMoney(sale.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}

/**
 * The global invoices to the general public (issue 42, point 5): each one with its period, its state, its sales and
 * its files; the latest closed period without one can be issued by hand.
 */
export function GlobalInvoices() {
  const globals = useGlobalInvoices();
  const issue = useIssueGlobal();
  const [showing, setShowing] = useState<TGlobalInvoice | null>(null);
  if (globals.isPending) return <PageLoader />;
  if (!globals.data || globals.data.mode === 'off') return null;
  const { missing } = globals.data;
  return (
    <section aria-labelledby="facturas-globales" className="space-y-4">
      <div>
        <h2 id="facturas-globales" className="font-display text-2xl font-semibold text-brand-800">
          Facturas globales
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          Cada periodo, las ventas que nadie facturó van en una factura al público en general (RFC
          XAXX010101000), que se emite sola en las 24 horas siguientes al cierre del periodo.
        </p>
      </div>
      {missing && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200">
          <p className="text-sm text-amber-900">
            El periodo <strong>{missing.label}</strong> no tiene factura global:{' '}
            {missing.sales === 1 ? '1 venta sin factura' : `${missing.sales} ventas sin factura`}.
          </p>
          {missing.sales > 0 && (
            <Button
              variant="secondary"
              loading={issue.isPending}
              onClick={() =>
                issue.mutate(
                  missing.start,
                  saveCallbacks({
                    success: m.globalIssued,
                    fallback: commonMessages.genericError,
                    onDone: () => {},
                  }),
                )
              }
            >
              Emitir factura global
            </Button>
          )}
        </div>
      )}
      {globals.data.globals.length === 0 ? (
        <p className="text-sm text-muted">Todavía no hay facturas globales.</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {globals.data.globals.map((global) => (
            <li
              key={global.id}
              data-testid="global-invoice"
              className="space-y-2 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-display text-lg font-semibold text-brand-800 first-letter:uppercase">
                  {global.period.label}
                </p>
                <p className="tabular-nums font-semibold">{formatMoney(global.totalCents)}</p>
              </div>
              <p className="text-slate-700">
                {global.series}-{global.folioNumber} · {invoiceStatusLabels[global.status]} ·{' '}
                {global.sales === 1 ? '1 venta' : `${global.sales} ventas`}
              </p>
              {global.uuid && <p className="break-all text-muted">Folio fiscal: {global.uuid}</p>}
              {global.cancellation && (
                <p className="text-amber-900">{cancelStateLabels[global.cancellation.state]}</p>
              )}
              {global.error && (
                <p className="text-red-700">
                  {m.pacRefused}: {global.error.message}
                </p>
              )}
              <div className="flex flex-wrap gap-4">
                <button type="button" className={linkClass} onClick={() => setShowing(global)}>
                  Ver ventas
                </button>
                {global.status === 'valid' && (
                  <>
                    <a href={invoiceFileUrl(global.id, 'pdf')} download className={linkClass}>
                      <FileDown aria-hidden className="size-4" /> PDF
                    </a>
                    <a href={invoiceFileUrl(global.id, 'xml')} download className={linkClass}>
                      <FileDown aria-hidden className="size-4" /> XML
                    </a>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {showing && <GlobalSalesDialog global={showing} onClose={() => setShowing(null)} />}
    </section>
  );
}
