import { CitiesAdmin } from '../../../features/locations/components/cities-admin';
import { superAdminEdits } from './edit-rights';

export default superAdminEdits(CitiesAdmin);
