import { CitiesAdmin } from '../../../features/ubicaciones/components/cities-admin';
import { superAdminEdits } from './edit-rights';

export default superAdminEdits(CitiesAdmin);
