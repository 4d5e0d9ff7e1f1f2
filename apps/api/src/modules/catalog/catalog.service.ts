import type { Db } from '@sala/db/client';
import type { TCatalogResponse } from '@sala/shared/catalog/catalog.contract';
import { splitCatalog } from '@sala/shared/catalog/catalog.rules';
import { listProductsForSale } from '../products/products.service';

export async function getPublicCatalog({ db }: { db: Db }): Promise<TCatalogResponse> {
  return splitCatalog(await listProductsForSale(db));
}
