import { ImportClientsScreen } from '../../../features/imports/components/import-clients-screen';

/** Super admin only (the admin layout sends other staff to /admin; the API refuses them too). */
export default function ImportClientsPage() {
  return <ImportClientsScreen />;
}
