import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { branches, cities, rooms } from './locations';
import { users } from './users';

/** A whole day (hour null) or one hour blocked for a whole branch. */
export const dayBlocks = pgTable(
  'day_blocks',
  {
    id: id(),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    hour: text('hour'),
    isHourBlocked: boolean('is_hour_blocked').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('day_blocks_branch_date_hour_key').on(t.branchId, t.date, t.hour).nullsNotDistinct(),
    index('day_blocks_date_idx').on(t.date),
    check('day_blocks_hour_format', sql`${t.hour} is null or ${t.hour} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('day_blocks_kind_consistent', sql`${t.isHourBlocked} = (${t.hour} is not null)`),
  ],
);

/** One room blocked for one hourly slot. */
export const roomBlocks = pgTable(
  'room_blocks',
  {
    id: id(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('room_blocks_room_starts_at_key').on(t.roomId, t.startsAt),
    index('room_blocks_branch_starts_at_idx').on(t.branchId, t.startsAt),
  ],
);
