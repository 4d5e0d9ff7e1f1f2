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
      // 'Paquete 5 × 2' when a line has more than one.
      products: sql<
        string[]
      >`coalesce(array_agg(${orderItems.name} || case when ${orderItems.quantity} > 1 then ' × ' || ${orderItems.quantity} else '' end order by ${orderItems.name}) filter (where ${orderItems.id} is not null), '{}')`,
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

export async function insertOrder(
  tx: DbOrTx,
  order: typeof orders.$inferInsert,
  items: Omit<typeof orderItems.$inferInsert, 'orderId'>[],
) {
  const [row] = await tx
    .insert(orders)
    .values(order)
    .returning({ id: orders.id, createdAt: orders.createdAt });
  if (items.length > 0)
    await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row!.id })));
  return row!;
}

export function findOrderByPaymentRef(db: DbOrTx, paymentRef: string) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      userId: orders.userId,
    })
    .from(orders)
    .where(eq(orders.paymentRef, paymentRef))
    .then((rows) => rows[0]);
}
