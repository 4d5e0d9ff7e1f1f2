import type { DbOrTx } from '@sala/db/client';
import { products } from '@sala/db/schema/commerce';
import { and, eq } from 'drizzle-orm';

export function listOnlineProducts(db: DbOrTx) {
  return db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      priceCents: products.priceCents,
      credits: products.credits,
      extra: products.extra,
      isActive: products.isActive,
      isDigital: products.isDigital,
      isService: products.isService,
    })
    .from(products)
    .where(and(eq(products.isActive, true), eq(products.isDigital, true)));
}
