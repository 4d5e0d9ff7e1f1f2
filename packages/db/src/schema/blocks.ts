import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { branches, rooms } from './locations';
import { users } from './users';

/** A whole day (hour null) or one hour blocked for a whole branch. */
export const dayBlocks = pgTable(
  'day_blocks',
  {
    id: id(),
    // Both checked by the composite key below: the branch exists, in this zone.
    cityId: uuid('city_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    hour: text('hour'),
    isHourBlocked: boolean('is_hour_blocked').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('day_blocks_branch_date_hour_key').on(t.branchId, t.date, t.hour).nullsNotDistinct(),
    foreignKey({
      name: 'day_blocks_branch_city_fk',
      columns: [t.branchId, t.cityId],
      foreignColumns: [branches.id, branches.cityId],
    })
      .onUpdate('cascade')
      .onDelete('cascade'),
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
    // The room, its branch and zone, checked together by the composite key below.
    roomId: uuid('room_id').notNull(),
    cityId: uuid('city_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('room_blocks_room_starts_at_key').on(t.roomId, t.startsAt),
    // A block carries its room's branch and zone (and so its branch's zone: rooms_branch_city_fk), and follows the
    // room when it moves; it goes with the room.
    foreignKey({
      name: 'room_blocks_room_branch_city_fk',
      columns: [t.roomId, t.branchId, t.cityId],
      foreignColumns: [rooms.id, rooms.branchId, rooms.cityId],
    })
      .onUpdate('cascade')
      .onDelete('cascade'),
    index('room_blocks_branch_starts_at_idx').on(t.branchId, t.startsAt),
  ],
);
