import { ReservationsScreen } from '../../../features/reservaciones/components/reservations-screen';
import { superAdminEdits } from './edit-rights';

export default superAdminEdits(ReservationsScreen);
