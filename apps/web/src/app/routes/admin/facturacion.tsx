import { GlobalInvoices } from '../../../features/invoicing/components/global-invoices';
import { InvoicingSettings } from '../../../features/invoicing/components/invoicing-settings-form';

/** Super admin only (the admin layout sends other staff to /admin; the API refuses them too). */
export default function AdminInvoicingPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-semibold text-brand-800">Facturación</h1>
        <p className="mt-1 max-w-3xl text-muted">
          Los datos con que el negocio emite sus facturas (CFDI 4.0) a través de Facturapi: tus clientes piden
          la factura de sus compras en Mis pedidos, y el personal factura en mostrador desde el ticket de la
          venta.
        </p>
      </div>
      <GlobalInvoices />
      <InvoicingSettings />
    </div>
  );
}
