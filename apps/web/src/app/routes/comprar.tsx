import { Navigate } from 'react-router';
import { HeroBanner } from '../../components/ui/hero-banner';
import { CatalogSections } from '../../features/store/components/catalog-sections';
import { usePurchaseSummary } from '../../features/store/purchase-summary';

export default function ShopPage() {
  // docs/business-rules.md §2: a saved purchase summary is shown before buying again.
  if (usePurchaseSummary()) return <Navigate to="/resumen" replace />;
  return (
    <>
      <title>Comprar créditos · Sala Común</title>
      <HeroBanner
        image="carousel-3"
        title="Comprar créditos"
        subtitle="Elige tu paquete y agenda cuando quieras."
      />
      <CatalogSections />
    </>
  );
}
