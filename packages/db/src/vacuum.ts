import { sql } from 'drizzle-orm';
import type { Db } from './client';

// Decision 044. PostgreSQL's autovacuum is a background process of the server: it vacuums a table whose dead rows
// pile up and analyzes one whose rows changed, so the planner's picture of each table follows the data. PGlite is
// PostgreSQL inside this process, in single-user mode: it has no such process, and without one no table of the
// embedded database is ever vacuumed or analyzed. A table that was empty when last analyzed (every table of a new
// clinic) keeps the plans chosen for an empty table, and the rows rewritten at every booking (a balance, a day's
// rollup) leave their old versions in the indexes for every later look-up to step over. Here the API process does
// what autovacuum would: it reads the same statistics, decides with the same formulas and the engine's own settings,
// and vacuums or analyzes each table that is due, one table per turn at the engine.

/** What the engine counted for a table since it was last vacuumed and analyzed (pg_stat_user_tables). */
export type TableActivity = {
  /** Schema-qualified, quoted as an identifier by the engine. */
  table: string;
  /** Rows deleted or replaced and not yet vacuumed away. */
  dead: number;
  /** Rows inserted since the last vacuum. */
  inserted: number;
  /** Rows inserted, updated or deleted since the last analyze. */
  changed: number;
  /** The rows the planner believes the table has (pg_class.reltuples; 0 when never counted). */
  tuples: number;
};

/** The engine's autovacuum settings (PostgreSQL's names without the `autovacuum_` prefix). */
export type AutovacuumSettings = {
  vacuumThreshold: number;
  vacuumScaleFactor: number;
  /** PostgreSQL 18's cap on the dead rows that trigger a vacuum; null (or below 0) when there is none. */
  vacuumMaxThreshold: number | null;
  /** Below 0: inserts alone never trigger a vacuum. */
  vacuumInsertThreshold: number;
  vacuumInsertScaleFactor: number;
  analyzeThreshold: number;
  analyzeScaleFactor: number;
};

export type Upkeep = { table: string; vacuum: boolean; analyze: boolean };

/**
 * Whether a table is due for a vacuum, an analyze or both, by autovacuum's own rule (`relation_needs_vacanalyze` in
 * PostgreSQL's autovacuum.c): more dead rows than the threshold plus its share of the table, more rows inserted
 * than the insert threshold plus its share, or more rows changed than the analyze threshold plus its share.
 */
export function upkeepDue(activity: TableActivity, settings: AutovacuumSettings): Upkeep | null {
  const tuples = Math.max(activity.tuples, 0);
  let vacuumAt = settings.vacuumThreshold + settings.vacuumScaleFactor * tuples;
  if (settings.vacuumMaxThreshold !== null && settings.vacuumMaxThreshold >= 0)
    vacuumAt = Math.min(vacuumAt, settings.vacuumMaxThreshold);
  const insertAt = settings.vacuumInsertThreshold + settings.vacuumInsertScaleFactor * tuples;
  const analyzeAt = settings.analyzeThreshold + settings.analyzeScaleFactor * tuples;
  const vacuum =
    activity.dead > vacuumAt || (settings.vacuumInsertThreshold >= 0 && activity.inserted > insertAt);
  const analyze = activity.changed > analyzeAt;
  return vacuum || analyze ? { table: activity.table, vacuum, analyze } : null;
}

const setting = (name: string) => sql.raw(`current_setting('autovacuum_${name}', true)::float8`);

/**
 * One round of upkeep: reads what the engine counted and vacuums or analyzes every table due, each in a statement
 * of its own (on PGlite, a turn of its own: the requests waiting for the engine go between two tables). Answers what
 * it did.
 */
export async function upkeepOnce(db: Db): Promise<Upkeep[]> {
  // The counts of the engine's own statements reach the statistics when it next reports them: now.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await db.execute(sql`
    select format('%I.%I', s."schemaname", s."relname") as "table", s."n_dead_tup"::float8 as "dead",
      s."n_ins_since_vacuum"::float8 as "inserted", s."n_mod_since_analyze"::float8 as "changed",
      greatest(c."reltuples", 0)::float8 as "tuples",
      ${setting('vacuum_threshold')} as "vacuumThreshold", ${setting('vacuum_scale_factor')} as "vacuumScaleFactor",
      ${setting('vacuum_max_threshold')} as "vacuumMaxThreshold",
      ${setting('vacuum_insert_threshold')} as "vacuumInsertThreshold",
      ${setting('vacuum_insert_scale_factor')} as "vacuumInsertScaleFactor",
      ${setting('analyze_threshold')} as "analyzeThreshold", ${setting('analyze_scale_factor')} as "analyzeScaleFactor"
    from pg_stat_user_tables s join pg_class c on c."oid" = s."relid"
    order by s."n_dead_tup" desc, s."relname"`)) as unknown as {
    rows: (TableActivity & AutovacuumSettings)[];
  };
  const due = rows.flatMap((row) => upkeepDue(row, row) ?? []);
  for (const { table, vacuum, analyze } of due) {
    // `table` is the engine's own quoting of a name from its catalog.
    const name = sql.raw(table);
    await db.execute(
      vacuum ? sql`vacuum ${sql.raw(analyze ? '(analyze) ' : '')}${name}` : sql`analyze ${name}`,
    );
  }
  return due;
}
