import type { DbOrTx } from '@sala/db/client';
import { orderItems, orders } from '@sala/db/schema/commerce';
import { and, eq, exists, ilike, sql } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, totalCount } from '../../lib/paging';

type Page = { page: number; pageSize: number; dir: 'asc' | 'desc'; q?: string };

export function listOrdersOfUser(
  db: DbOrTx,
  userId: string,
  page: Page & { sort: 'createdAt' | 'totalCents' },
) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      status: orders.status,
      isPos: orders.isPos,
      products: sql<
        string[]
      >`coalesce(array_agg(${orderItems.name} order by ${orderItems.name}) filter (where ${orderItems.id} is not null), '{}')`,
      creditsGranted: sql<number>`coalesce(sum(${orderItems.creditsGranted}), 0)::int`,
      total: totalCount(),
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        page.q
          ? exists(
              db
                .select({ one: sql`1` })
                .from(orderItems)
                .where(
                  and(eq(orderItems.orderId, orders.id), ilike(orderItems.name, containsPattern(page.q))),
                ),
            )
          : undefined,
      ),
    )
    .groupBy(orders.id)
    .orderBy(orderBy(page.sort === 'totalCents' ? orders.totalCents : orders.createdAt, page.dir), orders.id)
    .limit(page.pageSize)
    .offset(offsetOf(page.page, page.pageSize));
}
