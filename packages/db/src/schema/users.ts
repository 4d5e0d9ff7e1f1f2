import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { branches } from './locations';

export const userRoles = ['user', 'admin', 'superadmin'] as const;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    credits: integer('credits').notNull().default(0),
    role: text('role', { enum: userRoles }).notNull().default('user'),
    isActive: boolean('is_active').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    /** The 24-hour reminders are a voluntary purpose (docs/business-rules.md D§11): the client may turn them off. */
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    /** Closed by its owner (or for them): blocked at once, no login, out of staff lists and pickers. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Its personal fields suppressed, once the retention period after closing ended. */
    suppressedAt: timestamp('suppressed_at', { withTimezone: true }),
    /**
     * Issue 45: the second factor (TOTP, RFC 6238). The secret in force (base32), one being set up until its first
     * code confirms it, when it was turned on, and the last 30-second step a code was accepted for (a code is
     * taken once: a reused code of the same step is refused).
     */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Issue 45: a staff account's home branch (where its screens start), and whether it works only there. */
    homeBranchId: uuid('home_branch_id').references((): AnyPgColumn => branches.id, { onDelete: 'set null' }),
    branchOnly: boolean('branch_only').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // One index per sortable column of the users table (id breaks ties), so any page is an index scan.
    index('users_name_idx').on(t.name, t.id),
    index('users_email_idx').on(t.email, t.id),
    index('users_phone_idx').on(t.phone, t.id),
    index('users_role_idx').on(t.role, t.id),
    index('users_credits_idx').on(t.credits, t.id),
    index('users_is_active_idx').on(t.isActive, t.id),
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${t.name} || ' ' || ${t.email} || ' ' || ${t.phone}) gin_trgm_ops`,
    ),
    // The retention poller's query: closed accounts not yet suppressed.
    index('users_closed_idx')
      .on(t.closedAt)
      .where(sql`${t.closedAt} is not null and ${t.suppressedAt} is null`),
    check('users_credits_non_negative', sql`${t.credits} >= 0`),
    check('users_role_valid', sql`${t.role} in ('user', 'admin', 'superadmin')`),
    check('users_totp_enabled_has_secret', sql`(${t.totpEnabledAt} is null) = (${t.totpSecret} is null)`),
  ],
);
