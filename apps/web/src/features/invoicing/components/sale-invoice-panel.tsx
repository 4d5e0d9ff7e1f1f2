import { commonMessages } from '@sala/shared/errors/messages';
import type { TFiscalProfile } from '@sala/shared/invoicing/invoicing.contract';
import {
  cancelMotiveLabels,
  cancelStateLabels,
  invoiceStatusLabels,
  invoicingMessages as m,
} from '@sala/shared/invoicing/invoicing.messages';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/toast';
import { reportFailure, saveCallbacks } from '../../../lib/form-errors';
import { useSession } from '../../auth/api/get-session';
import { useOrderTicket } from '../../orders/api/orders-api';
import {
  invoiceFileUrl,
  useCancelInvoice,
  useFiscalProfile,
  useInvoiceSale,
  useSaleInvoice,
} from '../api/invoicing-api';
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

/** The super admin's corrections of a stamped invoice: 01 (re-issued with corrected data) or 02 (no substitute). */
function InvoiceCorrections({
  invoiceId,
  email,
  current,
}: {
  invoiceId: string;
  email: string;
  current: TFiscalProfile;
}) {
  const cancel = useCancelInvoice(invoiceId);
  const [open, setOpen] = useState<'01' | '02' | null>(null);
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => setOpen('01')}>
        Corregir datos y volver a facturar
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setOpen('02')}>
        Cancelar factura
      </Button>
      {open === '01' && (
        <Modal
          open
          onOpenChange={(value) => !value && setOpen(null)}
          title="Corregir y volver a facturar"
          description={`Se timbra una factura nueva con estos datos y después se cancela la anterior con el motivo 01 (${cancelMotiveLabels['01']}).`}
          size="lg"
        >
          <FiscalProfileForm
            profile={current}
            defaultEmail={email}
            saving={cancel.isPending}
            submitLabel="Volver a facturar"
            onSubmit={(profile, setError) =>
              cancel.mutate(
                { motive: '01', profile },
                saveCallbacks({
                  success: m.requested,
                  fallback: commonMessages.genericError,
                  onDone: () => setOpen(null),
                  setError,
                }),
              )
            }
          />
        </Modal>
      )}
      <ConfirmDialog
        open={open === '02'}
        onOpenChange={(value) => !value && setOpen(null)}
        title="¿Cancelar esta factura?"
        description={`Motivo 02: ${cancelMotiveLabels['02']}. La venta vuelve a la factura global de su periodo. Si el total pasa de $1,000, el cliente debe aceptar la cancelación.`}
        confirmLabel="Cancelar factura"
        tone="danger"
        onConfirm={async () => {
          await reportFailure(() => cancel.mutateAsync({ motive: '02' }), commonMessages.genericError);
          notify.success(m.cancelRequested);
          setOpen(null);
        }}
      />
    </div>
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
  const { user } = useSession();
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
            {invoice.customer.rfc} · {invoice.customer.legalName}
          </p>
          {invoice.uuid && <p className="break-all text-muted">Folio fiscal: {invoice.uuid}</p>}
          {invoice.cancellation && (
            <p className="text-amber-900">
              {cancelStateLabels[invoice.cancellation.state]} · motivo {invoice.cancellation.motive}
            </p>
          )}
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
      {invoice?.status === 'valid' &&
        !invoice.cancellation &&
        invoice.kind === 'order' &&
        user?.role === 'superadmin' && (
          <InvoiceCorrections
            invoiceId={invoice.id}
            email={order.client.email}
            current={{ ...invoice.customer, email: invoice.customer.email ?? order.client.email }}
          />
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
