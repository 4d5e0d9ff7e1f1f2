import { HeroBanner } from '../../components/ui/hero-banner';
import { BookingWizard } from '../../features/bookings/components/booking-wizard';
import { Island } from '../../islands/island';
import { PageMeta } from '../page-meta';

export default function BookingPage() {
  return (
    <>
      <PageMeta path="/reserva" />
      <HeroBanner
        image="carousel-1"
        title="Reserva tu sala"
        subtitle="Cinco pasos y listo: tu consultorio te espera."
      />
      {/* The wizard's steps load after the first paint: their space is kept so the footer does not jump. */}
      <div className="mx-auto min-h-[36rem] max-w-6xl px-4 py-10 sm:py-12">
        <Island name="booking-wizard">
          <BookingWizard />
        </Island>
      </div>
    </>
  );
}
