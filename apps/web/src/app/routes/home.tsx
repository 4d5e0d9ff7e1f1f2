import { HeroBanner } from '../../components/ui/hero-banner';
import { LinkButton } from '../../components/ui/link-button';
import { AboutSection } from '../../features/site/components/about-section';
import { BranchesSection } from '../../features/site/components/branches-section';
import { CatalogSections } from '../../features/store/components/catalog-sections';
import { Island } from '../../islands/island';
import { PageMeta } from '../page-meta';

export default function HomePage() {
  return (
    <>
      <PageMeta path="/" />
      <HeroBanner
        image="hero"
        title="Consultorios por hora para tu práctica"
        subtitle="Salas equipadas para psicólogos y terapeutas en Ciudad de México y Guadalajara."
      >
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <LinkButton to="/reserva">Reservar sala</LinkButton>
          <LinkButton to="/comprar" theme="black">
            Comprar créditos
          </LinkButton>
        </div>
      </HeroBanner>
      <AboutSection />
      <Island name="branches">
        <BranchesSection />
      </Island>
      <Island name="catalog">
        <CatalogSections />
      </Island>
    </>
  );
}
