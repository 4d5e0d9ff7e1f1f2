import { PrivacyRequestsScreen } from '../../../features/privacy/components/privacy-requests-screen';

/** Super admin only (the admin layout sends other staff to /admin; the API refuses them too). */
export default function AdminPrivacyPage() {
  return <PrivacyRequestsScreen />;
}
