import type { WeeklySchedule } from '@sala/shared/locations/schedule';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
    sessionCost: integer('session_cost').notNull().default(1),
    schedule: jsonb('schedule').$type<WeeklySchedule>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('branches_city_idx').on(t.cityId),
    uniqueIndex('branches_city_name_lower_key').on(t.cityId, sql`lower(${t.name})`),
    check('branches_session_cost_positive', sql`${t.sessionCost} >= 1`),
  ],
);

export const rooms = pgTable(
  'rooms',
  {
    id: id(),
    name: text('name').notNull(),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('rooms_branch_position_key').on(t.branchId, t.position),
    check('rooms_position_range', sql`${t.position} between 1 and 10`),
  ],
);
