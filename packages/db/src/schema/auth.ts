import { sql } from 'drizzle-orm';
import {
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
import { createdAt, id } from './columns';
import { users } from './users';

/** Server-side login sessions; the cookie holds a random token, the table only its SHA-256. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** How /perfil names a login to end it (issue 45): never the token's hash. */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.userId),
    index('auth_sessions_expires_idx').on(t.expiresAt),
    uniqueIndex('auth_sessions_id_key').on(t.id),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Failed-login counters by scope (an account from one address, an account, an address, a trusted device),
 * shared by every API process. A key is locked until `locked_until` once its failures pass the scope's free
 * allowance; each further failure doubles the wait (docs/decisions/006).
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    index('login_throttles_last_failure_idx').on(t.lastFailureAt),
    check('login_throttles_failures_non_negative', sql`${t.failures} >= 0`),
  ],
);

/**
 * Browsers where a user has logged in before (OWASP's device cookies): attempts carrying one are counted on
 * their own, so an attacker elsewhere cannot lock the owner out. The cookie holds a random token; only its
 * SHA-256 is stored.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Issue 45: the second factor was given here with "Confiar en este navegador": no code asked until then. */
    secondFactorUntil: timestamp('second_factor_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('trusted_devices_user_idx').on(t.userId),
    index('trusted_devices_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Issue 45: a login whose password was right and that waits for the second factor. The browser holds a random
 * token in a cookie (only its SHA-256 here); the code finishes the login within minutes, once.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_expires_idx').on(t.expiresAt)],
);

/** Issue 45: the ten single-use recovery codes of a second factor, stored as SHA-256 (shown once, never again). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);
