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
import { recordAudit } from '../audit/audit.service';
import {
  findProductForUpdate,
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

/** What the audit log follows of a product: its name, price, credits and where it is sold. */
const auditedProduct = (row: ProductRow) => ({
  name: row.name,
  description: row.description,
  priceCents: row.priceCents,
  credits: row.credits,
  extra: row.extra,
  isDigital: row.isDigital,
  isService: row.isService,
  isActive: row.isActive,
  validityDays: row.validityDays,
});

export async function createProduct(ctx: ActingContext, input: TSaveProductRequest): Promise<TProduct> {
  return ctx.db.transaction(async (tx) => {
    const row = await insertProduct(tx, toProductValues(input));
    await recordAudit(tx, ctx, [
      {
        action: 'product.create',
        entity: 'product',
        entityId: row.id,
        label: row.name,
        before: null,
        after: auditedProduct(row),
      },
    ]);
    return toProduct(row);
  });
}

/** A product's change, with its audit row, in one transaction. */
function changeProduct(
  ctx: ActingContext,
  id: string,
  action: 'product.update' | 'product.status',
  values: Partial<ReturnType<typeof toProductValues> & { isActive: boolean }>,
): Promise<TProduct> {
  return ctx.db.transaction(async (tx) => {
    const before = await findProductForUpdate(tx, id);
    const row = before && (await updateProductRow(tx, id, values));
    if (!row) throw new AppError('not-found', m.notFound);
    await recordAudit(tx, ctx, [
      {
        action,
        entity: 'product',
        entityId: id,
        label: row.name,
        before: auditedProduct(before),
        after: auditedProduct(row),
      },
    ]);
    return toProduct(row);
  });
}

/** Orders keep their own snapshot of what was sold, so editing a product never rewrites history. */
export function updateProduct(
  ctx: ActingContext,
  { id, values: input }: { id: string; values: TSaveProductRequest },
): Promise<TProduct> {
  return changeProduct(ctx, id, 'product.update', toProductValues(input));
}

/** An inactive product leaves the online store and the point of sale at once (docs/business-rules.md §4). */
export function setProductActive(
  ctx: ActingContext,
  { id, isActive }: { id: string; isActive: boolean },
): Promise<TProduct> {
  return changeProduct(ctx, id, 'product.status', { isActive });
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
