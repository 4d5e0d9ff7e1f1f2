import { Navigate, useParams } from 'react-router';
import { useSession } from '../../../features/auth/api/get-session';
import { DrawerReport } from '../../../features/pos/components/drawer-report';

/** /admin/caja/:id — a drawer's closing report (Z): the cashier prints it; the super admin may reopen the drawer. */
export default function DrawerReportPage() {
  const { id } = useParams();
  const { user } = useSession();
  if (!id) return <Navigate to="/admin" replace />;
  return <DrawerReport key={id} id={id} canReopen={user?.role === 'superadmin'} />;
}
