import type { DbOrTx } from '@sala/db/client';
import type { TAuditAction, TAuditEntry, TAuditQuery } from '@sala/shared/audit/audit.contract';
import type { TPage } from '@sala/shared/table/table.contract';
import { dayRange } from '@sala/shared/time/business-time';
import type { ActingContext } from '../../context';
import { toPage } from '../../lib/paging';
import { insertAuditRows, listAuditRows, suppressPersonInLog } from './audit.repository';

/** A value as the log keeps it: text, a number, a yes/no or nothing (dates as ISO text). */
export type AuditValue = string | number | boolean | null;
export type AuditFields = Record<string, AuditValue>;

/** One staff action on one record: what it was called, and its fields before and after. */
export type AuditChange = {
  action: TAuditAction;
  entity: string;
  entityId: string;
  /** How a person names the record: a client's name, "Sala 3 · Centro", a date and hour. */
  label: string;
  /** Null when the action created the record. */
  before: AuditFields | null;
  /** Null when the action removed it. */
  after: AuditFields | null;
};

/**
 * Only what changed: the fields whose values differ, each side with its own value. An edit that changed nothing
 * is null (nothing to record); a creation or a removal keeps its one side whole.
 */
export function changedFields(
  before: AuditFields | null,
  after: AuditFields | null,
): { before: AuditFields | null; after: AuditFields | null } | null {
  if (!before || !after) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => before[key] !== after[key],
  );
  if (keys.length === 0) return null;
  const pick = (fields: AuditFields) => Object.fromEntries(keys.map((key) => [key, fields[key] ?? null]));
  return { before: pick(before), after: pick(after) };
}

/**
 * Writes the actions to the log in the caller's transaction (issue 20): the log has a row exactly when the change
 * committed. Edits that changed nothing leave no row.
 */
export async function recordAudit(
  tx: DbOrTx,
  /** Who acted; a job acting for someone (the PAC's answer to a request) names itself, with that person's id. */
  who: { actor: { id: string | null; name: string }; now: Date },
  changes: AuditChange[],
): Promise<void> {
  const rows = changes.flatMap((change) => {
    const diff = changedFields(change.before, change.after);
    if (!diff) return [];
    return [
      {
        at: who.now,
        actorId: who.actor.id,
        actorName: who.actor.name,
        action: change.action,
        entity: change.entity,
        entityId: change.entityId,
        label: change.label,
        before: diff.before,
        after: diff.after,
      },
    ];
  });
  await insertAuditRows(tx, rows);
}

/** GET /api/audit (super admin): the log, newest first, searched and filtered by action and Mexico City dates. */
export async function listAuditPage({ db }: ActingContext, query: TAuditQuery): Promise<TPage<TAuditEntry>> {
  const rows = await listAuditRows(db, {
    ...query,
    fromInstant: query.from ? dayRange(query.from).from : undefined,
    toInstant: query.to ? dayRange(query.to).to : undefined,
  });
  return toPage(rows, query, (row) => ({
    ...row,
    at: row.at.toISOString(),
    action: row.action as TAuditAction,
    before: (row.before as AuditFields | null) ?? null,
    after: (row.after as AuditFields | null) ?? null,
  }));
}

/** For the privacy module: a suppressed account's personal fields leave the log (what was done stays). */
export async function forgetPersonInLog(tx: DbOrTx, userId: string) {
  await suppressPersonInLog(tx, userId, 'Cuenta eliminada');
}
