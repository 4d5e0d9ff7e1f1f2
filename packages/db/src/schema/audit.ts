import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { users } from './users';

/**
 * What staff changed (who, when, what, before → after), one row per action, written in the action's own
 * transaction: a change exists exactly when its audit row does. Never updated or deleted by the app.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name at the time (it stays readable if the account changes). */
    actorName: text('actor_name').notNull(),
    /** What was done, e.g. `user.role`, `product.update`, `block.create`, `order.cancel`. */
    action: text('action').notNull(),
    /** The kind of record and its id. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** How a person names the record (a client's name, "Sala 3 · Centro", a date and hour). */
    label: text('label').notNull(),
    /** Only the fields the action changed: their values before and after (null when created or removed). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    // The log's search (issue 46): who acted, what was changed or its id, each a trigram index (one BitmapOr).
    index('audit_log_actor_name_trgm_idx').using('gin', sql`${t.actorName} gin_trgm_ops`),
    index('audit_log_label_trgm_idx').using('gin', sql`${t.label} gin_trgm_ops`),
    index('audit_log_entity_id_trgm_idx').using('gin', sql`${t.entityId} gin_trgm_ops`),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);
