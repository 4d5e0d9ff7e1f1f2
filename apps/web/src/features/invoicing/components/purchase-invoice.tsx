import { commonMessages } from '@sala/shared/errors/messages';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { cancelStateLabels, invoicingMessages as m } from '@sala/shared/invoicing/invoicing.messages';
import { businessDate } from '@sala/shared/time/business-time';
import { FileDown, LoaderCircle } from 'lucide-react';
import { notify } from '../../../components/ui/toast';
import { saveErrorMessage } from '../../../lib/form-errors';
import { invoiceFileUrl, type MyInvoice, useMyInvoices, useRequestInvoice } from '../api/invoicing-api';

const linkClass =
  'inline-flex items-center gap-1 text-sm font-medium whitespace-nowrap text-brand-700 underline-offset-2 hover:underline';

/**
 * A purchase's invoice in Mis pedidos (issue 42): ask for it while the window is open, see it being stamped, then
 * download its PDF and XML; a refusal says the PAC's reason and where to fix the data.
 */
export function PurchaseInvoice({
  order,
  answer,
}: {
  order: { id: string; folio: number; status: string };
  answer: MyInvoice | undefined;
}) {
  const ask = useRequestInvoice();
  if (!answer || answer.mode === 'off' || order.status !== 'completed')
    return <span className="text-muted">—</span>;
  const { invoice, askUntil } = answer;
  const folio = invoice ? `${invoice.series}-${invoice.folioNumber}` : '';
  const open = askUntil !== null && businessDate(new Date()) <= askUntil;
  const request = () =>
    ask.mutate(order.id, {
      onSuccess: () => notify.success(m.requested),
      onError: (error) => notify.error(saveErrorMessage(error, commonMessages.genericError)),
    });

  if (invoice?.status === 'valid')
    return (
      <span className="flex flex-col items-start gap-1">
        <span className="text-sm text-slate-700">Factura {folio}</span>
        {invoice.cancellation && (
          <span className="text-sm text-amber-900">{cancelStateLabels[invoice.cancellation.state]}</span>
        )}
        <span className="flex gap-3">
          <a
            href={invoiceFileUrl(invoice.id, 'pdf')}
            download
            className={linkClass}
            aria-label={`Descargar PDF de la factura ${folio}`}
          >
            <FileDown aria-hidden className="size-4" /> PDF
          </a>
          <a
            href={invoiceFileUrl(invoice.id, 'xml')}
            download
            className={linkClass}
            aria-label={`Descargar XML de la factura ${folio}`}
          >
            <FileDown aria-hidden className="size-4" /> XML
          </a>
        </span>
      </span>
    );
  if (invoice?.status === 'queued')
    return (
      <span className="inline-flex items-center gap-1.5 text-sm text-slate-700" role="status">
        <LoaderCircle aria-hidden className="size-4 animate-spin" /> Factura en proceso
      </span>
    );
  const refused = invoice?.status === 'failed' ? invoice.error : null;
  return (
    <span className="flex max-w-xs flex-col items-start gap-1">
      {refused && (
        <span className="text-sm text-red-700">
          {m.pacRefused}: {refused.message}{' '}
          <a href="#datos-fiscales" className="font-medium underline">
            Corregir datos fiscales
          </a>
        </span>
      )}
      {open ? (
        <button
          type="button"
          onClick={request}
          disabled={ask.isPending}
          className={linkClass}
          aria-label={`Solicitar factura del pedido ${order.folio}`}
        >
          {refused ? 'Solicitar de nuevo' : 'Solicitar factura'}
        </button>
      ) : (
        askUntil && (
          <span className="text-sm text-muted">Plazo vencido el {formatCalendarDate(askUntil)}</span>
        )
      )}
    </span>
  );
}

/** The invoice of the purchase just made, on /resumen (issue 42): asked for right there, or downloaded once ready. */
export function SummaryInvoice({ order }: { order: { id: string; folio: number; status: string } }) {
  const answers = useMyInvoices([order.id]);
  const answer = answers.data?.invoices[0];
  if (!answer || answer.mode === 'off' || order.status !== 'completed') return null;
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 print:hidden">
      <p className="text-sm font-medium text-slate-800">¿Necesitas factura?</p>
      <PurchaseInvoice order={order} answer={answer} />
    </div>
  );
}
