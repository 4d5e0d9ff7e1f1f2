import type { DbOrTx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import { auditLog } from '@sala/db/schema/audit';
import type { TAuditQuery } from '@sala/shared/audit/audit.contract';
import { and, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, totalCount } from '../../lib/paging';

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRows(db: DbOrTx, rows: AuditRow[]) {
  if (rows.length === 0) return;
  await db.insert(auditLog).values(rows.map((row) => ({ id: newId(), ...row })));
}

/** A page of the log: newest first by default; q matches who acted, what was changed, or the action's key. */
export function listAuditRows(db: DbOrTx, query: TAuditQuery & { fromInstant?: Date; toInstant?: Date }) {
  const pattern = query.q ? containsPattern(query.q) : undefined;
  return db
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
      total: totalCount(),
    })
    .from(auditLog)
    .where(
      and(
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
      ),
    )
    .orderBy(orderBy(auditLog.at, query.dir), auditLog.id)
    .limit(query.pageSize)
    .offset(offsetOf(query.page, query.pageSize));
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
