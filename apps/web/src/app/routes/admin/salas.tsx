import { RoomsAdmin } from '../../../features/locations/components/rooms-admin';
import { superAdminEdits } from './edit-rights';

export default superAdminEdits(RoomsAdmin);
