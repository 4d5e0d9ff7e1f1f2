import type { DbOrTx } from '@sala/db/client';
import type { products } from '@sala/db/schema/commerce';
import {
  type TProduct,
  type TProductListQuery,
  type TSaveProductRequest,
  toProductValues,
} from '@sala/shared/products/products.contract';
import { productMessages as m } from '@sala/shared/products/products.messages';
import type { TPage } from '@sala/shared/table/table.contract';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { toPage } from '../../lib/paging';
import {
  findProductsByIds,
  insertProduct,
  listOnlineProducts,
  listPosProducts,
  listProducts,
  updateProductRow,
} from './products.repository';

type ProductRow = typeof products.$inferSelect;

const toProduct = (row: ProductRow): TProduct => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listProductPage(
  { db }: ActingContext,
  query: TProductListQuery,
): Promise<TPage<TProduct>> {
  return toPage(await listProducts(db, query), query, toProduct);
}

export async function createProduct({ db }: ActingContext, input: TSaveProductRequest): Promise<TProduct> {
  return toProduct(await insertProduct(db, toProductValues(input)));
}

/** Orders keep their own snapshot of what was sold, so editing a product never rewrites history. */
export async function updateProduct(
  { db }: ActingContext,
  { id, values: input }: { id: string; values: TSaveProductRequest },
): Promise<TProduct> {
  const row = await updateProductRow(db, id, toProductValues(input));
  if (!row) throw new AppError('not-found', m.notFound);
  return toProduct(row);
}

/** An inactive product leaves the online store and the point of sale at once (docs/business-rules.md §4). */
export async function setProductActive(
  { db }: ActingContext,
  { id, isActive }: { id: string; isActive: boolean },
): Promise<TProduct> {
  const row = await updateProductRow(db, id, { isActive });
  if (!row) throw new AppError('not-found', m.notFound);
  return toProduct(row);
}

/** The online store's products (active, digital), for the public catalogue. */
export function listProductsForSale(db: DbOrTx) {
  return listOnlineProducts(db);
}

/** GET /api/pos/products — what the point of sale sells now. */
export function listPointOfSaleProducts(db: DbOrTx) {
  return listPosProducts(db);
}

/** Products by id with what a sale needs to know (price, credits, where they are sold, whether they still are). */
export function productsByIds(db: DbOrTx, ids: string[]) {
  return findProductsByIds(db, [...new Set(ids)]);
}
