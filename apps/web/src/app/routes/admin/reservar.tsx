import { PageHeader } from '../../../components/ui/page-header';
import { BookingWizard } from '../../../features/bookings/components/booking-wizard';

/** Super admin only (the admin layout sends other staff to /admin; the API refuses them too). */
export default function AdminBookingPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Reservar"
        description="Reserva una sesión a nombre de un cliente, con sus créditos, o crea una sesión de cortesía."
      />
      <BookingWizard mode="staff" />
    </div>
  );
}
