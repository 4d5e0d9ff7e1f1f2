import { HeroBanner } from '../../components/ui/hero-banner';
import { BranchesSection } from '../../features/site/components/branches-section';
import { Island } from '../../islands/island';
import { PageMeta } from '../page-meta';

export default function BranchesPage() {
  return (
    <>
      <PageMeta path="/sucursales" />
      <HeroBanner
        image="carousel-2"
        title="Nuestras sucursales"
        subtitle="Consultorios en Ciudad de México y Guadalajara, cerca de donde atiendes."
      />
      <Island name="branches">
        <BranchesSection />
      </Island>
    </>
  );
}
