import type { CartItem } from '@sala/shared/cart/cart.rules';
import type { TCatalogResponse, TPublicProduct } from '@sala/shared/catalog/catalog.contract';

/** The store's products in unit tests: two packages for sale and one taken off the store. */
export const BASIC = 'b0000000-0000-4000-8000-000000000001';
export const PRO = 'b0000000-0000-4000-8000-000000000002';
export const SUMMER = 'b0000000-0000-4000-8000-000000000003';

export const product = (
  id: string,
  name: string,
  priceCents: number,
  credits: number,
  extra = 0,
): TPublicProduct => ({ id, name, description: '', priceCents, credits, extra, validityDays: null });

export const basic = product(BASIC, 'Paquete Básico', 125_000, 5);
export const pro = product(PRO, 'Paquete Profesional', 230_000, 10, 1);
export const summer = product(SUMMER, 'Paquete Verano', 90_000, 4, 1);
export const catalog: TCatalogResponse = { packages: [basic, pro], services: [] };

/** A cart line of a product, as the cart stores it. */
export const line = (p: TPublicProduct, quantity: number): CartItem => ({
  id: p.id,
  name: p.name,
  priceCents: p.priceCents,
  credits: p.credits,
  extra: p.extra,
  quantity,
});
