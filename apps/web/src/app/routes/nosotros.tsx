import { HeroBanner } from '../../components/ui/hero-banner';
import { AboutSection } from '../../features/sitio/components/about-section';
import { type CarouselSlide, RoomCarousel } from '../../features/sitio/components/room-carousel';
import { CatalogSections } from '../../features/tienda/components/catalog-sections';
import { PageMeta } from '../page-meta';

const slides: CarouselSlide[] = [
  {
    src: '/images/carousel-1.svg',
    alt: 'Sala de terapia individual con dos sillones',
    caption: 'Terapia individual',
  },
  {
    src: '/images/carousel-2.svg',
    alt: 'Sala familiar con sofá y rincón de juego',
    caption: 'Pareja y familia',
  },
  { src: '/images/carousel-3.svg', alt: 'Área de cowork con escritorios', caption: 'Área de cowork' },
  {
    src: '/images/carousel-4.svg',
    alt: 'Sala tranquila con escritorio y librero',
    caption: 'Sala de evaluación',
  },
];

export default function AboutPage() {
  return (
    <>
      <PageMeta path="/nosotros" />
      <HeroBanner image="/images/about.svg" title="Nosotros" subtitle="Espacios pensados para escuchar." />
      <AboutSection />
      <div className="mx-auto max-w-5xl px-4 pb-8">
        <h2 className="mb-6 font-display text-3xl font-semibold text-brand-800">Conoce nuestras salas</h2>
        <RoomCarousel slides={slides} />
      </div>
      <CatalogSections />
    </>
  );
}
