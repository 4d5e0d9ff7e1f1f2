import type { DbOrTx } from '@sala/db/client';
import type { TPage } from '@sala/shared/table/table.contract';
import type { TMyOrder, TMyOrdersQuery } from '@sala/shared/users/profile.contract';
import { toPage } from '../../lib/paging';
import { listOrdersOfUser } from './orders.repository';

/** A client's own orders with their products and the credits they granted. */
export async function listOrdersOf(
  db: DbOrTx,
  userId: string,
  query: TMyOrdersQuery,
): Promise<TPage<TMyOrder>> {
  const rows = await listOrdersOfUser(db, userId, query);
  return toPage(rows, query, (row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
