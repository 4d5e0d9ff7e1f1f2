import { commonMessages } from '@sala/shared/errors/messages';
import { invoiceStatusLabels, invoicingMessages as m } from '@sala/shared/invoicing/invoicing.messages';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { saveCallbacks } from '../../../lib/form-errors';
import { useOrderTicket } from '../../orders/api/orders-api';
import { invoiceFileUrl, useFiscalProfile, useInvoiceSale, useSaleInvoice } from '../api/invoicing-api';
import { FiscalProfileForm, InvoicingTestModeNote } from './fiscal-profile-form';

const linkClass =
  'inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline';

/** The client's saved profile fills the form; a walk-in sale's data are typed at the counter. */
function InvoiceSaleDialog({
  orderId,
  clientId,
  email,
  onClose,
}: {
  orderId: string;
  clientId: string | null;
  email: string;
  onClose: () => void;
}) {
  const profile = useFiscalProfile(clientId ?? undefined);
  const invoice = useInvoiceSale(orderId);
  const saved = clientId ? (profile.data?.profile ?? null) : null;
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Facturar esta venta" size="lg">
      {clientId && profile.isPending ? null : (
        <FiscalProfileForm
          profile={saved}
          defaultEmail={email}
          saving={invoice.isPending}
          submitLabel="Facturar"
          onSubmit={(values, setError) =>
            invoice.mutate(
              values,
              saveCallbacks({
                success: m.requested,
                fallback: commonMessages.genericError,
                onDone: onClose,
                setError,
              }),
            )
          }
        />
      )}
    </Modal>
  );
}

/**
 * A sale's invoice on its ticket (issue 42): its state and files, the PAC's refusal, and — for a paid sale with no
 * invoice — "Facturar" with the client's fiscal data (or data typed at the counter for a walk-in sale).
 */
export function SaleInvoicePanel({ orderId }: { orderId: string }) {
  const answer = useSaleInvoice(orderId);
  const ticket = useOrderTicket(orderId);
  const [invoicing, setInvoicing] = useState(false);
  if (!answer.data || !ticket.data || answer.data.mode === 'off') return null;
  const { invoice } = answer.data;
  const order = ticket.data;
  const canInvoice = order.status === 'completed' && (!invoice || invoice.status === 'failed');
  const folio = invoice ? `${invoice.series}-${invoice.folioNumber}` : '';
  return (
    <section
      aria-labelledby="factura-venta"
      className="space-y-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 print:hidden"
    >
      <h2 id="factura-venta" className="font-display text-xl font-semibold text-brand-800">
        Factura
      </h2>
      <InvoicingTestModeNote mode={answer.data.mode} />
      {invoice ? (
        <div className="space-y-1 text-sm text-slate-700">
          <p>
            <span className="font-medium">{invoiceStatusLabels[invoice.status]}</span> · {folio} ·{' '}
            {invoice.customerRfc} · {invoice.customerName}
          </p>
          {invoice.uuid && <p className="break-all text-muted">Folio fiscal: {invoice.uuid}</p>}
          {invoice.error && (
            <p className="text-red-700">
              {m.pacRefused}: {invoice.error.message}
            </p>
          )}
          {invoice.status === 'valid' && (
            <p className="flex gap-4">
              <a href={invoiceFileUrl(invoice.id, 'pdf')} download className={linkClass}>
                <FileDown aria-hidden className="size-4" /> PDF
              </a>
              <a href={invoiceFileUrl(invoice.id, 'xml')} download className={linkClass}>
                <FileDown aria-hidden className="size-4" /> XML
              </a>
            </p>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted">Esta venta no tiene factura.</p>
      )}
      {canInvoice && (
        <Button variant="secondary" onClick={() => setInvoicing(true)}>
          Facturar
        </Button>
      )}
      {invoicing && (
        <InvoiceSaleDialog
          orderId={orderId}
          clientId={order.client.id}
          email={order.client.email}
          onClose={() => setInvoicing(false)}
        />
      )}
    </section>
  );
}
