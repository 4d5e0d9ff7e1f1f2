import { BlocksScreen } from '../../../features/bloqueos/components/blocks-screen';
import { superAdminEdits } from './edit-rights';

export default superAdminEdits(BlocksScreen);
