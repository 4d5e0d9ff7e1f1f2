import { RoomsAdmin } from '../../../features/ubicaciones/components/rooms-admin';
import { superAdminEdits } from './edit-rights';

export default superAdminEdits(RoomsAdmin);
