import { CashSummaryScreen } from '../../../features/corte/components/cash-summary-screen';

/** Super admin only (the admin layout sends other staff to /admin; the API refuses them too). */
export default function CashSummaryPage() {
  return <CashSummaryScreen />;
}
