import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Where imported records come from (issue 41): the old app's Firestore export, or a spreadsheet of clients. */
export const importSources = ['firebase', 'csv'] as const;
export type ImportSource = (typeof importSources)[number];

/**
 * Every imported record's old id and the row it became (docs/decisions/029): references of the export resolve
 * through it, and a second run finds what it made before, so it updates instead of duplicating. A spreadsheet's
 * old id is the client's e-mail in lower case.
 */
export const importIds = pgTable(
  'import_ids',
  {
    source: text('source', { enum: importSources }).notNull(),
    /** The export's collection (users, cities, branches, machines, products, sessions, orders, costs, …). */
    collection: text('collection').notNull(),
    oldId: text('old_id').notNull(),
    newId: uuid('new_id').notNull(),
    /**
     * An account's balance as the file said at the last run: a later run moves the balance by what the file's
     * changed since (an `import` ledger row), and never undoes what the client did here in between.
     */
    credits: integer('credits'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'import_ids_pkey', columns: [t.source, t.collection, t.oldId] }),
    index('import_ids_new_id_idx').on(t.newId),
    check('import_ids_source_valid', sql`${t.source} in ('firebase', 'csv')`),
  ],
);
