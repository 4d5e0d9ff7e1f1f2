import { insertAll } from '@sala/db/bulk-insert';
import type { DbOrTx, Tx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import { auditLog } from '@sala/db/schema/audit';
import { dayBlocks, roomBlocks } from '@sala/db/schema/blocks';
import { costs, dailyProductSales, dailySales, orderItems, orders, products } from '@sala/db/schema/commerce';
import { type ImportSource, importIds } from '@sala/db/schema/imports';
import { creditLedger, creditLots } from '@sala/db/schema/ledger';
import { branches, cities, rooms } from '@sala/db/schema/locations';
import { roomSessions } from '@sala/db/schema/sessions';
import { users } from '@sala/db/schema/users';
import { and, eq, gt, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../lib/sql-rows';

/**
 * The import (issue 41) loads a business in one transaction: it writes every table of it, in bulk, as a data
 * migration does (docs/decisions/029). What the domain's own writes keep is kept here too: a balance enters with
 * its ledger row, sessions and blocks meet the same unique indexes, orders the same triggers.
 */

export type Mappings = Map<string, Map<string, string>>;

/** `inArray` binds one parameter per id, and a statement takes at most 65 535: a long list goes in slices. */
async function inSlices<T>(ids: string[], run: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (let i = 0; i < ids.length; i += 10_000) found.push(...(await run(ids.slice(i, i + 10_000))));
  return found;
}

/** Every old id this source imported before: collection → old id → new id. */
export async function loadMappings(db: DbOrTx, source: ImportSource): Promise<Mappings> {
  const rows = await db
    .select({ collection: importIds.collection, oldId: importIds.oldId, newId: importIds.newId })
    .from(importIds)
    .where(eq(importIds.source, source));
  const byCollection: Mappings = new Map();
  for (const row of rows) {
    const map = byCollection.get(row.collection) ?? new Map<string, string>();
    byCollection.set(row.collection, map.set(row.oldId, row.newId));
  }
  return byCollection;
}

/**
 * Remembers old id → new id; an old id whose row was deleted here since points to the row made again. One
 * statement per couple of thousand rows, like insertAll.
 */
export async function saveMappings(
  tx: Tx,
  rows: { source: ImportSource; collection: string; oldId: string; newId: string; credits?: number | null }[],
) {
  for (let i = 0; i < rows.length; i += 2_000) {
    const json = JSON.stringify(
      rows.slice(i, i + 2_000).map((row) => ({
        source: row.source,
        collection: row.collection,
        old_id: row.oldId,
        new_id: row.newId,
        credits: row.credits ?? null,
      })),
    );
    await tx.execute(sql`
      insert into ${importIds} ("source", "collection", "old_id", "new_id", "credits")
      select "source", "collection", "old_id", "new_id", "credits" from json_populate_recordset(null::${importIds}, ${json}::json)
      on conflict ("source", "collection", "old_id")
      do update set "new_id" = excluded."new_id", "credits" = excluded."credits", "imported_at" = now()`);
  }
}

export const allCities = (db: DbOrTx) => db.select().from(cities);
export const allBranches = (db: DbOrTx) => db.select().from(branches);
export const allRooms = (db: DbOrTx) => db.select().from(rooms);
export const allProducts = (db: DbOrTx) => db.select().from(products);

/** Every account, as the import compares it (by id and by e-mail in lower case). */
export const allAccounts = (db: DbOrTx) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      isActive: users.isActive,
      credits: users.credits,
      passwordHash: users.passwordHash,
      closedAt: users.closedAt,
    })
    .from(users);

/** Each imported account's balance as the file said at the last run (by the account's id). */
export async function importedCredits(db: DbOrTx, source: ImportSource): Promise<Map<string, number>> {
  const rows = await db
    .select({ newId: importIds.newId, credits: importIds.credits })
    .from(importIds)
    .where(and(eq(importIds.source, source), isNotNull(importIds.credits)));
  return new Map(rows.map((row) => [row.newId, row.credits as number]));
}

export async function setImportedCredits(
  tx: Tx,
  key: { source: ImportSource; collection: string; newId: string },
  credits: number,
) {
  await tx
    .update(importIds)
    .set({ credits })
    .where(
      and(
        eq(importIds.source, key.source),
        eq(importIds.collection, key.collection),
        eq(importIds.newId, key.newId),
      ),
    );
}

/** The sessions that hold a room (not cancelled): what an imported session may not collide with. */
export const activeSessions = (db: DbOrTx) =>
  db
    .select({
      id: roomSessions.id,
      roomId: roomSessions.roomId,
      userId: roomSessions.userId,
      startsAt: roomSessions.startsAt,
      courtesyName: roomSessions.courtesyName,
    })
    .from(roomSessions)
    .where(isNull(roomSessions.cancelledAt));

/** The sessions earlier runs made (cancelled ones too: a cancel here stands). */
export function sessionsByIds(db: DbOrTx, ids: string[]) {
  return inSlices(ids, (slice) =>
    db
      .select({
        id: roomSessions.id,
        roomId: roomSessions.roomId,
        userId: roomSessions.userId,
        startsAt: roomSessions.startsAt,
        cancelledAt: roomSessions.cancelledAt,
      })
      .from(roomSessions)
      .where(inArray(roomSessions.id, slice)),
  );
}

export const allDayBlocks = (db: DbOrTx) =>
  db
    .select({ id: dayBlocks.id, branchId: dayBlocks.branchId, date: dayBlocks.date, hour: dayBlocks.hour })
    .from(dayBlocks);
export const allRoomBlocks = (db: DbOrTx) =>
  db.select({ id: roomBlocks.id, roomId: roomBlocks.roomId, startsAt: roomBlocks.startsAt }).from(roomBlocks);

export function ordersByIds(db: DbOrTx, ids: string[]) {
  return inSlices(ids, (slice) =>
    db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, slice)),
  );
}

export function costsByIds(db: DbOrTx, ids: string[]) {
  return inSlices(ids, (slice) => db.select().from(costs).where(inArray(costs.id, slice)));
}

export const insertCities = (tx: Tx, rows: (typeof cities.$inferInsert)[]) => insertAll(tx, cities, rows);
export const insertBranches = (tx: Tx, rows: (typeof branches.$inferInsert)[]) =>
  insertAll(tx, branches, rows);
export const insertRooms = (tx: Tx, rows: (typeof rooms.$inferInsert)[]) => insertAll(tx, rooms, rows);
export const insertProducts = (tx: Tx, rows: (typeof products.$inferInsert)[]) =>
  insertAll(tx, products, rows);
export const insertSessions = (tx: Tx, rows: (typeof roomSessions.$inferInsert)[]) =>
  insertAll(tx, roomSessions, rows);
export const insertDayBlocks = (tx: Tx, rows: (typeof dayBlocks.$inferInsert)[]) =>
  insertAll(tx, dayBlocks, rows);
export const insertRoomBlocks = (tx: Tx, rows: (typeof roomBlocks.$inferInsert)[]) =>
  insertAll(tx, roomBlocks, rows);
export const insertOrders = (tx: Tx, rows: (typeof orders.$inferInsert)[]) => insertAll(tx, orders, rows);
export const insertOrderItems = (tx: Tx, rows: (typeof orderItems.$inferInsert)[]) =>
  insertAll(tx, orderItems, rows);
export const insertCosts = (tx: Tx, rows: (typeof costs.$inferInsert)[]) => insertAll(tx, costs, rows);

/**
 * New accounts with their opening balance: each balance above 0 enters with its one `import` ledger row, in the same
 * statement batch, so Σ ledger = balance from the first minute.
 */
export async function insertAccounts(
  tx: Tx,
  rows: (typeof users.$inferInsert & { id: string; credits: number })[],
  opening: { note: string; at: Date },
) {
  await insertAll(tx, users, rows);
  await insertAll(
    tx,
    creditLedger,
    rows
      .filter((row) => row.credits > 0)
      .map((row) => ({
        id: newId(),
        userId: row.id,
        delta: row.credits,
        balanceAfter: row.credits,
        reason: 'import' as const,
        note: opening.note,
        createdAt: opening.at,
      })),
  );
  // Imported balances never expire (design §15): one open lot each, so Σ lots = balance too.
  await insertAll(
    tx,
    creditLots,
    rows
      .filter((row) => row.credits > 0)
      .map((row) => ({
        id: newId(),
        userId: row.id,
        credits: row.credits,
        remaining: row.credits,
        expiresOn: null,
        source: 'import' as const,
        createdAt: opening.at,
      })),
  );
}

export async function updateCity(tx: Tx, id: string, values: Partial<typeof cities.$inferInsert>) {
  await tx.update(cities).set(values).where(eq(cities.id, id));
}
export async function updateBranch(tx: Tx, id: string, values: Partial<typeof branches.$inferInsert>) {
  await tx.update(branches).set(values).where(eq(branches.id, id));
}
export async function updateRoom(tx: Tx, id: string, values: Partial<typeof rooms.$inferInsert>) {
  await tx.update(rooms).set(values).where(eq(rooms.id, id));
}
export async function updateProduct(tx: Tx, id: string, values: Partial<typeof products.$inferInsert>) {
  await tx.update(products).set(values).where(eq(products.id, id));
}
/** An account's own fields (never its balance: that moves through the credits service). */
export async function updateAccount(
  tx: Tx,
  id: string,
  values: Partial<Omit<typeof users.$inferInsert, 'credits' | 'id'>>,
) {
  await tx.update(users).set(values).where(eq(users.id, id));
}
export async function moveSession(
  tx: Tx,
  id: string,
  values: { roomId: string; branchId: string; cityId: string; startsAt: Date },
) {
  await tx
    .update(roomSessions)
    .set(values)
    .where(and(eq(roomSessions.id, id), isNull(roomSessions.cancelledAt)));
}
/** An order the old app cancelled after the last import: cancelled here too, when it was. */
export async function markOrderCancelled(tx: Tx, id: string, at: Date) {
  await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: at })
    .where(and(eq(orders.id, id), eq(orders.status, 'completed')));
}
export async function updateCost(tx: Tx, id: string, values: Partial<typeof costs.$inferInsert>) {
  await tx.update(costs).set(values).where(eq(costs.id, id));
}

/** Sessions of earlier runs that the old app cancelled since: the future ones are cancelled here. */
export async function cancelFutureSessions(tx: Tx, ids: string[], now: Date): Promise<string[]> {
  const rows = await inSlices(ids, (slice) =>
    tx
      .update(roomSessions)
      .set({ cancelledAt: now })
      .where(
        and(
          inArray(roomSessions.id, slice),
          isNull(roomSessions.cancelledAt),
          gt(roomSessions.startsAt, now),
        ),
      )
      .returning({ id: roomSessions.id }),
  );
  return rows.map((row) => row.id);
}

export async function deleteFutureDayBlocks(tx: Tx, ids: string[], today: string): Promise<string[]> {
  const rows = await inSlices(ids, (slice) =>
    tx
      .delete(dayBlocks)
      .where(and(inArray(dayBlocks.id, slice), gte(dayBlocks.date, today)))
      .returning({ id: dayBlocks.id }),
  );
  return rows.map((row) => row.id);
}

export async function deleteFutureRoomBlocks(tx: Tx, ids: string[], now: Date): Promise<string[]> {
  const rows = await inSlices(ids, (slice) =>
    tx
      .delete(roomBlocks)
      .where(and(inArray(roomBlocks.id, slice), gt(roomBlocks.startsAt, now)))
      .returning({ id: roomBlocks.id }),
  );
  return rows.map((row) => row.id);
}

export async function deleteCosts(tx: Tx, ids: string[]): Promise<string[]> {
  const rows = await inSlices(ids, (slice) =>
    tx.delete(costs).where(inArray(costs.id, slice)).returning({ id: costs.id }),
  );
  return rows.map((row) => row.id);
}

export async function roomHasSessionsAfter(tx: Tx, roomId: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: roomSessions.id })
    .from(roomSessions)
    .where(
      and(eq(roomSessions.roomId, roomId), isNull(roomSessions.cancelledAt), gt(roomSessions.startsAt, now)),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * One import at a time (PostgreSQL: a second waits for the first to commit): two at once would both read the same
 * last balance of a client and move it twice. Any constant will do.
 */
export async function takeImportTurn(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
}
const IMPORT_LOCK_KEY = 4_100_041;

/** How many rows each table holds: what `--dry-run` must leave as it found (the tests compare them). */
export async function tableCounts(db: DbOrTx): Promise<Record<string, number>> {
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`select
      (select count(*)::int from ${users}) as users,
      (select count(*)::int from ${creditLedger}) as credit_ledger,
      (select count(*)::int from ${cities}) as cities,
      (select count(*)::int from ${branches}) as branches,
      (select count(*)::int from ${rooms}) as rooms,
      (select count(*)::int from ${products}) as products,
      (select count(*)::int from ${roomSessions}) as room_sessions,
      (select count(*)::int from ${dayBlocks}) as day_blocks,
      (select count(*)::int from ${roomBlocks}) as room_blocks,
      (select count(*)::int from ${orders}) as orders,
      (select count(*)::int from ${orderItems}) as order_items,
      (select count(*)::int from ${costs}) as costs,
      (select count(*)::int from ${importIds}) as import_ids,
      (select count(*)::int from ${dailySales}) as daily_sales,
      (select count(*)::int from ${dailyProductSales}) as daily_product_sales,
      (select count(*)::int from ${auditLog}) as audit_log`),
  );
  return row ?? {};
}
