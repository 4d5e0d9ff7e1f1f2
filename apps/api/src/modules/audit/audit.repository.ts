import type { DbOrTx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import { auditLog } from '@sala/db/schema/audit';
import type { TAuditQuery } from '@sala/shared/audit/audit.contract';
import { and, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, rowCount, withTotal } from '../../lib/paging';

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRows(db: DbOrTx, rows: AuditRow[]) {
  if (rows.length === 0) return;
  await db.insert(auditLog).values(rows.map((row) => ({ id: newId(), ...row })));
}

/** A page of the log: newest first by default; q matches who acted, what was changed, or the action's key. */
export function listAuditRows(db: DbOrTx, query: TAuditQuery & { fromInstant?: Date; toInstant?: Date }) {
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const where = and(
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.fromInstant ? gte(auditLog.at, query.fromInstant) : undefined,
    query.toInstant ? lt(auditLog.at, query.toInstant) : undefined,
    pattern
      ? or(
          ilike(auditLog.actorName, pattern),
          ilike(auditLog.label, pattern),
          ilike(auditLog.entityId, pattern),
        )
      : undefined,
  );
  const ordering = [orderBy(auditLog.at, query.dir), orderBy(auditLog.id, query.dir)];
  return withTotal(
    db,
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorName: auditLog.actorName,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        label: auditLog.label,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      // The page's ids first, an index walk on (at, id) that reads no row however deep the page (issue 46).
      .where(
        inArray(
          auditLog.id,
          db
            .select({ id: auditLog.id })
            .from(auditLog)
            .where(where)
            .orderBy(...ordering)
            .limit(query.pageSize)
            .offset(offsetOf(query.page, query.pageSize)),
        ),
      )
      .orderBy(...ordering),
    db.select({ total: rowCount() }).from(auditLog).where(where),
  );
}

/**
 * Suppression of a closed account (docs/decisions/018): the log keeps what was done and by whom, but the person's
 * name, e-mail and phone in the rows about their account give way to a placeholder. The one update the log ever
 * gets.
 */
export function suppressPersonInLog(db: DbOrTx, userId: string, placeholder: string) {
  const scrub = (column: typeof auditLog.before | typeof auditLog.after) =>
    sql`case when ${column} is null then null else ${column}
      || (select coalesce(jsonb_object_agg(key, ${placeholder}::text), '{}'::jsonb)
          from jsonb_object_keys(${column}) as key where key in ('name', 'email', 'phone')) end`;
  return db
    .update(auditLog)
    .set({ label: placeholder, before: scrub(auditLog.before), after: scrub(auditLog.after) })
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, userId)));
}
