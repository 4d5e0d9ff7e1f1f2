import type { TCatalogResponse, TPublicProduct } from './catalog.contract';

export type CatalogCandidate = TPublicProduct & { isActive: boolean; isDigital: boolean; isService: boolean };

const byPrice = (a: TPublicProduct, b: TPublicProduct) =>
  a.priceCents - b.priceCents || a.name.localeCompare(b.name);

const toPublic = ({
  id,
  name,
  description,
  priceCents,
  credits,
  extra,
  validityDays,
}: CatalogCandidate): TPublicProduct => ({
  id,
  name,
  description,
  priceCents,
  credits,
  extra,
  validityDays,
});

/**
 * docs/business-rules.md §4: only active digital products are sold online; non-service ones are credit packages, services are
 * listed under 'Nuestros Servicios'; each list by ascending price.
 */
export function splitCatalog(products: readonly CatalogCandidate[]): TCatalogResponse {
  const online = products.filter((p) => p.isActive && p.isDigital);
  return {
    packages: online
      .filter((p) => !p.isService)
      .map(toPublic)
      .sort(byPrice),
    services: online
      .filter((p) => p.isService)
      .map(toPublic)
      .sort(byPrice),
  };
}
