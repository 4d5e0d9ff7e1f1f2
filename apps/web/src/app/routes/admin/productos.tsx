import { ProductsAdmin } from '../../../features/productos/components/products-admin';
import { superAdminEdits } from './edit-rights';

export default superAdminEdits(ProductsAdmin);
