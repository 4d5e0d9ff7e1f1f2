import { BranchesAdmin } from '../../../features/ubicaciones/components/branches-admin';
import { superAdminEdits } from './edit-rights';

export default superAdminEdits(BranchesAdmin);
