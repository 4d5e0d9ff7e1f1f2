import { HeroBanner } from '../../components/ui/hero-banner';
import { AboutSection } from '../../features/site/components/about-section';
import { OurRoomsCarousel } from '../../features/site/components/room-carousel';
import { CatalogSections } from '../../features/store/components/catalog-sections';
import { Island } from '../../islands/island';
import { PageMeta } from '../page-meta';

export default function AboutPage() {
  return (
    <>
      <PageMeta path="/nosotros" />
      <HeroBanner image="about" title="Nosotros" subtitle="Espacios pensados para escuchar." />
      <AboutSection />
      <div className="mx-auto max-w-5xl px-4 pb-8">
        <h2 className="mb-6 font-display text-3xl font-semibold text-brand-800">Conoce nuestras salas</h2>
        <Island name="rooms-carousel">
          <OurRoomsCarousel />
        </Island>
      </div>
      <Island name="catalog">
        <CatalogSections />
      </Island>
    </>
  );
}
