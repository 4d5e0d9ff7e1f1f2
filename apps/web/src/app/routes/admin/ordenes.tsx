import { OrdersAdmin } from '../../../features/orders/components/orders-admin';

/** Super admin only (the admin layout sends other staff to /admin; the API refuses them too). */
export default function OrdersPage() {
  return <OrdersAdmin />;
}
