import { ReservationsScreen } from '../../../features/bookings/components/reservations-screen';
import { superAdminEdits } from './edit-rights';

export default superAdminEdits(ReservationsScreen);
