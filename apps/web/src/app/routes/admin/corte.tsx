import { CashSummaryScreen } from '../../../features/cash-summary/components/cash-summary-screen';

/** Super admin only (the admin layout sends other staff to /admin; the API refuses them too). */
export default function CashSummaryPage() {
  return <CashSummaryScreen />;
}
