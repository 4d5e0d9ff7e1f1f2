import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { createBranch, createRoom } from './factories/factories';
import { openScratchDatabase } from './scratch';
import { type AutovacuumSettings, type TableActivity, upkeepDue, upkeepOnce } from './vacuum';

/** PostgreSQL's defaults (18), as the embedded engine reports them. */
const DEFAULTS: AutovacuumSettings = {
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  vacuumMaxThreshold: 100_000_000,
  vacuumInsertThreshold: 1000,
  vacuumInsertScaleFactor: 0.2,
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
  freezeMaxAge: 200_000_000,
  multixactFreezeMaxAge: 400_000_000,
};
const quiet: TableActivity = {
  table: 'public.t',
  dead: 0,
  inserted: 0,
  changed: 0,
  tuples: 1000,
  xidAge: 1000,
  multixactAge: 0,
  isStatistics: false,
};

/** What `upkeepDue` answers for the test's table. */
const due = (vacuum: boolean, analyze: boolean) => ({ table: 'public.t', vacuum, analyze });

describe('upkeepDue (autovacuum’s rule)', () => {
  it('vacuums past the threshold plus a fifth of the table, not at it', () => {
    // 50 + 0.2 × 1000 = 250 dead rows.
    expect(upkeepDue({ ...quiet, dead: 250 }, DEFAULTS)).toBeNull();
    expect(upkeepDue({ ...quiet, dead: 251 }, DEFAULTS)).toEqual(due(true, false));
  });

  it('analyzes past the threshold plus a tenth of the table', () => {
    expect(upkeepDue({ ...quiet, changed: 150 }, DEFAULTS)).toBeNull();
    expect(upkeepDue({ ...quiet, changed: 151 }, DEFAULTS)).toEqual(due(false, true));
  });

  it('vacuums a table that only grew (its visibility map), past the insert threshold', () => {
    expect(upkeepDue({ ...quiet, inserted: 1200 }, DEFAULTS)).toBeNull();
    expect(upkeepDue({ ...quiet, inserted: 1201 }, DEFAULTS)?.vacuum).toBe(true);
    expect(upkeepDue({ ...quiet, inserted: 5000 }, { ...DEFAULTS, vacuumInsertThreshold: -1 })).toBeNull();
  });

  it('takes a table never counted (reltuples below 0) as empty: 51 changed rows are enough', () => {
    const fresh = { ...quiet, tuples: -1 };
    expect(upkeepDue({ ...fresh, changed: 50, dead: 50 }, DEFAULTS)).toBeNull();
    expect(upkeepDue({ ...fresh, changed: 51, dead: 51 }, DEFAULTS)).toEqual(due(true, true));
  });

  it('vacuums a table that changed nothing once its rows are older than the freeze ages (wraparound)', () => {
    expect(upkeepDue({ ...quiet, xidAge: 200_000_000 }, DEFAULTS)).toBeNull();
    expect(upkeepDue({ ...quiet, xidAge: 200_000_001 }, DEFAULTS)).toEqual(due(true, false));
    expect(upkeepDue({ ...quiet, multixactAge: 400_000_001 }, DEFAULTS)?.vacuum).toBe(true);
  });

  it('never analyzes pg_statistic (as autovacuum), but vacuums it', () => {
    const statistics = { ...quiet, table: 'pg_catalog.pg_statistic', isStatistics: true };
    expect(upkeepDue({ ...statistics, changed: 10_000 }, DEFAULTS)).toBeNull();
    expect(upkeepDue({ ...statistics, changed: 10_000, dead: 10_000 }, DEFAULTS)).toEqual({
      table: 'pg_catalog.pg_statistic',
      vacuum: true,
      analyze: false,
    });
  });

  it('caps the dead rows a huge table waits for (PostgreSQL 18), unless the cap is off', () => {
    const huge = { ...quiet, tuples: 10_000_000, dead: 200_001 };
    expect(upkeepDue(huge, { ...DEFAULTS, vacuumMaxThreshold: 200_000 })?.vacuum).toBe(true);
    expect(upkeepDue(huge, { ...DEFAULTS, vacuumMaxThreshold: -1 })).toBeNull();
    expect(upkeepDue(huge, { ...DEFAULTS, vacuumMaxThreshold: null })).toBeNull();
  });
});

describe('upkeepOnce on the embedded engine', () => {
  let database: DatabaseHandle;
  const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const counted = async () =>
    (
      await rows<{ tuples: number; dead: number; analyzed: boolean; vacuumed: boolean }>(sql`
        select c.reltuples::int as tuples, s.n_dead_tup::int as dead, s.last_analyze is not null as analyzed,
          s.last_vacuum is not null as vacuumed
        from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'room_sessions'`)
    )[0]!;
  /**
   * The plan PostgreSQL keeps for a named statement after its first runs (how the app runs what it repeats): is a
   * room taken at an hour (the booking's check, apps/api availability.repository `slotQuery`)?
   */
  const slotPlan = async () => {
    const run = (query: SQL) => database.db.execute(query);
    await run(sql`set plan_cache_mode = force_generic_plan`);
    try {
      await run(
        sql.raw(`prepare slot_taken (uuid, timestamptz) as select 1 from room_sessions
          where room_id = $1 and starts_at = $2 and cancelled_at is null`),
      );
      try {
        const plan = await rows<{ 'QUERY PLAN': string }>(
          sql`explain (costs off) execute slot_taken (gen_random_uuid(), now())`,
        );
        return plan[0]!['QUERY PLAN'];
      } finally {
        await run(sql`deallocate slot_taken`);
      }
    } finally {
      await run(sql`reset plan_cache_mode`);
    }
  };

  beforeAll(async () => {
    database = await openScratchDatabase('pglite');
    // A new clinic (5 branches of 10 rooms): its tables counted while empty, then every room booked for 100 hours.
    const first = await createBranch(database.db);
    for (let b = 0; b < 5; b++) {
      const branch = b === 0 ? first : await createBranch(database.db, { cityId: first.cityId });
      for (let position = 1; position <= 10; position++)
        await createRoom(database.db, { branchId: branch.id, cityId: branch.cityId, position });
    }
    await database.db.execute(sql`analyze`);
    await database.db.execute(sql`
      insert into room_sessions (id, room_id, branch_id, city_id, starts_at, is_courtesy, courtesy_name)
      select gen_random_uuid(), r.id, r.branch_id, r.city_id,
        timestamptz '2030-01-07 15:00Z' + make_interval(hours => h), true, 'Visita'
      from rooms r, generate_series(0, 99) h`);
  });
  afterAll(() => database.close());

  it('analyzes and vacuums a table that grew since it was counted, then leaves it until it changes again', async () => {
    expect(await counted()).toMatchObject({ tuples: 0 });
    // Counted empty, the planner finds a room's hour through the index of every room at that hour.
    expect(await slotPlan()).toContain('room_sessions_active_starts_at_idx');
    const done = await upkeepOnce(database.db);
    expect(done).toContainEqual({ table: 'public.room_sessions', vacuum: true, analyze: true });
    expect(await counted()).toEqual({ tuples: 5000, dead: 0, analyzed: true, vacuumed: true });
    // Counted again: the room's own unique index, one row.
    expect(await slotPlan()).toContain('room_sessions_room_starts_at_active_key');
    expect((await upkeepOnce(database.db)).map(({ table }) => table)).not.toContain('public.room_sessions');
  });

  it('leaves a session’s temporary tables alone (as autovacuum), and stops between tables when told', async () => {
    await database.db.execute(sql`create temporary table scratch_rows (n int)`);
    await database.db.execute(sql`insert into scratch_rows select generate_series(1, 2000)`);
    await database.db.execute(sql`delete from scratch_rows`);
    // 1 200 rows rewritten: past 50 + a fifth of 5 000.
    await database.db.execute(
      sql`update room_sessions set courtesy_name = 'Visita de nuevo' where starts_at < timestamptz '2030-01-08 15:00Z'`,
    );
    expect(await upkeepOnce(database.db, { goOn: () => false })).toEqual([]);
    const done = await upkeepOnce(database.db);
    expect(done.map(({ table }) => table)).toContain('public.room_sessions');
    expect(done.filter(({ table }) => table.startsWith('pg_temp'))).toEqual([]);
  });

  it('vacuums away the versions left by updates', async () => {
    await database.db.execute(
      sql`update room_sessions set cancelled_at = now() where starts_at < timestamptz '2030-01-08 21:00Z'`,
    );
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    expect((await counted()).dead).toBe(1500);
    const done = await upkeepOnce(database.db);
    expect(done).toContainEqual({ table: 'public.room_sessions', vacuum: true, analyze: true });
    expect((await counted()).dead).toBe(0);
  });
});
