import { DEFAULT_SESSION_COST, DEFAULT_STANDING_WEEKS_MAX } from '@sala/shared/locations/branches.contract';
import type { WeeklySchedule } from '@sala/shared/locations/schedule';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

export const cities = pgTable(
  'cities',
  {
    id: id(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cities_name_idx').on(t.name),
    // Two zones with the same name (in any case) would be indistinguishable in every select.
    uniqueIndex('cities_name_lower_key').on(sql`lower(${t.name})`),
  ],
);

export const branches = pgTable(
  'branches',
  {
    id: id(),
    name: text('name').notNull(),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    sessionCost: integer('session_cost').notNull().default(DEFAULT_SESSION_COST),
    /** How many weeks a standing slot may hold (docs/decisions/019); 0 offers none. */
    standingWeeksMax: smallint('standing_weeks_max').notNull().default(DEFAULT_STANDING_WEEKS_MAX),
    schedule: jsonb('schedule').$type<WeeklySchedule>().notNull(),
    // What the public site shows of a branch (issue 14). Existing rows start blank; staff fill them in Consultorios.
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    whatsapp: text('whatsapp'),
    mapUrl: text('map_url'),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('branches_city_idx').on(t.cityId),
    // The target of the composite foreign keys that keep a room's, session's and block's zone equal to its branch's.
    unique('branches_id_city_key').on(t.id, t.cityId),
    uniqueIndex('branches_city_name_lower_key').on(t.cityId, sql`lower(${t.name})`),
    check('branches_session_cost_positive', sql`${t.sessionCost} >= 1`),
    check('branches_standing_weeks_range', sql`${t.standingWeeksMax} between 0 and 52`),
  ],
);

export const rooms = pgTable(
  'rooms',
  {
    id: id(),
    name: text('name').notNull(),
    // Both checked by the composite key below: the branch exists, in this zone.
    cityId: uuid('city_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    position: smallint('position').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('rooms_branch_position_key').on(t.branchId, t.position),
    // A branch that moves to another zone takes its rooms with it (ON UPDATE CASCADE).
    foreignKey({
      name: 'rooms_branch_city_fk',
      columns: [t.branchId, t.cityId],
      foreignColumns: [branches.id, branches.cityId],
    })
      .onUpdate('cascade')
      .onDelete('restrict'),
    // The target of room_blocks' key: a block follows its room to another branch or zone.
    unique('rooms_id_branch_city_key').on(t.id, t.branchId, t.cityId),
    check('rooms_position_range', sql`${t.position} between 1 and 10`),
  ],
);
