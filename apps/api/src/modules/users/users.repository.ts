import type { DbOrTx } from '@sala/db/client';
import { users } from '@sala/db/schema/users';
import type { userSortable } from '@sala/shared/users/users.contract';
import { eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, totalCount } from '../../lib/paging';

type ListOptions = {
  page: number;
  pageSize: number;
  sort: (typeof userSortable)[number];
  dir: 'asc' | 'desc';
  q?: string;
};

const sortColumns = {
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  credits: users.credits,
  isActive: users.isActive,
  createdAt: users.createdAt,
} as const;

export async function listUsers(db: DbOrTx, options: ListOptions) {
  const pattern = options.q ? containsPattern(options.q) : undefined;
  const rows = await db
    .select({ ...getTableColumns(users), total: totalCount() })
    .from(users)
    .where(
      pattern
        ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern))
        : undefined,
    )
    // The id breaks ties so pages never repeat or skip rows.
    .orderBy(orderBy(sortColumns[options.sort], options.dir), users.id)
    .limit(options.pageSize)
    .offset(offsetOf(options.page, options.pageSize));
  return { rows, total: rows[0]?.total ?? (options.page > 1 ? await countUsers(db, pattern) : 0) };
}

async function countUsers(db: DbOrTx, pattern: string | undefined) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(
      pattern
        ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern))
        : undefined,
    );
  return row?.total ?? 0;
}

export function findUserById(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(users).where(eq(users.id, id));
  return (options.forUpdate ? query.for('update') : query).then((rows) => rows[0]);
}

export function emailInUse(db: DbOrTx, email: string, exceptId: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email}) and ${users.id} <> ${exceptId}`)
    .then((rows) => rows.length > 0);
}
