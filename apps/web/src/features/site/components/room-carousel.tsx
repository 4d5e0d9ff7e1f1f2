import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { IllustrationImage } from '../../../components/ui/illustration-image';
import type { Illustration } from '../../../lib/illustrations';

export type CarouselSlide = { image: Illustration; alt: string; caption: string };

/** docs/business-rules.md §2: the about page's carousel needs at least 3 images. */
export const MIN_CAROUSEL_SLIDES = 3;

export function RoomCarousel({ slides }: { slides: CarouselSlide[] }) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true });
  const [selected, setSelected] = useState(0);
  if (slides.length < MIN_CAROUSEL_SLIDES) {
    throw new Error(`El carrusel necesita al menos ${MIN_CAROUSEL_SLIDES} imágenes.`);
  }

  // The taps that come before the carousel is ready (a prerendered page hydrating, replaying what the visitor
  // tapped during load) are kept, and done in order once it is.
  const waiting = useRef<((carousel: NonNullable<typeof embla>) => void)[]>([]);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect);
    for (const move of waiting.current.splice(0)) move(embla);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  const act = (move: (carousel: NonNullable<typeof embla>) => void) => {
    if (embla) move(embla);
    else waiting.current.push(move);
  };
  const previous = () => act((carousel) => carousel.scrollPrev());
  const next = () => act((carousel) => carousel.scrollNext());

  return (
    <section aria-roledescription="carrusel" aria-label="Nuestras salas" className="relative">
      <div ref={viewportRef} className="overflow-hidden rounded-3xl shadow-lg">
        <div className="flex">
          {slides.map((slide, index) => (
            <figure
              key={slide.image}
              aria-roledescription="diapositiva"
              aria-label={`${index + 1} de ${slides.length}`}
              className="relative min-w-0 flex-[0_0_100%]"
            >
              <IllustrationImage
                name={slide.image}
                // The carousel spans the page's column (max-w-5xl, px-4).
                sizes="(min-width: 64rem) 62rem, calc(100vw - 2rem)"
                alt={slide.alt}
                loading={index === 0 ? 'eager' : 'lazy'}
                className="aspect-video w-full object-cover"
              />
              <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent px-6 pt-10 pb-5 text-lg font-semibold text-white">
                {slide.caption}
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
      {/* The controls sit under the image, so they never cover a caption; every target is at least 24 px. */}
      <div className="mt-4 flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={previous}
          aria-label="Imagen anterior"
          className="grid size-11 place-items-center rounded-full bg-white text-brand-800 shadow ring-1 ring-slate-200 transition hover:bg-brand-50"
        >
          <ChevronLeft aria-hidden className="size-6" />
        </button>
        <div className="flex items-center">
          {slides.map((slide, index) => (
            <button
              key={slide.image}
              type="button"
              onClick={() => act((carousel) => carousel.scrollTo(index))}
              aria-label={`Ir a la imagen ${index + 1}`}
              aria-current={selected === index}
              data-testid="carousel-dot"
              className="grid h-8 min-w-8 place-items-center rounded-full px-1"
            >
              <span
                aria-hidden
                className={`block h-3 rounded-full transition-all ${selected === index ? 'w-8 bg-brand-700' : 'w-3 bg-brand-300'}`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={next}
          aria-label="Imagen siguiente"
          className="grid size-11 place-items-center rounded-full bg-white text-brand-800 shadow ring-1 ring-slate-200 transition hover:bg-brand-50"
        >
          <ChevronRight aria-hidden className="size-6" />
        </button>
      </div>
    </section>
  );
}

/** The rooms of /nosotros (docs/business-rules.md §2: at least three images). */
export const ourRooms: CarouselSlide[] = [
  {
    image: 'carousel-1',
    alt: 'Sala de terapia individual con dos sillones',
    caption: 'Terapia individual',
  },
  {
    image: 'carousel-2',
    alt: 'Sala familiar con sofá y rincón de juego',
    caption: 'Pareja y familia',
  },
  { image: 'carousel-3', alt: 'Área de cowork con escritorios', caption: 'Área de cowork' },
  {
    image: 'carousel-4',
    alt: 'Sala tranquila con escritorio y librero',
    caption: 'Sala de evaluación',
  },
];

/** The carousel of /nosotros, an island of its own (islands/registry.ts). */
export function OurRoomsCarousel() {
  return <RoomCarousel slides={ourRooms} />;
}
