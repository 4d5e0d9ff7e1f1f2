import type { TCatalogResponse } from '@sala/shared/catalog/catalog.contract';
import { splitCatalog } from '@sala/shared/catalog/catalog.rules';
import type { TPublicBranchInfo } from '@sala/shared/locations/branches.contract';
import type { RequestContext } from '../../context';
import { listPublicBranches } from '../branches/branches.service';
import { listProductsForSale } from '../products/products.service';

export async function getPublicCatalog({ db }: RequestContext): Promise<TCatalogResponse> {
  return splitCatalog(await listProductsForSale(db));
}

/** The Sucursales of the public site (and the LocalBusiness data of its pages). */
export function getPublicBranches({ db }: RequestContext): Promise<TPublicBranchInfo[]> {
  return listPublicBranches({ db });
}
