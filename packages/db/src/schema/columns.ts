import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from '../ids';

/** Time-ordered UUIDs keep primary-key indexes compact and roughly insertion-ordered. */
export const id = () => uuid('id').primaryKey().$defaultFn(newId);

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
