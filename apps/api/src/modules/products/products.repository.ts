import type { DbOrTx } from '@sala/db/client';
import { products } from '@sala/db/schema/commerce';
import type { productSortable } from '@sala/shared/products/products.contract';
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, totalCount } from '../../lib/paging';
import { preparedOnce } from '../../lib/prepared';

type ListOptions = {
  page: number;
  pageSize: number;
  sort: (typeof productSortable)[number];
  dir: 'asc' | 'desc';
  q?: string;
};

const sortColumns = {
  name: products.name,
  priceCents: products.priceCents,
  credits: products.credits,
  extra: products.extra,
  validityDays: products.validityDays,
  isDigital: products.isDigital,
  isService: products.isService,
  isActive: products.isActive,
  createdAt: products.createdAt,
} as const;

export function listProducts(db: DbOrTx, options: ListOptions) {
  const pattern = options.q ? containsPattern(options.q) : undefined;
  return db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      priceCents: products.priceCents,
      credits: products.credits,
      extra: products.extra,
      validityDays: products.validityDays,
      isDigital: products.isDigital,
      isService: products.isService,
      isActive: products.isActive,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
      total: totalCount(),
    })
    .from(products)
    .where(pattern ? or(ilike(products.name, pattern), ilike(products.description, pattern)) : undefined)
    .orderBy(orderBy(sortColumns[options.sort], options.dir), orderBy(products.id, options.dir))
    .limit(options.pageSize)
    .offset(offsetOf(options.page, options.pageSize));
}

export function insertProduct(db: DbOrTx, values: typeof products.$inferInsert) {
  return db
    .insert(products)
    .values(values)
    .returning()
    .then((rows) => rows[0]!);
}

/** One product, locked until the transaction ends (an edit reads what it changes). */
export function findProductForUpdate(db: DbOrTx, id: string) {
  return db
    .select()
    .from(products)
    .where(eq(products.id, id))
    .for('update')
    .then((rows) => rows[0]);
}

export function updateProductRow(db: DbOrTx, id: string, values: Partial<typeof products.$inferInsert>) {
  return db
    .update(products)
    .set(values)
    .where(eq(products.id, id))
    .returning()
    .then((rows) => rows[0]);
}

/** What the online store sells: active digital products. */
export function listOnlineProducts(db: DbOrTx) {
  return db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      priceCents: products.priceCents,
      credits: products.credits,
      extra: products.extra,
      validityDays: products.validityDays,
      isActive: products.isActive,
      isDigital: products.isDigital,
      isService: products.isService,
    })
    .from(products)
    .where(and(eq(products.isActive, true), eq(products.isDigital, true)));
}

export function findProductsByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return productsById(db).execute({ ids });
}

/** One text for any number of products (`= any` of an array, not a list of parameters that changes with it). */
const productsById = preparedOnce((db) =>
  db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      credits: products.credits,
      extra: products.extra,
      validityDays: products.validityDays,
      isDigital: products.isDigital,
      isActive: products.isActive,
    })
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`),
);

/** The point of sale's products: active and not sold online, cheapest first. */
export function listPosProducts(db: DbOrTx) {
  return db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      credits: products.credits,
      extra: products.extra,
      validityDays: products.validityDays,
    })
    .from(products)
    .where(and(eq(products.isActive, true), eq(products.isDigital, false)))
    .orderBy(products.priceCents, products.name, products.id);
}
