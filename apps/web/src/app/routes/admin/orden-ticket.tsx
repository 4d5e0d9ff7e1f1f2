import { Navigate, useParams } from 'react-router';
import { useSession } from '../../../features/auth/api/get-session';
import { SaleInvoicePanel } from '../../../features/invoicing/components/sale-invoice-panel';
import { TicketScreen } from '../../../features/orders/components/ticket-screen';

/** Any staff member prints a ticket (the cashier right after a sale); the way back depends on who it is. */
export default function OrderTicketPage() {
  const { id } = useParams();
  const { user } = useSession();
  if (!id) return <Navigate to="/admin" replace />;
  const backTo =
    user?.role === 'superadmin'
      ? { to: '/admin/ordenes', label: 'Ordenes' }
      : { to: '/admin/punto-venta', label: 'Punto de venta' };
  return (
    <div className="space-y-6">
      <TicketScreen key={id} orderId={id} backTo={backTo} canManage={user?.role === 'superadmin'} />
      <SaleInvoicePanel orderId={id} />
    </div>
  );
}
