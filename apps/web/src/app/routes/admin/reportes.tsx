import { ReportsScreen } from '../../../features/dashboard/components/reports-screen';

/** Super admin only (the admin layout sends other staff to /admin; the API refuses them too). */
export default function ReportsPage() {
  return <ReportsScreen />;
}
