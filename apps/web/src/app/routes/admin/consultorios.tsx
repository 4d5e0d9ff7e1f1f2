import { BranchesAdmin } from '../../../features/locations/components/branches-admin';
import { superAdminEdits } from './edit-rights';

export default superAdminEdits(BranchesAdmin);
