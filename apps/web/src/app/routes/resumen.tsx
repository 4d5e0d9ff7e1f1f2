import { Navigate } from 'react-router';
import { HeroBanner } from '../../components/ui/hero-banner';
import { SummaryInvoice } from '../../features/invoicing/components/purchase-invoice';
import { PurchaseSummaryView, summaryHeroTitle } from '../../features/store/components/purchase-summary-view';
import { useOpenedPurchaseSummary } from '../../features/store/purchase-summary';

export default function PurchaseSummaryPage() {
  const summary = useOpenedPurchaseSummary();
  if (!summary) return <Navigate to="/comprar" replace />;
  return (
    <>
      <title>{`${summary.status === 'pending' ? 'Datos de pago' : 'Resumen de compra'} · Sala Común`}</title>
      {/* On paper, the summary alone (an OXXO voucher to take to the store). */}
      <div className="print:hidden">
        <HeroBanner image="hero" title={summaryHeroTitle(summary)} />
      </div>
      <section aria-labelledby="resumen-titulo" className="mx-auto max-w-4xl px-4 py-10 sm:py-12">
        <PurchaseSummaryView summary={summary} />
        {summary.folio !== undefined && summary.status !== 'pending' && (
          <SummaryInvoice order={{ id: summary.orderId, folio: summary.folio, status: 'completed' }} />
        )}
      </section>
    </>
  );
}
