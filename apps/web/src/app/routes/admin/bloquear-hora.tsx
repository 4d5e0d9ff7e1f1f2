import { BlocksScreen } from '../../../features/blocks/components/blocks-screen';
import { superAdminEdits } from './edit-rights';

export default superAdminEdits(BlocksScreen);
