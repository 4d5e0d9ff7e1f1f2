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
  /** Transactions since its rows were last frozen (`age(relfrozenxid)`), and multixacts (`mxid_age(relminmxid)`). */
  xidAge: number;
  multixactAge: number;
  /** pg_statistic, which autovacuum vacuums but never analyzes. */
  isStatistics: boolean;
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
  /** A table older than this (in transactions, or in multixacts) is vacuumed whatever else it counts. */
  freezeMaxAge: number;
  multixactFreezeMaxAge: number;
};

export type Upkeep = { table: string; vacuum: boolean; analyze: boolean };

/**
 * Whether a table is due for a vacuum, an analyze or both, by autovacuum's own rule (`relation_needs_vacanalyze` in
 * PostgreSQL's autovacuum.c): rows not frozen for longer than the freeze ages (the vacuum that keeps transaction ids
 * from wrapping around), more dead rows than the threshold plus its share of the table, more rows inserted than the
 * insert threshold plus its share, or more rows changed than the analyze threshold plus its share.
 */
export function upkeepDue(activity: TableActivity, settings: AutovacuumSettings): Upkeep | null {
  const tuples = Math.max(activity.tuples, 0);
  let vacuumAt = settings.vacuumThreshold + settings.vacuumScaleFactor * tuples;
  if (settings.vacuumMaxThreshold !== null && settings.vacuumMaxThreshold >= 0)
    vacuumAt = Math.min(vacuumAt, settings.vacuumMaxThreshold);
  const insertAt = settings.vacuumInsertThreshold + settings.vacuumInsertScaleFactor * tuples;
  const analyzeAt = settings.analyzeThreshold + settings.analyzeScaleFactor * tuples;
  const wraparound =
    activity.xidAge > settings.freezeMaxAge || activity.multixactAge > settings.multixactFreezeMaxAge;
  const vacuum =
    wraparound ||
    activity.dead > vacuumAt ||
    (settings.vacuumInsertThreshold >= 0 && activity.inserted > insertAt);
  const analyze = !activity.isStatistics && activity.changed > analyzeAt;
  return vacuum || analyze ? { table: activity.table, vacuum, analyze } : null;
}

const setting = (name: string) => sql.raw(`current_setting('autovacuum_${name}', true)::float8`);

export type UpkeepOptions = {
  /** Asked before each table: false stops the round there (the process is stopping). */
  goOn?: () => boolean;
  /** A table that failed; the round goes on with the next one, and the table is due again next round. */
  onTableError?: (table: string, error: unknown) => void;
};

/**
 * One round of upkeep: reads what the engine counted and vacuums or analyzes every table due, each in a statement
 * of its own (on PGlite, a turn of its own: the requests waiting for the engine go between two tables). The
 * tables are those autovacuum looks at: the app's and the system catalogs; not the temporary tables of a session
 * (autovacuum cannot reach them on a server, and here they are emptied at every commit), nor TOAST tables on their
 * own (each is vacuumed with its table). Answers what it did.
 */
export async function upkeepOnce(db: Db, options: UpkeepOptions = {}): Promise<Upkeep[]> {
  // The counts of the engine's own statements reach the statistics when it next reports them: now.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await db.execute(sql`
    select format('%I.%I', s."schemaname", s."relname") as "table", s."n_dead_tup"::float8 as "dead",
      s."n_ins_since_vacuum"::float8 as "inserted", s."n_mod_since_analyze"::float8 as "changed",
      greatest(c."reltuples", 0)::float8 as "tuples", age(c."relfrozenxid")::float8 as "xidAge",
      mxid_age(c."relminmxid")::float8 as "multixactAge", c."oid" = 'pg_catalog.pg_statistic'::regclass as "isStatistics",
      ${setting('vacuum_threshold')} as "vacuumThreshold", ${setting('vacuum_scale_factor')} as "vacuumScaleFactor",
      ${setting('vacuum_max_threshold')} as "vacuumMaxThreshold",
      ${setting('vacuum_insert_threshold')} as "vacuumInsertThreshold",
      ${setting('vacuum_insert_scale_factor')} as "vacuumInsertScaleFactor",
      ${setting('analyze_threshold')} as "analyzeThreshold", ${setting('analyze_scale_factor')} as "analyzeScaleFactor",
      ${setting('freeze_max_age')} as "freezeMaxAge",
      ${setting('multixact_freeze_max_age')} as "multixactFreezeMaxAge"
    from pg_stat_all_tables s join pg_class c on c."oid" = s."relid"
    where c."relkind" in ('r', 'm') and c."relpersistence" <> 't' and s."schemaname" <> 'pg_toast'
    order by s."n_dead_tup" desc, s."relname"`)) as unknown as {
    rows: (TableActivity & AutovacuumSettings)[];
  };
  const due = rows.flatMap((row) => upkeepDue(row, row) ?? []);
  const done: Upkeep[] = [];
  for (const upkeep of due) {
    if (options.goOn && !options.goOn()) break;
    // `table` is the engine's own quoting of a name from its catalog.
    const name = sql.raw(upkeep.table);
    try {
      await db.execute(
        upkeep.vacuum
          ? sql`vacuum ${sql.raw(upkeep.analyze ? '(analyze) ' : '')}${name}`
          : sql`analyze ${name}`,
      );
      done.push(upkeep);
    } catch (error) {
      options.onTableError?.(upkeep.table, error);
    }
  }
  return done;
}
