import { ProductsAdmin } from '../../../features/products/components/products-admin';
import { superAdminEdits } from './edit-rights';

export default superAdminEdits(ProductsAdmin);
