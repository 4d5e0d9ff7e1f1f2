import type { DbOrTx } from '@sala/db/client';
import { type UserRole, users } from '@sala/db/schema/users';
import type { userSortable } from '@sala/shared/users/users.contract';
import { and, eq, ilike, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { containsPattern, offsetOf, orderBy, pageWindow, reversed } from '../../lib/paging';
import { preparedOnce } from '../../lib/prepared';

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

/** Matches the trigram-indexed expression users_search_trgm_idx, so a contains-search is an index scan. */
const searchable = sql`(${users.name} || ' ' || ${users.email} || ' ' || ${users.phone})`;

/**
 * A search matching this many accounts or fewer reads its matches through the trigram index and sorts them; one
 * matching more walks the sort's index, where matches come soon.
 */
const FEW_MATCHES = 2_000;

export async function listUsers(db: DbOrTx, options: ListOptions) {
  // A closed account is blocked: no staff list shows it (docs/business-rules.md D§11).
  const where = and(
    isNull(users.closedAt),
    options.q ? ilike(searchable, containsPattern(options.q)) : undefined,
  );
  const counted = db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  // The id breaks ties so pages never repeat or skip rows (and matches the (column, id) indexes). A page past the
  // middle of `total` rows is read from the other end (pageWindow): the last of 100 000 accounts as fast as the first.
  const page = async <T extends PgSelect>(
    query: T,
    columns: Record<keyof typeof sortColumns | 'id', PgColumn>,
    total: number,
  ) => {
    const window = pageWindow(offsetOf(options.page, options.pageSize), options.pageSize, total);
    const dir = window.fromEnd ? reversed(options.dir) : options.dir;
    const rows: Awaited<T>[number][] =
      window.limit === 0
        ? []
        : await query
            .orderBy(orderBy(columns[options.sort], dir), orderBy(columns.id, dir))
            .limit(window.limit)
            .offset(window.offset);
    return window.fromEnd ? rows.reverse() : rows;
  };
  // The walk on the sort's index (a (column, id) index of users).
  const walk = (total: number) =>
    page(db.select().from(users).where(where).$dynamic(), { ...sortColumns, id: users.id }, total);
  if (!options.q && options.page === 1) {
    // The first page cannot be past the middle: it and the count go together (two cheap queries beat one with
    // count(*) over (), which must read every match before the LIMIT).
    const [rows, [count]] = await Promise.all([walk(Number.MAX_SAFE_INTEGER), counted]);
    return { rows, total: count?.total ?? 0 };
  }
  // Any other page counts first, to know where it falls. A search, too: PostgreSQL cannot tell how many accounts a
  // fragment of text matches, and walked the whole name index (40 000 accounts, 180 ms) for the 781 "Gabriela
  // Pérez" at a chain's size. Few matches are read by the trigram index and then sorted: a subquery with a LIMIT
  // (one no search reaches; Drizzle leaves out an OFFSET 0) is planned on its own, so the planner cannot turn it
  // back into the walk (issue 46).
  const total = (await counted)[0]?.total ?? 0;
  if (!options.q || total > FEW_MATCHES) return { rows: await walk(total), total };
  const matches = db.select().from(users).where(where).limit(Number.MAX_SAFE_INTEGER).as('matches');
  const rows = await page(db.select().from(matches).$dynamic(), matches, total);
  return { rows, total };
}

const userById = preparedOnce((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id'))),
);
const userByIdLocked = preparedOnce((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .for('update'),
);

export function findUserById(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}) {
  return (options.forUpdate ? userByIdLocked : userById)(db)
    .execute({ id })
    .then((rows) => rows[0]);
}

export function findUserByEmail(db: DbOrTx, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .then((rows) => rows[0]);
}

export function emailInUse(db: DbOrTx, email: string, exceptId: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email}) and ${users.id} <> ${exceptId}`)
    .then((rows) => rows.length > 0);
}

export function activeEmailsWithRole(db: DbOrTx, role: UserRole) {
  return db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, role), eq(users.isActive, true)))
    .then((rows) => rows.map((row) => row.email));
}

export function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  return db
    .insert(users)
    .values(values)
    .returning()
    .then((rows) => rows[0]!);
}

/** Contact data, role and status; never the balance (the credits module moves it, with its ledger). */
export function updateUserFields(
  db: DbOrTx,
  id: string,
  fields: Partial<
    Pick<
      typeof users.$inferInsert,
      'name' | 'email' | 'phone' | 'role' | 'isActive' | 'homeBranchId' | 'branchOnly'
    >
  >,
) {
  return db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
    .then((rows) => rows[0]);
}

export function updatePasswordHash(db: DbOrTx, id: string, passwordHash: string) {
  return db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Active clients whose name, e-mail or phone contains the term (the trigram index serves it), by name. */
export function searchActiveClients(db: DbOrTx, term: string, limit: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      credits: users.credits,
    })
    .from(users)
    .where(and(eq(users.role, 'user'), eq(users.isActive, true), ilike(searchable, containsPattern(term))))
    .orderBy(users.name, users.id)
    .limit(limit);
}

/** Opposition: the 24-hour reminders on or off. */
export function updateRemindersEnabled(db: DbOrTx, id: string, remindersEnabled: boolean) {
  return db.update(users).set({ remindersEnabled, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Cancellation: blocked at once (no login, out of every staff list and picker). */
export function markClosed(db: DbOrTx, id: string, at: Date) {
  return db
    .update(users)
    .set({ closedAt: at, isActive: false, updatedAt: at })
    .where(and(eq(users.id, id), isNull(users.closedAt)))
    .returning()
    .then((rows) => rows[0]);
}

/** Closed accounts whose retention period ended before `closedBefore`, oldest first. */
export function closedBefore(db: DbOrTx, closedBefore: Date, limit: number) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(isNotNull(users.closedAt), isNull(users.suppressedAt), lt(users.closedAt, closedBefore)))
    .orderBy(users.closedAt)
    .limit(limit);
}

/**
 * Suppression: the personal fields give way to placeholders (the e-mail to one no mail can reach, kept unique), the
 * password to one nobody knows. The row stays, so its orders, sessions and ledger keep their amounts.
 */
export function suppressRow(db: DbOrTx, id: string, at: Date, unusablePasswordHash: string) {
  return db
    .update(users)
    .set({
      name: 'Cuenta eliminada',
      email: sql`'eliminada-' || ${users.id}::text || '@cuentas.invalid'`,
      phone: '0000000000',
      passwordHash: unusablePasswordHash,
      remindersEnabled: false,
      suppressedAt: at,
      updatedAt: at,
    })
    .where(and(eq(users.id, id), isNull(users.suppressedAt)))
    .returning({ id: users.id });
}
