import { CostsAdmin } from '../../../features/costs/components/costs-admin';

/** Super admin only (the admin layout sends other staff to /admin; the API refuses them too). */
export default function CostsPage() {
  return <CostsAdmin />;
}
